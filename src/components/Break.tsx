/**
 * Taking a break (issue 16), on every view of the signed-in app: "Take a break" in the
 * top bar, and under it the calm banner while away ("I'm back"), then "Welcome back"
 * when the break is over. A chunk of its own, fetched with the signed-in app; the sheet
 * in which a break is chosen is another, fetched when it first opens.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { chartOf } from '../../machines/lazy-charts';
import { selectBreak, selectBreakOffer, selectSheet, selectWelcome, type StatusActorRef } from '../../machines/presence/status.machine';
import { AppActor } from '../appContext';
import { breakUntil } from './format';
import { Button } from './ui';
import { PresenceSummary } from './PresenceSummary';
import { say, words } from '../i18n/i18n';
import { BREAK } from '../i18n/en/break';
import { BREAK_BANNER } from '../i18n/en/break-banner';

const BreakSheet = lazy(() => import('./BreakSheet').then((m) => ({ default: m.BreakSheet })));

/** One part of it: "Take a break" (the top bar's), or the banner (under the top bar). */
export default function Break({ part }: { part: 'button' | 'banner' }) {
  const status = AppActor.useSelector((s) => chartOf(s, 'status'));
  if (!status) return null;
  return part === 'button' ? <BreakControl status={status} /> : <Banners status={status} />;
}

/** "Take a break", offered while the person is available; it opens the sheet. */
function BreakControl({ status }: { status: StatusActorRef }) {
  const offer = useSelector(status, selectBreakOffer);
  const sheetOpen = useSelector(status, (s) => selectSheet(s) !== 'closed');
  const w = words(BREAK);
  if (!offer) return null;
  return (
    <>
      <Button
        $small
        $variant="secondary"
        aria-haspopup="dialog"
        aria-label={w.takeBreak}
        disabled={offer === 'waiting'}
        onClick={() => status.send({ type: 'break.opened' })}
      >
        {/* On a phone the top bar has room for "Break" only; the name is whole either way. */}
        <span aria-hidden="true">☾ </span>
        <Wide>{w.takeBreak}</Wide>
        <Narrow>{w.short}</Narrow>
      </Button>
      {sheetOpen && (
        <Suspense fallback={null}>
          <BreakSheet status={status} />
        </Suspense>
      )}
    </>
  );
}

const sameBreak = (a: ReturnType<typeof selectBreak>, b: ReturnType<typeof selectBreak>) =>
  a === b || (!!a && !!b && a.until === b.until && a.line === b.line && a.busy === b.busy && a.error === b.error);

/** While away: the break and its end, with "I'm back"; once over, "Welcome back". */
function Banners({ status }: { status: StatusActorRef }) {
  const onBreak = useSelector(status, selectBreak, sameBreak);
  const welcome = useSelector(status, selectWelcome);
  const w = words(BREAK_BANNER);
  if (onBreak) {
    return (
      <Banner role="status" aria-label={w.yourBreak}>
        <Text>
          <strong>
            <span aria-hidden="true">☾ </span>
            {w.onBreak(breakUntil(onBreak.until))}
          </strong>
          {/* Who sees them while away: presence's line, as everywhere (issue 39). */}
          <PresenceSummary link={false} />
          {onBreak.line && <span>{w.line(onBreak.line)}</span>}
          {onBreak.error && <Problem role="alert">{say(onBreak.error)}</Problem>}
        </Text>
        <Button $small disabled={onBreak.busy !== null} onClick={() => status.send({ type: 'break.ended' })}>
          {onBreak.busy === 'returning' ? w.comingBack : w.back}
        </Button>
      </Banner>
    );
  }
  if (welcome) {
    return (
      <Banner role="status" aria-label={w.welcomeBack} $welcome>
        <Text>
          <strong>{w.welcomeBack}</strong>
          <span>{say(welcome)}</span>
        </Text>
        <Button $small $variant="secondary" onClick={() => status.send({ type: 'welcome.dismissed' })}>
          OK
        </Button>
      </Banner>
    );
  }
  return null;
}

const narrow = '@media (max-width: 30rem)';

const Wide = styled.span`
  ${narrow} { display: none; }
`;

const Narrow = styled.span`
  display: none;
  ${narrow} { display: inline; }
`;

const Banner = styled.div<{ $welcome?: boolean }>`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  max-width: ${({ theme }) => theme.maxWidth};
  margin: ${({ theme }) => theme.space(3)} auto 0;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px solid ${({ theme, $welcome }) => ($welcome ? theme.colors.success : theme.colors.info)};
  background: ${({ theme, $welcome }) => ($welcome ? theme.colors.successSurface : theme.colors.infoSurface)};
  color: ${({ theme }) => theme.colors.text};
  @media (max-width: 40rem) {
    margin: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)} 0;
  }
`;

const Text = styled.div`
  flex: 1 1 14rem;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.small}; }
`;

const Problem = styled.span`
  && { color: ${({ theme }) => theme.colors.danger}; }
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
