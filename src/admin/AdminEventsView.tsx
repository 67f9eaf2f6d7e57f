import { useSelector } from '@xstate/react';
import type { AdminEvent } from '../../contract/admin-events';
import {
  eventFormId,
  eventOffers,
  eventStateText,
  isEventBusy,
  isEventFormOpen,
  type AdminEventActorRef,
  type EventModeration,
} from '../../machines/admin-event.machine';
import { selectEventsStatus, type AdminEventsActorRef, type EventRow } from '../../machines/admin-events.machine';
import { pageSpan } from '../../machines/admin-pages';
import { fieldDomId } from '../../machines/form-errors';
import { Form, FormError, TextAreaField } from '../components/form';
import { LoadState } from '../components/LoadState';
import { Button, Muted, Status } from '../components/ui';
import { AdminActor } from './adminContext';
import { Actions, Badge, Cell, FormButtons, FormPanel, FormRow, HeaderRow, ListHead, Note, Pager, Table, WidePage, type Tone } from './AdminTable';
import { formatDateTime } from './format';

const COLUMNS = ['Event', 'Starts', 'Created by', 'Attendees', 'Open reports', 'State', 'Actions'] as const;

/** admin-events (issue 16): every event with its attendees and reports; hide, show again or remove one, with a reason. */
export function AdminEventsView() {
  const screen = AdminActor.useSelector((s) => s.children.events);
  return (
    <WidePage>
      <h1>Events</h1>
      <Muted>Every event, newest start first, hidden ones too. Attendees are told kindly when an event is taken down, never why.</Muted>
      {screen ? <EventsList screen={screen} /> : <Status role="status">Loading events…</Status>}
    </WidePage>
  );
}

function EventsList({ screen }: { screen: AdminEventsActorRef }) {
  const status = useSelector(screen, selectEventsStatus);
  const paging = useSelector(screen, (s) => ({ page: s.context.page, total: s.context.total }), samePaging);
  const rows = useSelector(screen, (s) => s.context.rows);
  const loading = status === 'loading';
  const { first, last } = pageSpan(paging);
  return (
    <LoadState
      status={status}
      empty={rows.length === 0}
      loading="Loading events…"
      failed="We couldn't load the events just now."
      failedWithContent="above"
      retry={() => screen.send({ type: 'view.reloaded' })}
      retryVariant="secondary"
      emptyText="No events yet."
    >
      <ListHead text={`Showing ${first}–${last} of ${paging.total}`} busy={loading} onRefresh={() => screen.send({ type: 'view.reloaded' })} />
      <Table aria-label="Events" role="table" aria-busy={loading}>
        <HeaderRow columns={COLUMNS} />
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
  return (
    <>
      <tr role="row" aria-label={event.name}>
        <Cell label="Event">
          <strong>{event.name}</strong>
          <Note>
            {event.location} · {event.event_type}
          </Note>
        </Cell>
        <Cell label="Starts">{formatDateTime(event.start_time)}</Cell>
        <Cell label="Created by">{event.created_by ? `${event.created_by.name} (@${event.created_by.username})` : 'Account deleted'}</Cell>
        <Cell label="Attendees">{event.attendee_count}</Cell>
        <Cell label="Open reports">{event.open_reports}</Cell>
        <Cell label="State">
          <Badge $tone={TONES[state]}>{state}</Badge>
          {state === 'Hidden' && event.hidden_at && <Note>Since {formatDateTime(event.hidden_at)}</Note>}
          {state === 'Hidden' && event.hidden_reason && <Note>{event.hidden_reason}</Note>}
        </Cell>
        <Cell label="Actions">
          <Actions>
            {offers.hide && (
              <Button $small $variant="secondary" aria-label={`Hide ${event.name}`} onClick={() => ref.send({ type: 'hide.requested' })}>
                Hide
              </Button>
            )}
            {offers.unhide && (
              <Button $small $variant="secondary" aria-label={`Show ${event.name} again`} onClick={() => ref.send({ type: 'unhide.requested' })}>
                Show again
              </Button>
            )}
            {offers.remove && (
              <Button $small $variant="secondary" aria-label={`Remove ${event.name}`} onClick={() => ref.send({ type: 'remove.requested' })}>
                Remove
              </Button>
            )}
            {formOpen && !busy && <Muted as="span">Form open below</Muted>}
            {busy && <Muted as="span">Working…</Muted>}
          </Actions>
        </Cell>
      </tr>
      {formOpen && (
        <FormRow columns={COLUMNS.length}>
          <ModerationForm eventRef={ref} event={event} />
        </FormRow>
      )}
    </>
  );
}

const FORM_WORDS: Record<EventModeration, { title: (name: string) => string; hint: string; submit: string; busy: string }> = {
  hide: {
    title: (name) => `Hide ${name}`,
    hint: 'Kept in the audit log. Its attendees are told kindly that it was taken down, not why; it can be shown again.',
    submit: 'Hide event',
    busy: 'Hiding…',
  },
  unhide: {
    title: (name) => `Show ${name} again`,
    hint: 'Kept in the audit log. The event is back for its attendees as it was; nobody is notified.',
    submit: 'Show event again',
    busy: 'Showing…',
  },
  remove: {
    title: (name) => `Remove ${name}`,
    hint: 'Kept in the audit log. The event goes for good, with its chats, photos and feed; its attendees are told kindly, not why.',
    submit: 'Remove event',
    busy: 'Removing…',
  },
};

/** The reason, then the action: the confirmation step before anything is sent. */
function ModerationForm({ eventRef, event }: { eventRef: AdminEventActorRef; event: AdminEvent }) {
  const action = useSelector(eventRef, (s) => s.context.action);
  const reason = useSelector(eventRef, (s) => s.context.reason);
  const errors = useSelector(eventRef, (s) => s.context.errors);
  const busy = useSelector(eventRef, isEventBusy);
  const words = FORM_WORDS[action];
  const form = eventFormId(event.id);
  const title = words.title(event.name);
  return (
    <FormPanel>
      <h2>{title}</h2>
      <Form label={title} onSubmit={() => eventRef.send({ type: 'moderation.submitted' })}>
        <TextAreaField
          id={fieldDomId(form, 'reason')}
          label="Reason"
          hint={words.hint}
          required
          value={reason}
          onChange={(value) => eventRef.send({ type: 'moderation.reasonChanged', value })}
          error={errors.fields.reason}
        />
        <FormError form={form} message={errors.form} />
        <FormButtons
          label={words.submit}
          busyLabel={words.busy}
          busy={busy}
          danger={action !== 'unhide'}
          onCancel={() => eventRef.send({ type: 'moderation.cancelled' })}
        />
      </Form>
    </FormPanel>
  );
}
