import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { AdminAction } from '../../contract/admin';
import type { AdminReport, AdminReportStatus, ContextMessage, ResolveAction } from '../../contract/admin-reports';
import { REPORT_REASON_LABELS, type ReportTargetType } from '../../contract/report-texts';
import {
  isResolveFormOpen,
  isResolving,
  reportOffers,
  resolveFormId,
  type AdminReportActorRef,
  type ResolveField,
} from '../../machines/admin-report.machine';
import {
  REPORT_DETAIL_HEADING,
  reportEntryDomId,
  selectReportsStatus,
  selectedRow,
  type AdminReportsActorRef,
  type ReportRow,
} from '../../machines/admin-reports.machine';
import { counted, pageSpan } from '../../machines/admin-pages';
import { fieldDomId } from '../../machines/form-errors';
import { Form, FormError, TextAreaField } from '../components/form';
import { LoadState } from '../components/LoadState';
import { Avatar, Interests } from '../components/people';
import { Button, Card, Muted, PlainList, Row, Status } from '../components/ui';
import { AdminActor } from './adminContext';
import { Actions, Badge, BanFields, FormButtons, FormPanel, ListHead, Note, Pager, WidePage } from './AdminTable';
import { formatDate, formatDateTime } from './format';
import { RecentActions } from './RecentActions';

const STATUS_WORDS: Record<AdminReportStatus, { tab: string; list: string; empty: string }> = {
  open: { tab: 'Open', list: 'open reports', empty: 'No open reports. Nothing is waiting for a moderator.' },
  resolved: { tab: 'Resolved', list: 'resolved reports', empty: 'No resolved reports yet.' },
};

const TARGET_LABELS: Record<ReportTargetType, string> = {
  user: 'Profile',
  message: 'Chat message',
  group_message: 'Group message',
  photo: 'Photo',
};

/** What was reported, as a phrase after the reason: "Harassment: a chat message from Kim Park". */
const TARGET_PHRASES: Record<ReportTargetType, (name: string) => string> = {
  user: (name) => `${name}'s profile`,
  message: (name) => `a chat message from ${name}`,
  group_message: (name) => `a group message from ${name}`,
  photo: (name) => `a photo shared by ${name}`,
};

const RESOLUTION_LABELS: Record<ResolveAction, string> = {
  dismiss: 'Dismissed',
  remove_content: 'Content removed',
  warn: 'Warned',
  ban: 'Banned',
};

const reasonOf = (r: AdminReport): string => REPORT_REASON_LABELS[r.reason];
const personOf = (r: AdminReport): string => `${r.reported_user.name} (@${r.reported_user.username})`;
const reporterOf = (who: { name: string; username: string | null }): string => (who.username ? `${who.name} (@${who.username})` : who.name);

/** admin-reports (issue 16): the moderator queue, one report open for review beside it. */
export function AdminReportsView() {
  const screen = AdminActor.useSelector((s) => s.children.reports);
  return (
    <WidePage>
      <h1>Reports</h1>
      {screen ? <Queue screen={screen} /> : <Status role="status">Loading reports…</Status>}
    </WidePage>
  );
}

function Queue({ screen }: { screen: AdminReportsActorRef }) {
  const status = useSelector(screen, selectReportsStatus);
  const shown = useSelector(screen, (s) => s.context.status);
  const paging = useSelector(screen, (s) => ({ page: s.context.page, total: s.context.total }), samePaging);
  const rows = useSelector(screen, (s) => s.context.rows);
  const selected = useSelector(screen, selectedRow);
  const loading = status === 'loading';
  const words = STATUS_WORDS[shown];
  const { first, last } = pageSpan(paging);
  return (
    <Layout $selected={selected !== null}>
      <div className="list">
        <StatusChoice role="group" aria-label="Which reports">
          {(['open', 'resolved'] as const).map((value) => (
            <Button
              key={value}
              $variant={value === shown ? 'primary' : 'secondary'}
              aria-pressed={value === shown}
              onClick={() => screen.send({ type: 'reports.statusChosen', status: value })}
            >
              {STATUS_WORDS[value].tab}
            </Button>
          ))}
        </StatusChoice>
        <LoadState
          status={status}
          empty={rows.length === 0}
          loading="Loading reports…"
          failed="We couldn't load the reports just now."
          failedWithContent="above"
          retry={() => screen.send({ type: 'view.reloaded' })}
          retryVariant="secondary"
          emptyText={words.empty}
        >
          <ListHead
            text={`Showing ${first}–${last} of ${paging.total} ${words.list}`}
            busy={loading}
            onRefresh={() => screen.send({ type: 'view.reloaded' })}
          />
          <Entries aria-label={words.list[0]!.toUpperCase() + words.list.slice(1)} aria-busy={loading}>
            {rows.map((row) => (
              <ReportEntry key={row.ref.id} row={row} selected={row.id === selected?.id} onSelect={() => screen.send({ type: 'report.selected', id: row.id })} />
            ))}
          </Entries>
          <Pager
            paging={paging}
            busy={loading}
            onPrevious={() => screen.send({ type: 'reports.previousPage' })}
            onNext={() => screen.send({ type: 'reports.nextPage' })}
          />
        </LoadState>
      </div>
      <div className="detail">
        {selected ? (
          <ReportDetail row={selected} onClose={() => screen.send({ type: 'report.closed' })} />
        ) : (
          rows.length > 0 && <Muted>Choose a report to see it in context and resolve it.</Muted>
        )}
      </div>
    </Layout>
  );
}

const samePaging = (a: { page: number; total: number }, b: { page: number; total: number }) => a.page === b.page && a.total === b.total;

/** A report in the list: why, what, about whom, by whom and when. */
function ReportEntry({ row, selected, onSelect }: { row: ReportRow; selected: boolean; onSelect: () => void }) {
  const report = useSelector(row.ref, (s) => s.context.report);
  const others = report.other_reporters.length;
  return (
    <li>
      <Entry id={reportEntryDomId(report.id)} type="button" aria-current={selected ? 'true' : undefined} $selected={selected} onClick={onSelect}>
        <strong>
          {reasonOf(report)} · {TARGET_LABELS[report.target_type]}
        </strong>
        <span>About {personOf(report)}</span>
        <Note>
          By {report.reporter.name}
          {others > 0 && ` and ${counted(others, 'other', 'others')}`} · {formatDateTime(report.created_at)}
        </Note>
        {report.resolution ? (
          <Badge $tone="muted">{RESOLUTION_LABELS[report.resolution.action]}</Badge>
        ) : (
          report.reported_user.held_for_review && <Badge $tone="warning">Held for review</Badge>
        )}
      </Entry>
    </li>
  );
}

/** One report in full: what was reported in context, the person, their history, and what to do. */
function ReportDetail({ row, onClose }: { row: ReportRow; onClose: () => void }) {
  const report = useSelector(row.ref, (s) => s.context.report);
  const person = report.reported_user;
  return (
    <Detail aria-labelledby={REPORT_DETAIL_HEADING}>
      <BackButton $variant="secondary" onClick={onClose}>
        Back to the list
      </BackButton>
      <h2 id={REPORT_DETAIL_HEADING} tabIndex={-1}>
        {reasonOf(report)}: {TARGET_PHRASES[report.target_type](person.name)}
      </h2>
      <Facts>
        <dt>Reported by</dt>
        <dd>{reporterOf(report.reporter)}</dd>
        <dt>When</dt>
        <dd>{formatDateTime(report.created_at)}</dd>
        <dt>Their note</dt>
        <dd>{report.note ? <Quote>{report.note}</Quote> : <Muted as="span">No note.</Muted>}</dd>
      </Facts>
      {report.same_target_open > 0 && (
        <Muted>{counted(report.same_target_open, 'other open report', 'other open reports')} of the same thing are resolved with this one.</Muted>
      )}
      <Section aria-labelledby="report-context">
        <h3 id="report-context">What was reported</h3>
        <ReportedThing report={report} />
      </Section>
      <Section aria-labelledby="report-person">
        <h3 id="report-person">About {person.name}</h3>
        <Person report={report} />
      </Section>
      <Section aria-labelledby="report-history">
        <h3 id="report-history">Their history</h3>
        <History report={report} />
      </Section>
      <Section aria-labelledby="report-others">
        <h3 id="report-others">Who else reported them</h3>
        {report.other_reporters.length === 0 ? (
          <Muted>Nobody else has reported them.</Muted>
        ) : (
          <Lines>
            {report.other_reporters.map((r, i) => (
              <li key={r.id ?? `gone-${i}`}>
                {reporterOf(r)}: {counted(r.reports, 'report', 'reports')}, the latest {formatDateTime(r.last_reported_at)}
              </li>
            ))}
          </Lines>
        )}
      </Section>
      {report.resolution ? (
        <Section aria-labelledby="report-resolution">
          <h3 id="report-resolution">Resolution</h3>
          <p>
            <strong>{RESOLUTION_LABELS[report.resolution.action]}</strong>
            {report.resolution.admin_username && ` by ${report.resolution.admin_username}`}, {formatDateTime(report.resolution.resolved_at)}
          </p>
          <Quote>{report.resolution.reason}</Quote>
        </Section>
      ) : (
        <Resolve reportRef={row.ref} report={report} />
      )}
    </Detail>
  );
}

/** The message with the ones around it, the photo, or a pointer to the profile. */
function ReportedThing({ report }: { report: AdminReport }) {
  const c = report.context;
  const where = c.place?.group_chat_name
    ? `In the group chat “${c.place.group_chat_name}”${c.place.event_name ? ` of ${c.place.event_name}` : ''}.`
    : c.place?.event_name
      ? `At ${c.place.event_name}.`
      : report.target_type === 'message'
        ? 'In a one-to-one chat.'
        : null;
  const removed = c.content_removed && (
    <Removed>
      {report.target_type === 'photo' ? 'The photo has been removed.' : 'The message has been removed.'}
      {c.reported_text && (
        <>
          {' '}
          {report.target_type === 'photo' ? 'Its caption was' : 'It said'}: <q>{c.reported_text}</q>
        </>
      )}
    </Removed>
  );
  if (report.target_type === 'user') return <Muted>{report.reported_user.name}&apos;s profile, below.</Muted>;
  return (
    <>
      {where && <Muted>{where}</Muted>}
      {removed}
      {c.photo && (
        <figure>
          <Photo src={`data:image/jpeg;base64,${c.photo.photo_data}`} alt={c.photo.caption ? `The reported photo: ${c.photo.caption}` : 'The reported photo'} />
          {c.photo.caption && <figcaption>{c.photo.caption}</figcaption>}
        </figure>
      )}
      {c.messages.length > 0 && (
        <Conversation aria-label="The conversation around it">
          {c.messages.map((m) => (
            <MessageLine key={m.id} message={m} />
          ))}
        </Conversation>
      )}
    </>
  );
}

function MessageLine({ message: m }: { message: ContextMessage }) {
  return (
    <Message $reported={m.reported}>
      <Note>
        <strong>{m.from_name}</strong> · {formatDateTime(m.timestamp)}
        {m.reported && <Badge $tone="warning">Reported</Badge>}
      </Note>
      <span>{m.message}</span>
    </Message>
  );
}

function statusOf(p: AdminReport['reported_user']): string {
  if (p.is_banned) return p.banned_until ? `Banned until ${formatDate(p.banned_until)}` : 'Banned permanently';
  return p.is_active ? 'Active' : 'Deactivated';
}

function Person({ report }: { report: AdminReport }) {
  const p = report.reported_user;
  return (
    <PersonRow>
      <Avatar name={p.name} photo={p.photo_data} size={64} decorative />
      <div>
        <p>
          <strong>{p.name}</strong> (@{p.username}){p.age !== null && `, ${p.age}`}
          {p.occupation && ` · ${p.occupation}`}
        </p>
        <Note>
          {p.email} · joined {formatDate(p.created_at)}
        </Note>
        <Row>
          <Badge $tone={p.is_banned ? 'warning' : 'ok'}>{statusOf(p)}</Badge>
          {p.held_for_review && <Badge $tone="warning">Held for review</Badge>}
        </Row>
        {p.held_for_review && <Note>Hidden from nearby people, search and recommendations until their reports are reviewed.</Note>}
        <Interests interests={p.interests} />
      </div>
    </PersonRow>
  );
}

function History({ report }: { report: AdminReport }) {
  const h = report.history;
  const actions: AdminAction[] = [...h.warnings, ...h.bans].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  if (h.earlier_reports.length === 0 && actions.length === 0) return <Muted>No earlier reports, warnings or bans.</Muted>;
  return (
    <>
      <h4>Earlier reports</h4>
      {h.earlier_reports.length === 0 ? (
        <Muted>None.</Muted>
      ) : (
        <Lines>
          {h.earlier_reports.map((r) => (
            <li key={r.id}>
              {REPORT_REASON_LABELS[r.reason]} · {TARGET_LABELS[r.target_type]} · {formatDate(r.created_at)} ·{' '}
              {r.status === 'open' ? 'open' : r.resolution_action ? RESOLUTION_LABELS[r.resolution_action as ResolveAction] ?? r.resolution_action : 'resolved'}
            </li>
          ))}
        </Lines>
      )}
      <h4>Warnings and bans</h4>
      <RecentActions actions={actions} empty="None." />
    </>
  );
}

interface ActionWords {
  button: (r: AdminReport) => string;
  title: (r: AdminReport) => string;
  label: string;
  hint: string;
  submit: string;
  busy: string;
}

const REMOVE_WHAT: Record<ReportTargetType, string> = {
  user: 'their profile photo',
  message: 'the message',
  group_message: 'the message',
  photo: 'the photo',
};

const TOLD = 'Whoever reported it is told it has been reviewed, nothing more.';

const ACTION_WORDS: Record<ResolveAction, ActionWords> = {
  dismiss: {
    button: () => 'Dismiss',
    title: () => 'Dismiss this report',
    label: 'Reason',
    hint: `Kept in the audit log. ${TOLD}`,
    submit: 'Dismiss report',
    busy: 'Dismissing…',
  },
  remove_content: {
    button: (r) => `Remove ${REMOVE_WHAT[r.target_type]}`,
    title: (r) => `Remove ${REMOVE_WHAT[r.target_type]}`,
    label: 'Reason',
    hint: `Kept in the audit log. ${TOLD}`,
    submit: 'Remove content',
    busy: 'Removing…',
  },
  warn: {
    button: (r) => `Warn ${r.reported_user.name}`,
    title: (r) => `Warn ${r.reported_user.name}`,
    label: 'What should they know?',
    hint: `They read this in their notifications, word for word. ${TOLD}`,
    submit: 'Send warning',
    busy: 'Sending…',
  },
  ban: {
    button: (r) => `Ban ${r.reported_user.name}`,
    title: (r) => `Ban ${r.reported_user.name}`,
    label: 'Reason',
    hint: `They read it when they try to log in. ${TOLD}`,
    submit: 'Ban user',
    busy: 'Banning…',
  },
};

/** The actions the report offers now, and the form of the one chosen: the confirmation step. */
function Resolve({ reportRef, report }: { reportRef: AdminReportActorRef; report: AdminReport }) {
  const offers = useSelector(reportRef, reportOffers, (a, b) => a.join() === b.join());
  const open = useSelector(reportRef, isResolveFormOpen);
  return (
    <Section aria-labelledby="report-resolve">
      <h3 id="report-resolve">Resolve</h3>
      {offers.length > 0 && (
        <Actions>
          {offers.map((action) => (
            <Button
              key={action}
              $variant={action === 'ban' || action === 'remove_content' ? 'danger' : 'secondary'}
              onClick={() => reportRef.send({ type: 'resolve.opened', action })}
            >
              {ACTION_WORDS[action].button(report)}
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
  const words = ACTION_WORDS[draft.action];
  const form = resolveFormId(report.id);
  const idFor = (field: string) => fieldDomId(form, field);
  const set = (field: ResolveField) => (value: string) => reportRef.send({ type: 'resolve.fieldChanged', field, value });
  const title = words.title(report);
  return (
    <FormPanel>
      <h4>{title}</h4>
      <Form label={title} onSubmit={() => reportRef.send({ type: 'resolve.submitted' })}>
        <TextAreaField
          id={idFor('reason')}
          label={words.label}
          hint={words.hint}
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
          label={words.submit}
          busyLabel={words.busy}
          busy={busy}
          danger={draft.action === 'ban' || draft.action === 'remove_content'}
          onCancel={() => reportRef.send({ type: 'resolve.cancelled' })}
        />
      </Form>
    </FormPanel>
  );
}

/**
 * The list beside the report open for review on a wide screen; on a phone one or the
 * other, the report in the list's place with a way back.
 */
const Layout = styled.div<{ $selected: boolean }>`
  ${({ theme }) => theme.media.wide} {
    display: grid;
    grid-template-columns: minmax(0, 24rem) minmax(0, 1fr);
    gap: ${({ theme }) => theme.space(6)};
    align-items: start;
  }
  @media (max-width: 1023px) {
    > .list { display: ${({ $selected }) => ($selected ? 'none' : 'block')}; }
    > .detail { display: ${({ $selected }) => ($selected ? 'block' : 'none')}; }
  }
`;

const StatusChoice = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  > button { flex: 1; }
`;

const Entries = styled(PlainList).attrs({ as: 'ol' })`
  margin-bottom: ${({ theme }) => theme.space(4)};
  > li + li { margin-top: ${({ theme }) => theme.space(2)}; }
`;

const Entry = styled.button<{ $selected: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(1)};
  width: 100%;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => theme.space(3)};
  text-align: left;
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme, $selected }) => ($selected ? theme.colors.infoSurface : theme.colors.surface)};
  border: ${({ $selected }) => ($selected ? 2 : 1)}px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.large};
  box-shadow: ${({ theme }) => theme.shadow};
  cursor: pointer;
  overflow-wrap: anywhere;
  &:hover { background: ${({ theme, $selected }) => ($selected ? theme.colors.infoSurface : theme.colors.surfaceMuted)}; }
`;

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

const Lines = styled(PlainList)`
  li { padding: ${({ theme }) => theme.space(1)} 0; overflow-wrap: anywhere; }
`;

const Conversation = styled(PlainList).attrs({ as: 'ol' })`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
`;

const Message = styled.li<{ $reported: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  background: ${({ theme, $reported }) => ($reported ? theme.colors.dangerSurface : 'transparent')};
  border-left: 4px solid ${({ theme, $reported }) => ($reported ? theme.colors.danger : 'transparent')};
  overflow-wrap: anywhere;
  white-space: pre-wrap;
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  ${Badge} { margin-left: ${({ theme }) => theme.space(2)}; }
`;

const Removed = styled.p`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radius.medium};
`;

const Photo = styled.img`
  display: block;
  max-width: 100%;
  max-height: 24rem;
  border-radius: ${({ theme }) => theme.radius.medium};
`;

const PersonRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  p { margin: 0; }
  > div { display: flex; flex-direction: column; gap: ${({ theme }) => theme.space(1)}; min-width: 0; }
`;
