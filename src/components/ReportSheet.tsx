import { useSelector } from '@xstate/react';
import { useCallback, useId } from 'react';
import styled from 'styled-components';
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS } from '../../contract/report-texts';
import { chartOf } from '../../machines/lazy-charts';
import {
  blockedAfterReport,
  blockName,
  blockOffer,
  canOfferBlock,
  noteCount,
  reportTitle,
  selectReportStep,
  type ReportActorRef,
} from '../../machines/safety/report.machine';
import { AppActor } from '../appContext';
import { Choice, Fieldset, FormError, SendOrCancel, TextAreaField } from './form';
import { DialogAbout, Modal } from './Modal';
import { Button, Row } from './ui';
import { say, words } from '../i18n/i18n';
import { REPORT_SHEET } from '../i18n/en/report';

/** The report sheet (issue 16): shown while the root chart runs its 'report' child. */
export function ReportSheet() {
  const report = AppActor.useSelector((s) => chartOf(s, 'report'));
  return report ? <ReportDialog report={report} /> : null;
}

/**
 * Choose what happened, add a note if you like, send; then the thank-you, and the offer to
 * block the person too. Closing waits while a report or a block is on its way.
 */
export function ReportDialog({ report }: { report: ReportActorRef }) {
  const step = useSelector(report, selectReportStep);
  const target = useSelector(report, (s) => s.context.target);
  const id = useId();
  const close = () => report.send({ type: 'report.closeRequested' });
  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-about`} onClose={close}>
      <h2 id={`${id}-title`}>{say(reportTitle(target))}</h2>
      {step === 'choosing' || step === 'sending' ? (
        <ReportForm report={report} id={id} sending={step === 'sending'} close={close} />
      ) : (
        <Thanks report={report} id={id} close={close} />
      )}
    </Modal>
  );
}

function ReportForm({ report, id, sending, close }: { report: ReportActorRef; id: string; sending: boolean; close: () => void }) {
  const target = useSelector(report, (s) => s.context.target);
  const reason = useSelector(report, (s) => s.context.reason);
  const note = useSelector(report, (s) => s.context.note);
  const error = useSelector(report, (s) => s.context.error);
  const w = words(REPORT_SHEET);
  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        report.send({ type: 'report.submitted' });
      }}
    >
      <DialogAbout id={`${id}-about`}>{w.about}</DialogAbout>
      {target.excerpt && <Quote aria-label={w.quote}>{target.excerpt}</Quote>}
      <Fieldset disabled={sending}>
        <legend>{w.whatHappened}</legend>
        {REPORT_REASONS.map((r) => (
          <Choice
            key={r}
            type="radio"
            name={`${id}-reason`}
            value={r}
            id={`${id}-reason-${r}`}
            label={say(REPORT_REASON_LABELS[r])}
            checked={reason === r}
            onChange={() => report.send({ type: 'report.reasonChosen', reason: r })}
          />
        ))}
      </Fieldset>
      <TextAreaField
        id={`${id}-note`}
        label={w.note}
        hint={say(noteCount(note))}
        value={note}
        maxLength={REPORT_NOTE_MAX}
        disabled={sending}
        onChange={(value) => report.send({ type: 'report.noteChanged', note: value })}
      />
      <FormError form={`${id}-report`} message={error} />
      <SendOrCancel send={w.send} busy={w.sending} dismiss={w.cancel} sending={sending} onCancel={close} />
    </form>
  );
}

/** The thank-you at once, then the offer to block (unless they are blocked already or hidden). */
function Thanks({ report, id, close }: { report: ReportActorRef; id: string; close: () => void }) {
  const step = useSelector(report, selectReportStep);
  const target = useSelector(report, (s) => s.context.target);
  const error = useSelector(report, (s) => s.context.error);
  const offer = canOfferBlock(target) && step !== 'blocked';
  const blocking = step === 'blocking';
  // Focus follows what is new as the form, then the offer, goes: a screen reader reads it.
  const focusOnMount = useCallback((el: HTMLElement | null) => el?.focus(), []);
  const w = words(REPORT_SHEET);
  return (
    <>
      <ThankYou id={`${id}-about`} tabIndex={-1} ref={focusOnMount}>
        {w.thanks}
      </ThankYou>
      {step === 'blocked' && (
        <Said tabIndex={-1} ref={focusOnMount}>
          {say(blockedAfterReport(blockName(target)))}
        </Said>
      )}
      {offer && <p>{say(blockOffer(blockName(target)))}</p>}
      <FormError form={`${id}-block`} message={error} />
      <Row>
        {offer && (
          <Button type="button" $variant="danger" disabled={blocking} onClick={() => report.send({ type: 'report.blockRequested' })}>
            {blocking ? w.blocking : w.blockToo}
          </Button>
        )}
        <Button type="button" $variant={offer ? 'secondary' : 'primary'} disabled={blocking} onClick={close}>
          {w.done}
        </Button>
      </Row>
    </>
  );
}

const Quote = styled.blockquote`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-left: 4px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radius.small};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  max-height: 8rem;
  overflow-y: auto;
`;

const ThankYou = styled.p`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.successSurface};
  color: ${({ theme }) => theme.colors.success};
  &:focus { outline: none; }
`;

const Said = styled.p`
  &:focus { outline: none; }
`;
