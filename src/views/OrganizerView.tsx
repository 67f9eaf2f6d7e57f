import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ANXIETY_FEATURE_LABELS, ANXIETY_FEATURES } from '../../contract/constants';
import { ANNOUNCEMENT_MAX, ANNOUNCEMENTS_PER_HOUR, CANCEL_REASON_MAX } from '../../contract/organizer-words';
import type { EventDraftField } from '../../machines/create-event.machine';
import { ownTimeZone, timeZoneLabel } from '../../contract/zoned-time';
import { ZoneEditor } from '../components/ZoneEditor';
import { fieldDomId } from '../../machines/form-errors';
import { chartOf } from '../../machines/lazy-charts';
import {
  canAddCoOrganizers,
  selectEditing,
  selectPage,
  selectPickable,
  selectPicker,
  selectSectionStatus,
  type OrganizerActorRef,
  type SectionStatus,
} from '../../machines/organizer.machine';
import { ANNOUNCEMENT_FORM, CANCEL_FORM, EDIT_EVENT_FORM, GROUP_FORM, eventTimeZone, type GroupField } from '../../machines/organizer-forms';
import { AppActor } from '../appContext';
import { Choice, Field, Fieldset, Form, FormError, SendOrCancel, TextAreaField } from '../components/form';
import { dayAndTime, featureLabel, typeLabel, ZONE_TYPE_LABELS } from '../components/format';
import { EventBasics } from '../components/EventBasics';
import { LoadState } from '../components/LoadState';
import { DialogAbout, Modal, ModalForm } from '../components/Modal';
import { Button, Card, Muted, PlainList, Row, Status, Tag, TagList } from '../components/ui';
import { ViewPage } from '../components/ViewPage';

/**
 * organizer (issue 17): an event's organizer tools, for its organizer and co-organizers:
 * its details, safe zones, interest groups, co-organizers, announcements, analytics and,
 * last, cancelling it. Each section loads, fails and is tried again on its own.
 */
export function OrganizerView() {
  const organizer = AppActor.useSelector((s) => chartOf(s, 'organizer'));
  const inEvent = AppActor.useSelector((s) => s.context.currentEvent !== null);
  const app = AppActor.useActorRef();
  return (
    <ViewPage back={inEvent ? 'event' : 'events'} title="Organize">
      {organizer ? (
        <OrganizerPage organizer={organizer} />
      ) : (
        !inEvent && (
          <Card>
            <p>Open one of your events first to organize it.</p>
            <Button onClick={() => app.send({ type: 'view.opened', view: 'events' })}>Back to events</Button>
          </Card>
        )
      )}
    </ViewPage>
  );
}

type Props = { organizer: OrganizerActorRef };

function OrganizerPage({ organizer }: Props) {
  const page = useSelector(organizer, selectPage);
  const name = useSelector(organizer, (s) => s.context.event.name);
  const role = useSelector(organizer, (s) => s.context.event.organizer_role);
  const app = AppActor.useActorRef();
  if (page === 'forbidden') {
    return (
      <Card role="status">
        <p>Only the event's organizers can use this page.</p>
        <Row>
          <Button onClick={() => app.send({ type: 'view.opened', view: 'event' })}>Back to the event</Button>
          <Button $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'events' })}>
            Back to events
          </Button>
        </Row>
      </Card>
    );
  }
  if (page === 'gone') {
    return (
      <Card role="status">
        <p>This event is no longer here. It may have been cancelled.</p>
        <Button onClick={() => app.send({ type: 'view.opened', view: 'events' })}>Back to events</Button>
      </Card>
    );
  }
  return (
    <>
      <Muted>
        {name} · {role === 'organizer' ? 'You organize this event.' : 'You help organize this event.'} Only its organizers see this page.
      </Muted>
      <DetailsSection organizer={organizer} />
      <ZonesSection organizer={organizer} />
      <GroupsSection organizer={organizer} />
      <OrganizersSection organizer={organizer} />
      <AnnouncementsSection organizer={organizer} />
      <Section title="Analytics" id="organizer-analytics">
        <Muted>How the event is going, from what its attendees do here.</Muted>
        <Button $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'analytics' })}>
          Open analytics
        </Button>
      </Section>
      <CancelSection organizer={organizer} />
    </>
  );
}

/** A section of the page: its heading names the region. */
function Section({ title, id, children, danger = false }: { title: string; id: string; children: ReactNode; danger?: boolean }) {
  return (
    <SectionCard aria-labelledby={`${id}-title`} $danger={danger}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </SectionCard>
  );
}

/** Loading and failure of a section's list, with Try again (LoadState's words and roles). */
function SectionLoad({
  status,
  what,
  retry,
  empty,
  emptyText,
  children,
}: {
  status: SectionStatus;
  what: string;
  retry: () => void;
  empty: boolean;
  emptyText?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <LoadState
      status={status}
      empty={empty || status !== 'ready'}
      loading={`Loading ${what}…`}
      failed={`We couldn't load ${what} just now.`}
      retry={retry}
      retryVariant="secondary"
      emptyText={status === 'ready' ? emptyText : undefined}
    >
      {children}
    </LoadState>
  );
}

const whenFormats = new Map<string, Intl.DateTimeFormat>();
/** "Sat 1 May, 18:00" on the wall clock of `zone`. */
function dayTimeIn(iso: string, zone: string): string {
  let f = whenFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: zone });
    whenFormats.set(zone, f);
  }
  return f.format(new Date(iso));
}

function DetailsSection({ organizer }: Props) {
  const status = useSelector(organizer, (s) => selectSectionStatus(s, 'details'));
  const editing = useSelector(organizer, selectEditing);
  const event = useSelector(organizer, (s) => s.context.event);
  const zone = eventTimeZone(event);
  const own = ownTimeZone();
  return (
    <Section title="Event details" id="organizer-details">
      <SectionLoad status={status} what="the event's details" retry={() => organizer.send({ type: 'details.reloaded' })} empty={false}>
        {editing === 'closed' ? (
          <>
            <Facts>
              <dt>Name</dt>
              <dd>{event.name}</dd>
              <dt>Type</dt>
              <dd>{typeLabel(event.event_type)}</dd>
              <dt>Starts</dt>
              <dd>
                {dayTimeIn(event.start_time, zone)}
                {own !== zone && <small> ({dayTimeIn(event.start_time, own)} your time)</small>}
              </dd>
              <dt>Ends</dt>
              <dd>{dayTimeIn(event.end_time, zone)}</dd>
              <dt>Time zone</dt>
              <dd>{timeZoneLabel(zone)}</dd>
              <dt>Where</dt>
              <dd>{event.location}</dd>
            </Facts>
            <p>{event.description}</p>
            {event.anxiety_friendly_features.length > 0 && (
              <TagList aria-label="Anxiety-friendly features">
                {event.anxiety_friendly_features.map((f) => (
                  <Tag key={f}>{featureLabel(f)}</Tag>
                ))}
              </TagList>
            )}
            <Button $variant="secondary" onClick={() => organizer.send({ type: 'details.editRequested' })}>
              Edit details
            </Button>
          </>
        ) : (
          <EditDetailsForm organizer={organizer} saving={editing === 'saving'} zone={zone} />
        )}
      </SectionLoad>
    </Section>
  );
}

function EditDetailsForm({ organizer, saving, zone }: Props & { saving: boolean; zone: string }) {
  const d = useSelector(organizer, (s) => s.context.draft);
  const errors = useSelector(organizer, (s) => s.context.detailsErrors);
  const prop = (field: EventDraftField) => ({
    id: fieldDomId(EDIT_EVENT_FORM, field),
    error: errors.fields[field],
    onChange: (value: string) => organizer.send({ type: 'details.fieldChanged', field, value }),
  });
  const timeHint = `On the clock of the event's time zone, ${timeZoneLabel(zone)}.`;
  return (
    <Form label="Edit event details" onSubmit={() => organizer.send({ type: 'details.submitted' })}>
      <EventBasics prop={prop} draft={d} />
      <Field {...prop('start')} label="Starts" type="datetime-local" value={d.start} required hint={timeHint} />
      <Field {...prop('end')} label="Ends" type="datetime-local" value={d.end} required hint={timeHint} />
      <Fieldset>
        <legend>Anxiety-friendly features</legend>
        {ANXIETY_FEATURES.map((f) => (
          <Choice
            key={f}
            id={`edit-feature-${f}`}
            label={ANXIETY_FEATURE_LABELS[f]}
            checked={d.features.includes(f)}
            onChange={() => organizer.send({ type: 'details.featureToggled', feature: f })}
          />
        ))}
      </Fieldset>
      <Muted>Attendees are told when the place or the start time changes.</Muted>
      <FormError form={EDIT_EVENT_FORM} message={errors.form} />
      <SendOrCancel send="Save changes" busy="Saving…" sending={saving} onCancel={() => organizer.send({ type: 'details.editCancelled' })} />
    </Form>
  );
}

function ZonesSection({ organizer }: Props) {
  const status = useSelector(organizer, (s) => selectSectionStatus(s, 'zones'));
  const zones = useSelector(organizer, (s) => s.context.zones);
  const editingZone = useSelector(organizer, (s) => s.context.editingZone);
  const zoneEditor = useSelector(organizer, (s) => s.children.zoneEditor);
  const removing = useSelector(organizer, (s) => s.context.removingZone);
  const busy = useSelector(organizer, (s) => s.matches({ open: { zones: 'removing' } }));
  const problem = useSelector(organizer, (s) => s.context.zoneProblem);
  const ready = useSelector(organizer, (s) => s.matches({ open: { zones: 'ready' } }));
  return (
    <Section title="Safe zones" id="organizer-zones">
      <Muted>Quiet places to take a break, and areas where people are hidden from others nearby.</Muted>
      {problem && <Problem role="alert">{problem}</Problem>}
      <SectionLoad
        status={status}
        what="the safe zones"
        retry={() => organizer.send({ type: 'zones.reloaded' })}
        empty={zones.length === 0}
        emptyText="No zones yet. A quiet room is a good first one."
      >
        <PlainList aria-label="Safe zones">
          {zones.map((z) => (
            <Item key={z.id}>
              <div>
                <strong>{z.name}</strong>
                <Muted>
                  {ZONE_TYPE_LABELS[z.zone_type]} · within {z.radius_meters} m
                </Muted>
              </div>
              <ItemActions>
                <Button $small $variant="secondary" disabled={!ready} aria-label={`Edit ${z.name}`} onClick={() => organizer.send({ type: 'zone.editRequested', zoneId: z.id })}>
                  Edit
                </Button>
                <Button $small $variant="secondary" disabled={!ready} aria-label={`Remove ${z.name}`} onClick={() => organizer.send({ type: 'zone.removeRequested', zoneId: z.id })}>
                  Remove
                </Button>
              </ItemActions>
            </Item>
          ))}
        </PlainList>
      </SectionLoad>
      {editingZone && zoneEditor ? (
        <ZoneEditor actor={zoneEditor} />
      ) : (
        status === 'ready' && (
          <Button onClick={() => organizer.send({ type: 'zone.addRequested' })} disabled={!ready}>
            Add a zone
          </Button>
        )
      )}
      {removing && (
        <Modal labelledBy="remove-zone-title" describedBy="remove-zone-about" onClose={() => !busy && organizer.send({ type: 'zone.removeCancelled' })}>
          <h2 id="remove-zone-title">Remove “{removing.name}”?</h2>
          <DialogAbout id="remove-zone-about">Attendees stop seeing it at once, and the location check no longer uses it.</DialogAbout>
          <Row>
            <Button $variant="danger" disabled={busy} onClick={() => organizer.send({ type: 'zone.removeConfirmed' })}>
              {busy ? 'Removing…' : 'Remove zone'}
            </Button>
            <Button $variant="secondary" disabled={busy} onClick={() => organizer.send({ type: 'zone.removeCancelled' })}>
              Keep it
            </Button>
          </Row>
        </Modal>
      )}
    </Section>
  );
}

function GroupsSection({ organizer }: Props) {
  const status = useSelector(organizer, (s) => selectSectionStatus(s, 'groups'));
  const groups = useSelector(organizer, (s) => s.context.groups);
  const newGroupId = useSelector(organizer, (s) => s.context.newGroupId);
  const d = useSelector(organizer, (s) => s.context.groupDraft);
  const errors = useSelector(organizer, (s) => s.context.groupErrors);
  const creating = useSelector(organizer, (s) => s.matches({ open: { groups: 'creating' } }));
  const prop = (field: GroupField) => ({
    id: fieldDomId(GROUP_FORM, field),
    error: errors.fields[field],
    onChange: (value: string) => organizer.send({ type: 'group.fieldChanged', field, value }),
  });
  return (
    <Section title="Interest groups" id="organizer-groups">
      <SectionLoad
        status={status}
        what="the interest groups"
        retry={() => organizer.send({ type: 'groups.reloaded' })}
        empty={groups.length === 0}
        emptyText="No interest groups yet. A group gives people who like the same thing an easy way in."
      >
        <PlainList aria-label="Interest groups">
          {groups.map((g) => (
            <Item key={g.id}>
              <div>
                <strong>{g.name}</strong>
                <Muted>
                  {g.interest_tag} · {g.member_count === 1 ? '1 member' : `${g.member_count} members`}
                  {g.id === newGroupId && ' · New, with its own group chat'}
                </Muted>
                {g.description && <Muted>{g.description}</Muted>}
              </div>
            </Item>
          ))}
        </PlainList>
      </SectionLoad>
      {(status === 'ready' || creating) && (
        <Form label="Start an interest group" onSubmit={() => organizer.send({ type: 'group.submitted' })}>
          <h3>Start a group</h3>
          <Field {...prop('name')} label="Name" value={d.name} required />
          <TextAreaField {...prop('description')} label="Description (optional)" value={d.description} rows={2} />
          <Field {...prop('interest_tag')} label="Interest" value={d.interest_tag} required hint="A word or two, such as board games" />
          <FormError form={GROUP_FORM} message={errors.form} />
          <Button type="submit" disabled={creating}>
            {creating ? 'Starting…' : 'Start the group'}
          </Button>
        </Form>
      )}
    </Section>
  );
}

function OrganizersSection({ organizer }: Props) {
  const status = useSelector(organizer, (s) => selectSectionStatus(s, 'organizers'));
  const organizers = useSelector(organizer, (s) => s.context.organizers);
  const me = useSelector(organizer, (s) => s.context.user.id);
  const mayAdd = useSelector(organizer, (s) => canAddCoOrganizers(s.context.event));
  const picker = useSelector(organizer, selectPicker);
  return (
    <Section title="Co-organizers" id="organizer-people">
      <Muted>Co-organizers can do everything on this page, cancelling the event included.</Muted>
      <SectionLoad status={status} what="the organizers" retry={() => organizer.send({ type: 'organizers.reloaded' })} empty={organizers.length === 0}>
        <PlainList aria-label="Organizers">
          {organizers.map((o, i) => (
            <Item key={o.id ?? `anonymous-${i}`}>
              <span>
                <strong>{o.name}</strong>
                {o.id === me && ' (you)'}
              </span>
              <Muted as="span">{o.role === 'organizer' ? 'Organizer' : 'Co-organizer'}</Muted>
            </Item>
          ))}
        </PlainList>
      </SectionLoad>
      {status === 'ready' &&
        mayAdd &&
        (picker === 'closed' ? (
          <Button $variant="secondary" onClick={() => organizer.send({ type: 'coOrganizer.pickerOpened' })}>
            Add a co-organizer
          </Button>
        ) : (
          <CoOrganizerPicker organizer={organizer} picker={picker} />
        ))}
    </Section>
  );
}

function CoOrganizerPicker({ organizer, picker }: Props & { picker: ReturnType<typeof selectPicker> }) {
  const { shown: people, more } = useSelector(organizer, selectPickable, (a, b) => a.more === b.more && a.shown.length === b.shown.length && a.shown.every((p, i) => p === b.shown[i]));
  const query = useSelector(organizer, (s) => s.context.attendeeQuery);
  const addingId = useSelector(organizer, (s) => s.context.addingId);
  const problem = useSelector(organizer, (s) => s.context.organizersProblem);
  return (
    <Picker role="region" aria-label="Add a co-organizer">
      <h3>Add a co-organizer</h3>
      {picker === 'loading' && <Status role="status">Loading the attendees…</Status>}
      {picker === 'failed' && (
        <>
          <p>We couldn't load the attendees just now.</p>
          <Button $variant="secondary" onClick={() => organizer.send({ type: 'coOrganizer.pickerOpened' })}>
            Try again
          </Button>
        </>
      )}
      {(picker === 'choosing' || picker === 'adding') && (
        <>
          <Field
            id="co-organizer-search"
            label="Search the attendees by name"
            type="search"
            value={query}
            onChange={(value) => organizer.send({ type: 'coOrganizer.searched', query: value })}
          />
          {problem && <Problem role="alert">{problem}</Problem>}
          {people.length === 0 ? (
            <Status>{query.trim() ? 'Nobody by that name has joined.' : 'Nobody else who has joined can be added yet.'}</Status>
          ) : (
            <PlainList aria-label="Attendees">
              {people.map((p) => (
                <Item key={p.id}>
                  <span>{p.name}</span>
                  <Button
                    $small
                    disabled={picker === 'adding'}
                    aria-label={`Make ${p.name} a co-organizer`}
                    onClick={() => organizer.send({ type: 'coOrganizer.picked', userId: p.id })}
                  >
                    {addingId === p.id ? 'Adding…' : 'Add'}
                  </Button>
                </Item>
              ))}
            </PlainList>
          )}
          {more > 0 && <Muted>{more === 1 ? 'And 1 more' : `And ${more} more`}: search by name to find them.</Muted>}
        </>
      )}
      <Button $variant="secondary" disabled={picker === 'adding'} onClick={() => organizer.send({ type: 'coOrganizer.pickerClosed' })}>
        Done
      </Button>
    </Picker>
  );
}

/** "You can send 2 more this hour." / "The next can go out at 15:42." */
function capWords(cap: { left_this_hour: number; next_at: string | null }): string {
  if (cap.left_this_hour > 0) return `You can send ${cap.left_this_hour} more this hour (${ANNOUNCEMENTS_PER_HOUR} an hour at most).`;
  return cap.next_at ? `The next one can go out ${dayAndTime(cap.next_at)}.` : `That's ${ANNOUNCEMENTS_PER_HOUR} this hour, which is plenty.`;
}

function AnnouncementsSection({ organizer }: Props) {
  const status = useSelector(organizer, (s) => selectSectionStatus(s, 'announcements'));
  const announcements = useSelector(organizer, (s) => s.context.announcements);
  const cap = useSelector(organizer, (s) => s.context.cap);
  const capNote = useSelector(organizer, (s) => s.context.capNote);
  const draft = useSelector(organizer, (s) => s.context.announcementDraft);
  const errors = useSelector(organizer, (s) => s.context.announcementErrors);
  const sending = useSelector(organizer, (s) => s.matches({ open: { announcements: 'sending' } }));
  return (
    <Section title="Announcements" id="organizer-announcements">
      <Muted>One calm message to everyone who joined, live and in their notifications.</Muted>
      <SectionLoad status={status} what="the announcements" retry={() => organizer.send({ type: 'announcements.reloaded' })} empty={false}>
        <Form label="Send an announcement" onSubmit={() => organizer.send({ type: 'announcement.submitted' })}>
          <TextAreaField
            id={fieldDomId(ANNOUNCEMENT_FORM, 'message')}
            label="Announcement"
            value={draft}
            rows={3}
            maxLength={ANNOUNCEMENT_MAX}
            hint={`${draft.length} of ${ANNOUNCEMENT_MAX} characters`}
            error={errors.fields.message}
            onChange={(value) => organizer.send({ type: 'announcement.changed', value })}
          />
          {capNote ? <Note role="status">{capNote}</Note> : cap && <Muted>{capWords(cap)}</Muted>}
          <FormError form={ANNOUNCEMENT_FORM} message={errors.form} />
          <Button type="submit" disabled={sending}>
            {sending ? 'Sending…' : 'Send announcement'}
          </Button>
        </Form>
        <h3>Sent</h3>
        {announcements.length === 0 ? (
          <Status>No announcements yet.</Status>
        ) : (
          <PlainList aria-label="Sent announcements">
            {announcements.map((a) => (
              <Item key={a.id} $stacked>
                <Muted as="span">{dayAndTime(a.created_at)}</Muted>
                <span>{a.message}</span>
              </Item>
            ))}
          </PlainList>
        )}
      </SectionLoad>
    </Section>
  );
}

function CancelSection({ organizer }: Props) {
  const open = useSelector(organizer, (s) => !s.matches({ open: { cancel: 'idle' } }));
  const busy = useSelector(organizer, (s) => s.matches({ open: { cancel: 'cancelling' } }) || s.matches({ open: { cancel: 'cancelled' } }));
  const name = useSelector(organizer, (s) => s.context.event.name);
  const reason = useSelector(organizer, (s) => s.context.cancelReason);
  const errors = useSelector(organizer, (s) => s.context.cancelErrors);
  return (
    <Section title="Cancel the event" id="organizer-cancel" danger>
      <Muted>Cancelling removes the event for everyone. Everyone who joined is told kindly, with your reason.</Muted>
      <Button $variant="danger" onClick={() => organizer.send({ type: 'cancel.requested' })}>
        Cancel this event…
      </Button>
      {open && (
        <ModalForm
          title={`Cancel “${name}”?`}
          about="Everyone who joined will be told, kindly, with the reason you give. This can't be undone."
          submit={['Cancel the event', 'Cancelling…']}
          busy={busy}
          danger
          dismiss="Keep the event"
          onSubmit={() => organizer.send({ type: 'cancel.submitted' })}
          onCancel={() => organizer.send({ type: 'cancel.dismissed' })}
        >
          <TextAreaField
            id={fieldDomId(CANCEL_FORM, 'reason')}
            label="Reason"
            value={reason}
            required
            maxLength={CANCEL_REASON_MAX}
            hint={`${reason.length} of ${CANCEL_REASON_MAX} characters`}
            error={errors.fields.reason}
            onChange={(value) => organizer.send({ type: 'cancel.reasonChanged', value })}
          />
          <FormError form={CANCEL_FORM} message={errors.form} />
        </ModalForm>
      )}
    </Section>
  );
}

const SectionCard = styled(Card)<{ $danger: boolean }>`
  border-color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.border)};
  h2 { margin-top: 0; }
  h3 { font-size: ${({ theme }) => theme.font.size.body}; margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)}; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Item = styled.li<{ $stacked?: boolean }>`
  display: flex;
  flex-direction: ${({ $stacked }) => ($stacked ? 'column' : 'row')};
  justify-content: space-between;
  align-items: ${({ $stacked }) => ($stacked ? 'flex-start' : 'center')};
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;
  ${Muted} { margin: 0; }
  &:last-child { border-bottom: none; }
`;

/** A list item's buttons stay side by side beside its words. */
const ItemActions = styled.div`
  display: flex;
  flex: none;
  gap: ${({ theme }) => theme.space(2)};
`;

const Picker = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
  padding-top: ${({ theme }) => theme.space(2)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/** The cap reached: said calmly, not as an error. */
const Note = styled.p`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.infoSurface};
  color: ${({ theme }) => theme.colors.text};
`;
