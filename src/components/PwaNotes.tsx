import { useSelector } from '@xstate/react';
import { chartOf } from '../../machines/lazy-charts';
import type { PwaActorRef } from '../../machines/pwa/pwa.machine';
import { pwaView } from '../../machines/pwa/pwa-view';
import { AppActor } from '../appContext';
import { say, words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { PUSH_WHY } from '../i18n/en/push-settings';
import styled from 'styled-components';
import { Button } from './ui';

/**
 * Under the top bar (TopBar.tsx): what notifications would bring, before the browser asks
 * (issue 41: a tap that says why, never on load); why they stay off after asking (issue
 * 39); and a waiting new version.
 */
export function PwaNotes() {
  const pwa = AppActor.useSelector((s) => chartOf(s, 'pwa'));
  const view = useSelector(pwa, (s) => (s ? pwaView(s.context) : null));
  if (!pwa || !view) return null;
  return (
    <>
      {view.showWhyNotifications && <WhyNotifications pwa={pwa} />}
      {view.notificationsOff && (
        <Note role="status">
          <span>{say(view.notificationsOff)}</span>
          <Button $small $variant="secondary" onClick={() => pwa.send({ type: 'notifications.noteDismissed' })}>
            {words(SHELL).dismiss}
          </Button>
        </Note>
      )}
      {view.showUpdatePrompt && <UpdatePrompt pwa={pwa} />}
    </>
  );
}

function WhyNotifications({ pwa }: { pwa: PwaActorRef }) {
  const w = words(PUSH_WHY);
  return (
    <Note role="region" aria-label={words(SHELL).enableNotifications}>
      <span>{w.text}</span>
      <Button $small onClick={() => pwa.send({ type: 'notifications.whyAccepted' })}>
        {w.accept}
      </Button>
      <Button $small $variant="secondary" onClick={() => pwa.send({ type: 'notifications.whyDismissed' })}>
        {w.notNow}
      </Button>
    </Note>
  );
}

function UpdatePrompt({ pwa }: { pwa: PwaActorRef }) {
  return (
    <Note role="status">
      <span>{words(SHELL).newVersion}</span>
      <Button $small onClick={() => pwa.send({ type: 'update.accepted' })}>
        {words(SHELL).reload}
      </Button>
      <Button $small $variant="secondary" onClick={() => pwa.send({ type: 'update.dismissed' })}>
        {words(SHELL).later}
      </Button>
    </Note>
  );
}


/** As the top bar's offline notice, in the colours of information. */
const Note = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.infoSurface};
  color: ${({ theme }) => theme.colors.text};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.font.size.small};
`;
