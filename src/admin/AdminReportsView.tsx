import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { AdminAction } from '../../contract/admin';
import type { AdminReport, ContextMessage, ResolveAction } from '../../contract/admin-reports';
import {
  isResolveFormOpen,
  isResolving,
  reportOffers,
  resolveFormId,
  type AdminReportActorRef,
  type ResolveField,
} from '../../machines/admin/admin-report.machine';
import {
  REPORT_DETAIL_HEADING,
  reportEntryDomId,
  selectReportsStatus,
  selectedRow,
  type AdminReportsActorRef,
  type ReportRow,
} from '../../machines/admin/admin-reports.machine';
import { pageSpan } from '../../machines/admin/admin-pages';
import { fieldDomId } from '../../machines/form-errors';
import { Form, FormError, TextAreaField } from '../components/form';
import { LoadState } from '../components/LoadState';
import { Avatar, Interests } from '../components/people';
import { Button, Card, Muted, PlainList, Row, Status } from '../components/ui';
import { AdminActor } from './adminContext';
import { accountStatus, Actions, Badge, BanFields, FormButtons, FormPanel, ListHead, Note, Pager, WidePage } from './AdminTable';
import { formatDate, formatDateTime } from './format';
import { RecentActions } from './RecentActions';
import { words } from '../i18n/i18n';
import { ADMIN } from '../i18n/en/admin';
import { ADMIN_REPORTS } from '../i18n/en/admin-reports';

const personOf = (r: AdminReport): string => `${r.reported_user.name} (@${r.reported_user.username})`;
const reporterOf = (who: { name: string; username: string | null }): string => (who.username ? `${who.name} (@${who.username})` : who.name);

/** admin-reports (issue 16): the moderator queue, one report open for review beside it. */
export function AdminReportsView() {
  const screen = AdminActor.useSelector((s) => s.children.reports);
  return (
    <WidePage>
      <h1>{words(ADMIN).views['admin-reports']}</h1>
      {screen ? <Queue screen={screen} /> : <Status role="status">{words(ADMIN_REPORTS).loading}</Status>}
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
  const w = words(ADMIN_REPORTS);
  const list = w.lists[shown];
  const { first, last } = pageSpan(paging);
  return (
    // On a phone the open report takes the screen, unless the list failed: then the list, with
    // what failed and Try again, comes back first.
    <Layout $selected={selected !== null && status !== 'failed'}>
      <div className="list">
        <StatusChoice role="group" aria-label={w.which}>
          {(['open', 'resolved'] as const).map((value) => (
            <Button
              key={value}
              $variant={value === shown ? 'primary' : 'secondary'}
              aria-pressed={value === shown}
              onClick={() => screen.send({ type: 'reports.statusChosen', status: value })}
            >
              {w.lists[value].tab}
            </Button>
          ))}
        </StatusChoice>
        <LoadState
          status={status}
          empty={rows.length === 0}
          loading={w.loading}
          failed={w.failed}
          failedWithContent="above"
          retry={() => screen.send({ type: 'view.reloaded' })}
          retryVariant="secondary"
          emptyText={list.empty}
        >
          <ListHead text={list.showing(first, last, paging.total)} busy={loading} onRefresh={() => screen.send({ type: 'view.reloaded' })} />
          <Entries aria-label={list.label} aria-busy={loading}>
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
          rows.length > 0 && <Muted>{w.choose}</Muted>
        )}
      </div>
    </Layout>
  );
}

const samePaging = (a: { page: number; total: number }, b: { page: number; total: number }) => a.page === b.page && a.total === b.total;

/** A report in the list: why, what, about whom, by whom and when. */
function ReportEntry({ row, selected, onSelect }: { row: ReportRow; selected: boolean; onSelect: () => void }) {
  const report = useSelector(row.ref, (s) => s.context.report);
  const w = words(ADMIN_REPORTS);
  return (
    <li>
      <Entry id={reportEntryDomId(report.id)} type="button" aria-current={selected ? 'true' : undefined} $selected={selected} onClick={onSelect}>
        <strong>
          {w.reasons[report.reason]} · {w.targets[report.target_type]}
        </strong>
        <span>{w.about(personOf(report))}</span>
        <Note>
          {w.by(report.reporter.name, report.other_reporters.length)} · {formatDateTime(report.created_at)}
        </Note>
        {report.resolution ? (
          <Badge $tone="muted">{w.resolutions[report.resolution.action]}</Badge>
        ) : (
          report.reported_user.held_for_review && <Badge $tone="warning">{words(ADMIN).heldForReview}</Badge>
        )}
      </Entry>
    </li>
  );
}

/** One report in full: what was reported in context, the person, their history, and what to do. */
function ReportDetail({ row, onClose }: { row: ReportRow; onClose: () => void }) {
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

/** The message with the ones around it, the photo, or a pointer to the profile. */
function ReportedThing({ report }: { report: AdminReport }) {
  const c = report.context;
  const w = words(ADMIN_REPORTS);
  const photo = report.target_type === 'photo';
  const where = c.place?.group_chat_name
    ? w.inGroupChat(c.place.group_chat_name, c.place.event_name)
    : c.place?.event_name
      ? w.atEvent(c.place.event_name)
      : report.target_type === 'message'
        ? w.inDirectChat
        : null;
  const removed = c.content_removed && (
    <Removed>
      {photo ? w.photoRemoved : w.messageRemoved}
      {c.reported_text && (
        <>
          {' '}
          {photo ? w.captionWas : w.itSaid}: <q>{c.reported_text}</q>
        </>
      )}
    </Removed>
  );
  if (report.target_type === 'user') return <Muted>{w.profileBelow(report.reported_user.name)}</Muted>;
  return (
    <>
      {where && <Muted>{where}</Muted>}
      {removed}
      {c.photo && (
        <figure>
          <Photo src={`data:image/jpeg;base64,${c.photo.photo_data}`} alt={w.photo(c.photo.caption)} />
          {c.photo.caption && <figcaption>{c.photo.caption}</figcaption>}
        </figure>
      )}
      {c.messages.length > 0 && (
        <Conversation aria-label={w.conversation}>
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
        {m.reported && <Badge $tone="warning">{words(ADMIN_REPORTS).reportedMark}</Badge>}
      </Note>
      <span>{m.message}</span>
    </Message>
  );
}

function Person({ report }: { report: AdminReport }) {
  const p = report.reported_user;
  const held = words(ADMIN).heldForReview;
  return (
    <PersonRow>
      <Avatar name={p.name} photo={p.photo_data} size={64} decorative />
      <div>
        <p>
          <strong>{p.name}</strong> (@{p.username}){p.age !== null && `, ${p.age}`}
          {p.occupation && ` · ${p.occupation}`}
        </p>
        <Note>
          {p.email} · {words(ADMIN_REPORTS).joined(formatDate(p.created_at))}
        </Note>
        <Row>
          <Badge $tone={p.is_banned ? 'warning' : 'ok'}>{accountStatus(p)}</Badge>
          {p.held_for_review && <Badge $tone="warning">{held}</Badge>}
        </Row>
        {p.held_for_review && <Note>{words(ADMIN_REPORTS).heldNote}</Note>}
        <Interests interests={p.interests} />
      </div>
    </PersonRow>
  );
}

function History({ report }: { report: AdminReport }) {
  const h = report.history;
  const actions: AdminAction[] = [...h.warnings, ...h.bans].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  const w = words(ADMIN_REPORTS);
  if (h.earlier_reports.length === 0 && actions.length === 0) return <Muted>{w.noHistory}</Muted>;
  return (
    <>
      <h4>{w.earlier}</h4>
      {h.earlier_reports.length === 0 ? (
        <Muted>{w.none}</Muted>
      ) : (
        <Lines>
          {h.earlier_reports.map((r) => (
            <li key={r.id}>
              {w.reasons[r.reason]} · {w.targets[r.target_type]} · {formatDate(r.created_at)} ·{' '}
              {r.status === 'open' ? w.open : r.resolution_action ? w.resolutions[r.resolution_action as ResolveAction] ?? r.resolution_action : w.resolved}
            </li>
          ))}
        </Lines>
      )}
      <h4>{w.warningsAndBans}</h4>
      <RecentActions actions={actions} empty={w.none} />
    </>
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
