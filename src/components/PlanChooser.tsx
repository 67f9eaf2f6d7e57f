import { useSelector } from '@xstate/react';
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import type { Plan } from '../../contract/plans';
import {
  choiceVerb,
  isChoosable,
  selectPlansStatus,
  type PlansActorRef,
} from '../../machines/profile/plans.machine';
import { chartOf } from '../../machines/lazy-charts';
import { AppActor } from '../appContext';
import { Button, PlainList, Status } from './ui';
import { say, shownLanguage, words } from '../i18n/i18n';
import { localeFor } from './format';
import { SHELL } from '../i18n/en/shell';
import { PLAN_CHOOSER } from '../i18n/en/plans';

/** The plan chooser modal (SPEC 2): shown while the root chart runs its 'plans' child. */
export function PlanChooser() {
  const plans = AppActor.useSelector((s) => chartOf(s, 'plans'));
  if (!plans) return null;
  return <PlanDialog plans={plans} />;
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The dialog itself. Focus moves into it when it opens, stays inside while it is open
 * (Tab wraps), and goes back to what opened it when it closes; Escape closes it.
 */
export function PlanDialog({ plans }: { plans: PlansActorRef }) {
  const status = useSelector(plans, selectPlansStatus);
  const list = useSelector(plans, (s) => s.context.plans);
  const current = useSelector(plans, (s) => s.context.current);
  const upgrading = useSelector(plans, (s) => s.context.upgrading);
  const error = useSelector(plans, (s) => s.context.error);
  // Read once, as the dialog first renders: the control that opened it still has focus.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const dialog = useRef<HTMLDivElement | null>(null);
  // Stable, so React runs the cleanup (focus back to the opener) only when the dialog goes.
  const attach = useCallback(
    (node: HTMLDivElement | null) => {
      dialog.current = node;
      return () => opener?.focus();
    },
    [opener],
  );

  const w = words(PLAN_CHOOSER);
  const close = () => plans.send({ type: 'plans.closeRequested' });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
      return;
    }
    if (e.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <Backdrop>
      <NoPageScroll />
      <Dialog
        ref={attach}
        role="dialog"
        aria-modal="true"
        aria-labelledby="plans-title"
        onKeyDown={onKeyDown}
      >
        <Header>
          <h2 id="plans-title">{w.title}</h2>
          <Button type="button" $small $variant="secondary" autoFocus onClick={close} disabled={status === 'upgrading'}>
            {w.close}
          </Button>
        </Header>
        {status === 'loading' && <Status role="status">{w.loading}</Status>}
        {status === 'failed' && (
          <>
            <p>{w.failed}</p>
            <Button type="button" $variant="secondary" onClick={() => plans.send({ type: 'plans.reloaded' })}>
              {words(SHELL).tryAgain}
            </Button>
          </>
        )}
        {error && <ErrorNote>{say(error)}</ErrorNote>}
        {list.length > 0 && status !== 'loading' && status !== 'failed' && (
          <PlainList aria-label={w.list}>
            {list.map((plan) => (
              <li key={plan.name}>
                <PlanCard
                  plan={plan}
                  isCurrent={plan.name === current}
                  choosable={isChoosable(plan, current)}
                  verb={choiceVerb(plan, list, current)}
                  busy={status === 'upgrading' || status === 'confirming'}
                  confirming={status === 'confirming' && upgrading === plan.name}
                  upgradingThis={status === 'upgrading' && upgrading === plan.name}
                  onChoose={() => plans.send({ type: 'plans.upgradeRequested', plan: plan.name })}
                  onConfirm={() => plans.send({ type: 'plans.confirmed' })}
                  onCancel={() => plans.send({ type: 'plans.cancelled' })}
                />
              </li>
            ))}
          </PlainList>
        )}
      </Dialog>
    </Backdrop>
  );
}

interface PlanCardProps {
  plan: Plan;
  isCurrent: boolean;
  choosable: boolean;
  verb: ReturnType<typeof choiceVerb>;
  busy: boolean;
  /** Asking whether to move to this plan. */
  confirming: boolean;
  upgradingThis: boolean;
  onChoose: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

function PlanCard({ plan, isCurrent, choosable, verb, busy, confirming, upgradingThis, onChoose, onConfirm, onCancel }: PlanCardProps) {
  const titleId = `plan-${plan.name.toLowerCase()}`;
  const w = words(PLAN_CHOOSER);
  return (
    <Article aria-labelledby={titleId} $current={isCurrent}>
      <PlanHead>
        <h3 id={titleId}>{plan.name}</h3>
        <Price>{w.perMonth(dollars(plan.price))}</Price>
      </PlanHead>
      <p>{inLanguage(plan.description, w.descriptions[plan.name])}</p>
      <Features aria-label={w.featuresOf(plan.name)}>
        {plan.features.map((f) => (
          <li key={f}>{inLanguage(featureLabel(f), w.features[f])}</li>
        ))}
      </Features>
      {isCurrent ? (
        <CurrentMark>{w.current}</CurrentMark>
      ) : confirming || upgradingThis ? (
        <PlanConfirm plan={plan} busy={upgradingThis} onConfirm={onConfirm} onCancel={onCancel} />
      ) : choosable ? (
        <Button type="button" $variant="purple" disabled={busy} onClick={onChoose}>
          {w.verbs[verb]} <span className="visually-hidden">{w.toPlan(plan.name)}</span>
        </Button>
      ) : null}
    </Article>
  );
}

/** The question asked before a plan changes, in the card that was chosen. */
function PlanConfirm({ plan, busy, onConfirm, onCancel }: { plan: Plan; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const id = `plan-confirm-${plan.name.toLowerCase()}`;
  const w = words(PLAN_CHOOSER);
  // What a change costs: nothing more back to Free, else the price from today.
  const price = w.perMonth(dollars(plan.price));
  return (
    <Confirm role="group" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <h4 id={`${id}-title`}>{plan.price === 0 ? w.goBackTo(plan.name) : w.moveToFor(plan.name, price)}</h4>
      <p id={`${id}-text`}>{plan.price === 0 ? w.nothingMore : w.fromToday(price)}</p>
      <ConfirmRow>
        <Button type="button" $variant="purple" disabled={busy} onClick={onConfirm}>
          {busy ? w.changing : w.moveTo(plan.name)}
        </Button>
        {/* The calm choice has focus, so a stray Enter changes nothing. */}
        <Button type="button" $variant="secondary" disabled={busy} autoFocus onClick={onCancel}>
          {w.notNow}
        </Button>
      </ConfirmRow>
    </Confirm>
  );
}

/** A price in dollars as the language writes it: "$9.99" and "$0" in English, "9,99 $" in German. */
function dollars(price: number): string {
  const digits = Number.isInteger(price) ? 0 : 2;
  return new Intl.NumberFormat(localeFor(shownLanguage()), { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(price);
}

/**
 * The server's words for its plans, as it wrote them in English; in another language, the
 * catalogue's words for that plan or feature, where it has them.
 */
const inLanguage = (english: string, translated: string | undefined): string => (shownLanguage() === 'en' ? english : (translated ?? english));

/** A feature label in words: 'chat_and_group_chat' -> 'Chat and group chat'. */
function featureLabel(feature: string): string {
  const spaced = feature.replace(/_/g, ' ').trim();
  return spaced ? spaced[0]!.toUpperCase() + spaced.slice(1) : spaced;
}

/** While the dialog is open the page behind it stays still. */
const NoPageScroll = createGlobalStyle`
  body { overflow: hidden; }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 40;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(3)};
  background: color-mix(in srgb, ${({ theme }) => theme.colors.text} 55%, transparent);
`;

const Dialog = styled.div`
  width: min(100%, ${({ theme }) => theme.maxWidth});
  max-height: calc(100dvh - ${({ theme }) => theme.space(6)});
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.background};
  border-radius: ${({ theme }) => theme.radius.large};
  box-shadow: ${({ theme }) => theme.shadow};
`;

const Header = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  h2 { margin: 0; }
`;

const Article = styled.article<{ $current: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  border: ${({ $current }) => ($current ? '2px' : '1px')} solid
    ${({ theme, $current }) => ($current ? theme.colors.purple : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.large};
  padding: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  h3 { margin: 0; }
  p { margin: 0 0 ${({ theme }) => theme.space(2)}; }
`;

const PlanHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

const Price = styled.span`
  font-size: ${({ theme }) => theme.font.size.large};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  white-space: nowrap;
`;

const Features = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding-left: ${({ theme }) => theme.space(5)};
  li { padding: 2px 0; }
`;

const Confirm = styled.div`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  h4 { margin: 0 0 ${({ theme }) => theme.space(1)}; }
`;

const ConfirmRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const CurrentMark = styled.p`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.purple};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  && { margin: 0; }
`;

const ErrorNote = styled.p`
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.dangerSurface};
  color: ${({ theme }) => theme.colors.danger};
`;
