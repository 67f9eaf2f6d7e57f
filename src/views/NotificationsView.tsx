import { useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import type { Notification } from '../../contract/social';
import {
  selectMarkAllError,
  selectMarkingAll,
  selectUnreadCount,
  contentOf,
  titleOf,
  type NotificationsActorRef,
} from '../../machines/session/notifications.machine';
import { AppActor } from '../appContext';
import { messageTime } from '../components/format';
import { LoadState } from '../components/LoadState';
import { Button, CardGrid, Muted, Row } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';
import { say, words } from '../i18n/i18n';
import { NOTIFICATIONS } from '../i18n/en/notifications';

/**
 * notifications: what happened, newest first; Mark Read turns one read (SPEC 4), one with
 * a link opens what it is about (issue 13), and Mark all read turns them all read.
 */
export function NotificationsView() {
  const notifications = AppActor.useSelector((s) => chartOf(s, 'notifications'));
  return (
    <ViewPage wide back="events" title={words(NOTIFICATIONS).title}>
      {notifications && <NotificationList notifications={notifications} />}
    </ViewPage>
  );
}

function NotificationList({ notifications }: { notifications: NotificationsActorRef }) {
  const list = useSelector(notifications, (s) => s.context.notifications);
  const unread = useSelector(notifications, selectUnreadCount);
  const loading = useSelector(notifications, (s) => s.matches({ list: 'loading' }) && s.context.notifications.length === 0);
  const failed = useSelector(notifications, (s) => s.matches({ list: 'failed' }));
  const markingAll = useSelector(notifications, selectMarkingAll);
  const markAllError = useSelector(notifications, selectMarkAllError);
  const w = words(NOTIFICATIONS);
  return (
    <LoadState
      status={loading ? 'loading' : failed ? 'failed' : 'ready'}
      empty={list.length === 0}
      loading={w.loading}
      failed={w.failed}
      retry={() => notifications.send({ type: 'notifications.reloaded' })}
      emptyText={w.empty}
    >
      <Summary>
        <Muted>{markingAll ? w.markingAll : unread === 0 ? w.allRead : w.unread(unread)}</Muted>
        {(unread > 0 || markingAll) && (
          <Button $small $variant="secondary" disabled={markingAll} onClick={() => notifications.send({ type: 'notifications.markAllRead' })}>
            {w.markAllRead}
          </Button>
        )}
      </Summary>
      {markAllError && <Problem role="status">{say(markAllError)}</Problem>}
      <CardGrid aria-label={w.list}>
        {list.map((n) => (
          <li key={n.id}>
            <NotificationItem notification={n} notifications={notifications} />
          </li>
        ))}
      </CardGrid>
    </LoadState>
  );
}

function NotificationItem({ notification: n, notifications }: { notification: Notification; notifications: NotificationsActorRef }) {
  const marking = useSelector(notifications, (s) => s.context.marking.includes(n.id));
  const id = useId();
  const w = words(NOTIFICATIONS);
  return (
    <Item aria-labelledby={`${id}-title`} $unread={!n.read} $linked={!!n.link}>
      <Head>
        <h2 id={`${id}-title`}>
          {n.link ? (
            // The whole card is this button's target (its ::after covers the card); Mark Read sits above it.
            <Open type="button" aria-describedby={`${id}-content`} onClick={() => notifications.send({ type: 'notifications.opened', id: n.id })}>
              {!n.read && <span className="visually-hidden">{w.unreadMark}</span>}
              {say(titleOf(n))}
              <span aria-hidden="true"> ›</span>
            </Open>
          ) : (
            <>
              {!n.read && <span className="visually-hidden">{w.unreadMark}</span>}
              {say(titleOf(n))}
            </>
          )}
        </h2>
        <time dateTime={n.created_at}>{messageTime(n.created_at)}</time>
      </Head>
      <p id={`${id}-content`}>{say(contentOf(n))}</p>
      {!n.read && (
        <Above>
          <Button $small $variant="secondary" disabled={marking} aria-describedby={`${id}-title`} onClick={() => notifications.send({ type: 'notifications.markRead', id: n.id })}>
            {marking ? w.marking : w.markRead}
          </Button>
        </Above>
      )}
    </Item>
  );
}

const Summary = styled(Row)`
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space(3)};
  p { margin: 0; }
`;

const Problem = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.dangerSurface};
  color: ${({ theme }) => theme.colors.danger};
`;

const Item = styled.article<{ $unread: boolean; $linked: boolean }>`
  position: relative;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme, $unread }) => ($unread ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.medium};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  p { margin: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(2)}; }
  ${({ theme, $linked }) => ($linked ? `&:hover { background: ${theme.colors.surfaceMuted}; }` : '')}
`;

/** The title as the card's button: 44 px tall at least, its ::after stretched over the card. */
const Open = styled.button`
  min-height: ${({ theme }) => theme.touchTarget};
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  font-weight: inherit;
  color: ${({ theme }) => theme.colors.primary};
  text-align: left;
  cursor: pointer;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: ${({ theme }) => theme.radius.medium};
  }
  &:focus-visible { outline: none; }
  &:focus-visible::after { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

/** Mark Read stays its own target over the card's button. */
const Above = styled.div`
  position: relative;
  z-index: 1;
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.body}; }
  time { flex: none; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.small}; }
`;
