import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
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
import { Button, followHeight } from './ui';

/** Keeps --top-height at the top bar's height, toasts and all (themes.css's scroll padding). */
const followTop = followHeight('--top-height');

/**
 * SPEC 2 "Top bar": Online/Offline, Installed, Install App, Enable Notifications, and what
 * the signed-in app adds (`children`: Take a break). It stays at the top while the page
 * scrolls, and the toasts show inside it, under the bar.
 */
export function TopBar({ children }: { children?: ReactNode }) {
  const online = AppActor.useSelector(selectOnline);
  const pwa = AppActor.useSelector((s) => chartOf(s, 'pwa'));
  return (
    <>
      <Chrome ref={followTop}>
        <Bar>
          <Brand>Wallflower</Brand>
          <Right>
            {pwa && <AppActions pwa={pwa} />}
            {children}
            <Indicator $online={online} role="status" aria-live="polite">
              <Dot aria-hidden="true" $online={online} />
              {online ? words(SHELL).online : words(SHELL).offline}
            </Indicator>
          </Right>
        </Bar>
        <Toasts />
      </Chrome>
      {!online && <Notice role="status">{say(SHELL_MESSAGES.offline)}</Notice>}
      {pwa && <UpdatePrompt pwa={pwa} />}
    </>
  );
}

function AppActions({ pwa }: { pwa: PwaActorRef }) {
  const view = useSelector(pwa, (s) => pwaView(s.context));
  return (
    <>
      {view.showInstalled && <Badge>{words(SHELL).installed}</Badge>}
      {view.showInstall && (
        <Button $small $variant="secondary" onClick={() => pwa.send({ type: 'install.requested' })}>
          {words(SHELL).installApp}
        </Button>
      )}
      {view.showEnableNotifications && (
        <Button $small $variant="secondary" onClick={() => pwa.send({ type: 'notifications.enableRequested' })}>
          {words(SHELL).enableNotifications}
        </Button>
      )}
    </>
  );
}

function UpdatePrompt({ pwa }: { pwa: PwaActorRef }) {
  const show = useSelector(pwa, (s) => pwaView(s.context).showUpdatePrompt);
  if (!show) return null;
  return (
    <Notice role="status" $info>
      <span>{words(SHELL).newVersion}</span>
      <Button $small onClick={() => pwa.send({ type: 'update.accepted' })}>
        {words(SHELL).reload}
      </Button>
      <Button $small $variant="secondary" onClick={() => pwa.send({ type: 'update.dismissed' })}>
        {words(SHELL).later}
      </Button>
    </Notice>
  );
}

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

const Bar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Brand = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-size: ${({ theme }) => theme.font.size.large};
  color: ${({ theme }) => theme.colors.primary};
`;

const Right = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
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

const Badge = styled.span`
  font-size: ${({ theme }) => theme.font.size.small};
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.successSurface};
  color: ${({ theme }) => theme.colors.success};
`;

const Notice = styled.div<{ $info?: boolean }>`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: ${({ theme, $info }) => ($info ? theme.colors.infoSurface : theme.colors.surfaceMuted)};
  color: ${({ theme }) => theme.colors.text};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.font.size.small};
`;
