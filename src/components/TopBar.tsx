import { useSelector } from '@xstate/react';
import { lazy, Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { selectOnline } from '../../machines/app.machine';
import { chartOf } from '../../machines/lazy-charts';
import type { PwaActorRef } from '../../machines/pwa/pwa.machine';
import { pwaView } from '../../machines/pwa/pwa-view';
import { SHELL_MESSAGES } from '../../contract/shell-messages';
import { say, words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { AppActor } from '../appContext';
import { Toasts } from './Toasts';
import { followHeight, ownStyle } from './ui';

/** Keeps the page's top scroll padding at the top bar's height, toasts and all. */
const followTop = followHeight((height) => ownStyle(document.documentElement, 'scroll-padding-top', height));

/**
 * SPEC 2 "Top bar": Online/Offline, Installed, Install App, Enable Notifications, and what
 * the signed-in app adds (`children`: Take a break). One row at any width and text size
 * (issue 39): Install App and Enable Notifications are icons named with SPEC's words, Online
 * is a dot with its word for screen readers, and the brand gives way first. It stays at the
 * top while the page scrolls, and the toasts show inside it, under the bar. The PWA's
 * buttons (PwaActions.tsx) come with the PWA chart's chunk.
 */
export function TopBar({ children }: { children?: ReactNode }) {
  const online = AppActor.useSelector(selectOnline);
  const pwa = AppActor.useSelector((s) => chartOf(s, 'pwa'));
  return (
    <>
      <Chrome ref={followTop}>
        <Bar>
          <Brand>Wallflower</Brand>
          {pwa && (
            <Suspense fallback={null}>
              <PwaActions />
            </Suspense>
          )}
          {children}
          <Indicator $online={online} role="status">
            <Dot aria-hidden="true" $online={online} />
            {/* Offline is worth its room; Online goes without saying, except to a screen reader. */}
            <span className={online ? 'visually-hidden' : undefined}>{online ? words(SHELL).online : words(SHELL).offline}</span>
          </Indicator>
        </Bar>
        <Toasts />
      </Chrome>
      {!online && <Notice role="status">{say(SHELL_MESSAGES.offline)}</Notice>}
      <Notes pwa={pwa} />
    </>
  );
}

/** Under the bar, now and then: its notes arrive with the first one (PwaNotes.tsx). */
function Notes({ pwa }: { pwa: PwaActorRef | undefined }) {
  const any = useSelector(pwa, (s) => (s ? pwaView(s.context) : null));
  return any && (any.showWhyNotifications || any.notificationsOff || any.showUpdatePrompt) ? (
    <Suspense fallback={null}>
      <PwaNotes />
    </Suspense>
  ) : null;
}

const PwaNotes = lazy(() => import('../later').then((index) => index.LATER['pwa-notes']()));

const PwaActions = lazy(() => import('../later').then((index) => index.LATER['pwa-actions']()));

/**
 * Sticky and in the flow: when a toast makes it taller the page below moves down with it
 * (the document keeps its scroll position, themes.css), so nothing is covered.
 */
const Chrome = styled.div`
  position: sticky;
  top: 0;
  z-index: 10;
  background: ${({ theme }) => theme.colors.background};
`;

/**
 * Never wraps: what does not fit is the brand, which shrinks to nothing before anything
 * else does. As tall from the first frame as with its buttons (a touch target), so the
 * page below does not move when they arrive a moment after it.
 */
const Bar = styled.header`
  display: flex;
  min-height: calc(${({ theme }) => theme.touchTarget} + 2 * ${({ theme }) => theme.space(2)} + 1px);
  > * { flex-shrink: 0; }
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  white-space: nowrap;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Brand = styled.span`
  flex: 1 1 auto;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-size: ${({ theme }) => theme.font.size.large};
  color: ${({ theme }) => theme.colors.primary};
`;

const Indicator = styled.span<{ $online: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme, $online }) => ($online ? theme.colors.success : theme.colors.danger)};
`;

const Dot = styled.span<{ $online: boolean }>`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ theme, $online }) => ($online ? theme.colors.success : theme.colors.danger)};
`;

const Notice = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.font.size.small};
`;
