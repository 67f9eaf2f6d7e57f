import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { currentUserView } from '../../machines/app.machine';
import { selectRequestCount } from '../../machines/people/connection-requests.machine';
import { selectUnreadTotal } from '../../machines/chat/conversations.machine';
import { selectUnreadCount } from '../../machines/session/notifications.machine';
import type { UserView } from '../../machines/views';
import { AppActor } from '../appContext';
import { CountBadge } from './CountBadge';
import { words } from '../i18n/i18n';
import { NAV } from '../i18n/en/nav';
import { chartOf } from '../../machines/lazy-charts';
import { followHeight, NAV_SPACE_ID, ownStyle } from './ui';

type Section = 'events' | 'people' | 'chats' | 'alerts' | 'me';

/**
 * Keeps the page's bottom scroll padding and the room under its last line (App's
 * NavSpace) at the bar's height (one row, or two at large text) while it is shown.
 */
const followNav = followHeight((height) => {
  ownStyle(document.documentElement, 'scroll-padding-bottom', height);
  ownStyle(document.getElementById(NAV_SPACE_ID), 'height', height);
});

/** Which section each view belongs to, so the bar shows where the person is. */
const SECTION_OF: Record<UserView, Section> = {
  events: 'events',
  event: 'events',
  attendees: 'events',
  'photo-gallery': 'events',
  analytics: 'events',
  'group-chat': 'events',
  'create-event': 'events',
  organizer: 'events',
  'mutual-connections': 'people',
  'connection-requests': 'people',
  'user-search': 'people',
  connect: 'people',
  chats: 'chats',
  chat: 'chats',
  'contact-exchange': 'chats',
  notifications: 'alerts',
  profile: 'me',
  'privacy-settings': 'me',
  cards: 'me',
  'shared-cards': 'me',
  meetings: 'me',
};

const ITEMS: Array<{ section: Section; view: UserView; icon: string }> = [
  { section: 'events', view: 'events', icon: '◎' },
  { section: 'people', view: 'mutual-connections', icon: '☺' },
  { section: 'chats', view: 'chats', icon: '✉' },
  { section: 'alerts', view: 'notifications', icon: '♪' },
  { section: 'me', view: 'profile', icon: '☼' },
];

/**
 * The way around (issue 13): five sections always one tap away, with what waits in
 * each — requests under People, unread messages under Chats, unread notifications under
 * Alerts. Shown while a user is signed in; it sits at the bottom, in reach of a thumb.
 */
export function BottomNav() {
  const view = AppActor.useSelector(currentUserView);
  const requests = AppActor.useSelector((s) => chartOf(s, 'requests'));
  const conversations = AppActor.useSelector((s) => chartOf(s, 'conversations'));
  const notifications = AppActor.useSelector((s) => chartOf(s, 'notifications'));
  const waiting = useSelector(requests, (s) => (s ? selectRequestCount(s) : 0));
  const unreadMessages = useSelector(conversations, (s) => (s ? selectUnreadTotal(s) : 0));
  const unreadAlerts = useSelector(notifications, (s) => (s ? selectUnreadCount(s) : 0));
  const app = AppActor.useActorRef();
  const w = words(NAV);
  if (!view) return null;
  const current = SECTION_OF[view];
  const counts: Partial<Record<Section, [number, string]>> = {
    people: [waiting, w.waiting],
    chats: [unreadMessages, w.unread],
    alerts: [unreadAlerts, w.unread],
  };
  return (
    <Bar aria-label={w.main} ref={followNav}>
      <List>
        {ITEMS.map(({ section, view: target, icon }) => {
          const [count, what] = counts[section] ?? [0, ''];
          return (
            <li key={section}>
              <Item
                type="button"
                aria-current={current === section ? 'page' : undefined}
                $on={current === section}
                onClick={() => app.send({ type: 'view.opened', view: target })}
              >
                <Icon aria-hidden="true">{icon}</Icon>
                <span>
                  {w[section]}
                  <CountBadge count={count} what={what} />
                </span>
              </Item>
            </li>
          );
        })}
      </List>
    </Bar>
  );
}

/*
 * Fixed at the foot of the screen. At large text its items wrap onto a second row
 * instead of running off the screen (issue 20), and the room kept under the page's last
 * line (App.tsx's NavSpace) follows its height (followNav).
 */
const Bar = styled.nav`
  position: fixed;
  inset: auto 0 0 0;
  z-index: 10;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-bottom: env(safe-area-inset-bottom, 0);
`;

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: 0;
  list-style: none;
  > li { flex: 1 1 0; min-width: min-content; }
`;

const Item = styled.button<{ $on: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  width: 100%;
  min-height: 56px;
  padding: ${({ theme }) => theme.space(1)} 0;
  border: 0;
  border-top: 3px solid ${({ theme, $on }) => ($on ? theme.colors.primary : 'transparent')};
  background: transparent;
  color: ${({ theme, $on }) => ($on ? theme.colors.primary : theme.colors.textMuted)};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: ${({ theme, $on }) => ($on ? theme.font.weight.bold : theme.font.weight.medium)};
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }
`;

const Icon = styled.span`
  font-size: 1.25rem;
  line-height: 1;
`;
