import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { chartOf } from '../../machines/lazy-charts';
import { pwaView } from '../../machines/pwa/pwa-view';
import { AppActor } from '../appContext';
import { words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { Button } from './ui';

// Stroked 24 px icons: a tray with an arrow into it, a bell.
const INSTALL = 'M12 4v11m-5-5 5 5 5-5M5 19h14';
const BELL = 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zm4 3a2 2 0 0 0 4 0';

/**
 * The top bar's Installed, Install App and Enable Notifications (TopBar.tsx): they depend on
 * the PWA chart, which arrives in a chunk of its own, so they come with it (issue 40: the
 * entry budget paid for a block's toasts with these bytes).
 */
export function PwaActions() {
  const pwa = AppActor.useSelector((s) => chartOf(s, 'pwa'));
  const view = useSelector(pwa, (s) => (s ? pwaView(s.context) : null));
  if (!pwa || !view) return null;
  return (
    <>
      {view.showInstalled && <Badge>{words(SHELL).installed}</Badge>}
      {view.showInstall && <Icon label={words(SHELL).installApp} d={INSTALL} onClick={() => pwa.send({ type: 'install.requested' })} />}
      {view.showEnableNotifications && (
        <Icon label={words(SHELL).enableNotifications} d={BELL} onClick={() => pwa.send({ type: 'notifications.enableRequested' })} />
      )}
    </>
  );
}

/** An icon button whose name is SPEC's word (also its tooltip). */
function Icon({ label, d, onClick }: { label: string; d: string; onClick: () => void }) {
  return (
    <IconButton $small $variant="secondary" aria-label={label} title={label} onClick={onClick}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d={d} />
      </svg>
    </IconButton>
  );
}

const IconButton = styled(Button)`
  padding: 0;
  display: inline-grid;
  place-items: center;
`;

const Badge = styled.span`
  font-size: ${({ theme }) => theme.font.size.small};
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.successSurface};
  color: ${({ theme }) => theme.colors.success};
`;
