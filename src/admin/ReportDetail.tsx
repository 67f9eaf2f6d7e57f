/** One report open for review: its facts, the other reporters, and the resolution or the actions to resolve it. */
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { AdminReport } from '../../contract/admin-reports';
import {
  isResolveFormOpen,
  isResolving,
  reportOffers,
  resolveFormId,
  type AdminReportActorRef,
  type ResolveField,
} from '../../machines/admin/admin-report.machine';
import { REPORT_DETAIL_HEADING, type ReportRow } from '../../machines/admin/admin-reports.machine';
import { fieldDomId } from '../../machines/form-errors';
import { Form, FormError, TextAreaField } from '../components/form';
import { Button, Card, Muted } from '../components/ui';
import { Actions, BanFields, FormButtons, FormPanel } from './AdminTable';
import { formatDateTime } from './format';
import { History, Lines, Person } from './ReportedPerson';
import { ReportedThing } from './ReportedThing';
import { words } from '../i18n/i18n';
import { ADMIN_REPORTS } from '../i18n/en/admin-reports';

const reporterOf = (who: { name: string; username: string | null }): string => (who.username ? `${who.name} (@${who.username})` : who.name);

/** One report in full: what was reported in context, the person, their history, and what to do. */
export function ReportDetail({ row, onClose }: { row: ReportRow; onClose: () => void }) {
  const report = useSelector(row.ref, (s) => s.context.report);
  const person = report.reported_user;
  const w = words(ADMIN_REPORTS);
  return (
    <Detail aria-labelledby={REPORT_DETAIL_HEADING}>
      <BackButton $variant="secondary" onClick={onClose}>
        {w.back}
      </BackButton>
      <h2 id={REPORT_DETAIL_HEADING} tabIndex={-1}>
        {w.reasons[report.reason]}: {w.targetPhrases[report.target_type](person.name)}
      </h2>
      <Facts>
        <dt>{w.reportedBy}</dt>
        <dd>{reporterOf(report.reporter)}</dd>
        <dt>{w.when}</dt>
        <dd>{formatDateTime(report.created_at)}</dd>
        <dt>{w.note}</dt>
        <dd>{report.note ? <Quote>{report.note}</Quote> : <Muted as="span">{w.noNote}</Muted>}</dd>
      </Facts>
      {report.same_target_open > 0 && <Muted>{w.sameThing(report.same_target_open)}</Muted>}
      <Section aria-labelledby="report-context">
        <h3 id="report-context">{w.reported}</h3>
        <ReportedThing report={report} />
      </Section>
      <Section aria-labelledby="report-person">
        <h3 id="report-person">{w.about(person.name)}</h3>
        <Person report={report} />
      </Section>
      <Section aria-labelledby="report-history">
        <h3 id="report-history">{w.history}</h3>
        <History report={report} />
      </Section>
      <Section aria-labelledby="report-others">
        <h3 id="report-others">{w.others}</h3>
        {report.other_reporters.length === 0 ? (
          <Muted>{w.nobodyElse}</Muted>
        ) : (
          <Lines>
            {report.other_reporters.map((r, i) => (
              <li key={r.id ?? `gone-${i}`}>{w.otherReporter(reporterOf(r), r.reports, formatDateTime(r.last_reported_at))}</li>
            ))}
          </Lines>
        )}
      </Section>
      {report.resolution ? (
        <Section aria-labelledby="report-resolution">
          <h3 id="report-resolution">{w.resolution}</h3>
          <p>
            <strong>{w.resolutions[report.resolution.action]}</strong>
            {report.resolution.admin_username && w.resolvedBy(report.resolution.admin_username)}, {formatDateTime(report.resolution.resolved_at)}
          </p>
          <Quote>{report.resolution.reason}</Quote>
        </Section>
      ) : (
        <Resolve reportRef={row.ref} report={report} />
      )}
    </Detail>
  );
}

/** The actions the report offers now, and the form of the one chosen: the confirmation step. */
function Resolve({ reportRef, report }: { reportRef: AdminReportActorRef; report: AdminReport }) {
  const offers = useSelector(reportRef, reportOffers, (a, b) => a.join() === b.join());
  const open = useSelector(reportRef, isResolveFormOpen);
  const w = words(ADMIN_REPORTS);
  return (
    <Section aria-labelledby="report-resolve">
      <h3 id="report-resolve">{w.resolve}</h3>
      {offers.length > 0 && (
        <Actions>
          {offers.map((action) => (
            <Button
              key={action}
              $variant={action === 'ban' || action === 'remove_content' ? 'danger' : 'secondary'}
              onClick={() => reportRef.send({ type: 'resolve.opened', action })}
            >
              {w.actions[action].button(report)}
            </Button>
          ))}
        </Actions>
      )}
      {open && <ResolveForm reportRef={reportRef} report={report} />}
    </Section>
  );
}

function ResolveForm({ reportRef, report }: { reportRef: AdminReportActorRef; report: AdminReport }) {
  const draft = useSelector(reportRef, (s) => s.context.draft);
  const errors = useSelector(reportRef, (s) => s.context.errors);
  const busy = useSelector(reportRef, isResolving);
  const w = words(ADMIN_REPORTS).actions[draft.action];
  const form = resolveFormId(report.id);
  const idFor = (field: string) => fieldDomId(form, field);
  const set = (field: ResolveField) => (value: string) => reportRef.send({ type: 'resolve.fieldChanged', field, value });
  const title = w.title(report);
  return (
    <FormPanel>
      <h4>{title}</h4>
      <Form label={title} onSubmit={() => reportRef.send({ type: 'resolve.submitted' })}>
        <TextAreaField
          id={idFor('reason')}
          label={w.label}
          hint={w.hint}
          required
          value={draft.reason}
          onChange={set('reason')}
          error={errors.fields.reason}
        />
        {draft.action === 'ban' && (
          <BanFields idFor={idFor} draft={draft} daysError={errors.fields.days} onChange={(field, value) => set(field)(value)} />
        )}
        <FormError form={form} message={errors.form} />
        <FormButtons
          label={w.submit}
          busyLabel={w.busy}
          busy={busy}
          danger={draft.action === 'ban' || draft.action === 'remove_content'}
          onCancel={() => reportRef.send({ type: 'resolve.cancelled' })}
        />
      </Form>
    </FormPanel>
  );
}

const Detail = styled(Card).attrs({ as: 'article' })`
  h2 { margin-top: 0; font-size: ${({ theme }) => theme.font.size.title}; }
  h2:focus { outline: none; }
  h2:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const BackButton = styled(Button)`
  margin-bottom: ${({ theme }) => theme.space(3)};
  ${({ theme }) => theme.media.wide} { display: none; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Quote = styled.blockquote`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(3)};
  border-left: 3px solid ${({ theme }) => theme.colors.border};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Section = styled.section`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
  h3 { font-size: ${({ theme }) => theme.font.size.large}; margin: 0 0 ${({ theme }) => theme.space(2)}; }
  h4 { font-size: ${({ theme }) => theme.font.size.body}; margin: ${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(1)}; }
`;
