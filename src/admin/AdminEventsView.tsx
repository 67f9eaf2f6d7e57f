import { useSelector } from '@xstate/react';
import type { AdminEvent } from '../../contract/admin-events';
import {
  eventFormId,
  eventOffers,
  eventStateText,
  isEventBusy,
  isEventFormOpen,
  type AdminEventActorRef,
} from '../../machines/admin/admin-event.machine';
import { selectEventsStatus, type AdminEventsActorRef, type EventRow } from '../../machines/admin/admin-events.machine';
import { pageSpan } from '../../machines/admin/admin-pages';
import { fieldDomId } from '../../machines/form-errors';
import { Form, FormError, TextAreaField } from '../components/form';
import { LoadState } from '../components/LoadState';
import { Button, Muted, Status } from '../components/ui';
import { AdminActor } from './adminContext';
import { Actions, Badge, Cell, FormButtons, FormPanel, FormRow, HeaderRow, ListHead, Note, Pager, Table, WidePage, type Tone } from './AdminTable';
import { formatDateTime } from './format';
import { words } from '../i18n/i18n';
import { ADMIN } from '../i18n/en/admin';
import { ADMIN_EVENTS } from '../i18n/en/admin-events';

/** The table's columns, in order. */
const columns = () => Object.values(words(ADMIN_EVENTS).columns);

/** admin-events (issue 16): every event with its attendees and reports; hide, show again or remove one, with a reason. */
export function AdminEventsView() {
  const screen = AdminActor.useSelector((s) => s.children.events);
  const w = words(ADMIN_EVENTS);
  return (
    <WidePage>
      <h1>{words(ADMIN).views['admin-events']}</h1>
      <Muted>{w.intro}</Muted>
      {screen ? <EventsList screen={screen} /> : <Status role="status">{w.loading}</Status>}
    </WidePage>
  );
}

function EventsList({ screen }: { screen: AdminEventsActorRef }) {
  const status = useSelector(screen, selectEventsStatus);
  const paging = useSelector(screen, (s) => ({ page: s.context.page, total: s.context.total }), samePaging);
  const rows = useSelector(screen, (s) => s.context.rows);
  const loading = status === 'loading';
  const { first, last } = pageSpan(paging);
  const w = words(ADMIN_EVENTS);
  return (
    <LoadState
      status={status}
      empty={rows.length === 0}
      loading={w.loading}
      failed={w.failed}
      failedWithContent="above"
      retry={() => screen.send({ type: 'view.reloaded' })}
      retryVariant="secondary"
      emptyText={w.empty}
    >
      <ListHead text={words(ADMIN).showing(first, last, paging.total)} busy={loading} onRefresh={() => screen.send({ type: 'view.reloaded' })} />
      <Table aria-label={w.table} role="table" aria-busy={loading}>
        <HeaderRow columns={columns()} />
        <tbody role="rowgroup">
          {rows.map((row) => (
            <EventRowView key={row.ref.id} row={row} />
          ))}
        </tbody>
      </Table>
      <Pager
        paging={paging}
        busy={loading}
        onPrevious={() => screen.send({ type: 'events.previousPage' })}
        onNext={() => screen.send({ type: 'events.nextPage' })}
      />
    </LoadState>
  );
}

const samePaging = (a: { page: number; total: number }, b: { page: number; total: number }) => a.page === b.page && a.total === b.total;

const TONES: Record<ReturnType<typeof eventStateText>, Tone> = { Shown: 'ok', Hidden: 'warning', Removed: 'muted' };

/** One event: its facts, its state, and what its chart offers right now. */
function EventRowView({ row }: { row: EventRow }) {
  const ref = row.ref;
  const event = useSelector(ref, (s) => s.context.event);
  const state = useSelector(ref, eventStateText);
  const offers = useSelector(ref, eventOffers, (a, b) => a.hide === b.hide && a.unhide === b.unhide && a.remove === b.remove);
  const formOpen = useSelector(ref, isEventFormOpen);
  const busy = useSelector(ref, isEventBusy);
  const w = words(ADMIN_EVENTS);
  const c = w.columns;
  return (
    <>
      <tr role="row" aria-label={event.name}>
        <Cell label={c.event}>
          <strong>{event.name}</strong>
          <Note>
            {event.location} · {event.event_type}
          </Note>
        </Cell>
        <Cell label={c.starts}>{formatDateTime(event.start_time)}</Cell>
        <Cell label={c.createdBy}>{event.created_by ? `${event.created_by.name} (@${event.created_by.username})` : w.accountDeleted}</Cell>
        <Cell label={c.attendees}>{event.attendee_count}</Cell>
        <Cell label={c.openReports}>{event.open_reports}</Cell>
        <Cell label={c.state}>
          <Badge $tone={TONES[state]}>{w.states[state]}</Badge>
          {state === 'Hidden' && event.hidden_at && <Note>{w.since(formatDateTime(event.hidden_at))}</Note>}
          {state === 'Hidden' && event.hidden_reason && <Note>{event.hidden_reason}</Note>}
        </Cell>
        <Cell label={c.actions}>
          <Actions>
            {offers.hide && (
              <Button $small $variant="secondary" aria-label={w.forms.hide.title(event.name)} onClick={() => ref.send({ type: 'hide.requested' })}>
                {w.hide}
              </Button>
            )}
            {offers.unhide && (
              <Button $small $variant="secondary" aria-label={w.forms.unhide.title(event.name)} onClick={() => ref.send({ type: 'unhide.requested' })}>
                {w.showAgain}
              </Button>
            )}
            {offers.remove && (
              <Button $small $variant="secondary" aria-label={w.forms.remove.title(event.name)} onClick={() => ref.send({ type: 'remove.requested' })}>
                {w.remove}
              </Button>
            )}
            {formOpen && !busy && <Muted as="span">{w.formOpen}</Muted>}
            {busy && <Muted as="span">{words(ADMIN).working}</Muted>}
          </Actions>
        </Cell>
      </tr>
      {formOpen && (
        <FormRow columns={columns().length}>
          <ModerationForm eventRef={ref} event={event} />
        </FormRow>
      )}
    </>
  );
}

/** The reason, then the action: the confirmation step before anything is sent. */
function ModerationForm({ eventRef, event }: { eventRef: AdminEventActorRef; event: AdminEvent }) {
  const action = useSelector(eventRef, (s) => s.context.action);
  const reason = useSelector(eventRef, (s) => s.context.reason);
  const errors = useSelector(eventRef, (s) => s.context.errors);
  const busy = useSelector(eventRef, isEventBusy);
  const w = words(ADMIN_EVENTS).forms[action];
  const form = eventFormId(event.id);
  const title = w.title(event.name);
  return (
    <FormPanel>
      <h2>{title}</h2>
      <Form label={title} onSubmit={() => eventRef.send({ type: 'moderation.submitted' })}>
        <TextAreaField
          id={fieldDomId(form, 'reason')}
          label={words(ADMIN).reason}
          hint={w.hint}
          required
          value={reason}
          onChange={(value) => eventRef.send({ type: 'moderation.reasonChanged', value })}
          error={errors.fields.reason}
        />
        <FormError form={form} message={errors.form} />
        <FormButtons
          label={w.submit}
          busyLabel={w.busy}
          busy={busy}
          danger={action !== 'unhide'}
          onCancel={() => eventRef.send({ type: 'moderation.cancelled' })}
        />
      </Form>
    </FormPanel>
  );
}
