import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ANXIETY_FEATURES, type EventType } from '../../contract/constants';
import { ANNOUNCEMENT_MAX, ANNOUNCEMENTS_PER_HOUR, CANCEL_REASON_MAX } from '../../contract/organizer-words';
import type { EventDraftField } from '../../machines/organizer/create-event.machine';
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
} from '../../machines/organizer/organizer.machine';
import { ANNOUNCEMENT_FORM, CANCEL_FORM, EDIT_EVENT_FORM, GROUP_FORM, eventTimeZone, type GroupField } from '../../machines/organizer/organizer-forms';
import { AppActor } from '../appContext';
import { Choice, Field, Fieldset, Form, FormError, SendOrCancel, TextAreaField } from '../components/form';
import { dayAndTime, featureLabel, localeFor, typeLabel } from '../components/format';
import { EventBasics } from '../components/EventBasics';
import { LoadState } from '../components/LoadState';
import { DialogAbout, Modal, ModalForm } from '../components/Modal';
import { Button, Card, Muted, PlainList, Row, Status, Tag, TagList } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { say, shownLanguage, words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { EVENT_FORM } from '../i18n/en/event-form';
import { ORGANIZER } from '../i18n/en/organizer';
import { ZONE_EDITOR } from '../i18n/en/zone-editor';

/**
 * organizer (issue 17): an event's organizer tools, for its organizer and co-organizers:
 * its details, safe zones, interest groups, co-organizers, announcements, analytics and,
 * last, cancelling it. Each section loads, fails and is tried again on its own.
 */
export function OrganizerView() {
  const organizer = AppActor.useSelector((s) => chartOf(s, 'organizer'));
  const inEvent = AppActor.useSelector((s) => s.context.currentEvent !== null);
  const app = AppActor.useActorRef();
  const w = words(ORGANIZER);
  return (
    <ViewPage back={inEvent ? 'event' : 'events'} title={w.title}>
      {organizer ? (
        <OrganizerPage organizer={organizer} />
      ) : (
        !inEvent && (
          <Card>
            <p>{w.openFirst}</p>
            <Button onClick={() => app.send({ type: 'view.opened', view: 'events' })}>{words(SHELL).backToEvents}</Button>
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
  const w = words(ORGANIZER);
  if (page === 'forbidden') {
    return (
      <Card role="status">
        <p>{w.onlyOrganizers}</p>
        <Row>
          <Button onClick={() => app.send({ type: 'view.opened', view: 'event' })}>{w.backToEvent}</Button>
          <Button $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'events' })}>
            {words(SHELL).backToEvents}
          </Button>
        </Row>
      </Card>
    );
  }
  if (page === 'gone') {
    return (
      <Card role="status">
        <p>{w.gone}</p>
        <Button onClick={() => app.send({ type: 'view.opened', view: 'events' })}>{words(SHELL).backToEvents}</Button>
      </Card>
    );
  }
  return (
    <>
      <Muted>
        {name} · {role === 'organizer' ? w.youOrganize : w.youHelp} {w.onlyTheySee}
      </Muted>
      <DetailsSection organizer={organizer} />
      <ZonesSection organizer={organizer} />
      <GroupsSection organizer={organizer} />
      <OrganizersSection organizer={organizer} />
      <AnnouncementsSection organizer={organizer} />
      <Section title={w.analytics} id="organizer-analytics">
        <Muted>{w.analyticsAbout}</Muted>
        <Button $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'analytics' })}>
          {w.openAnalytics}
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
  what: keyof ReturnType<typeof ORGANIZER>['what'];
  retry: () => void;
  empty: boolean;
  emptyText?: ReactNode;
  children?: ReactNode;
}) {
  const w = words(ORGANIZER);
  return (
    <LoadState
      status={status}
      empty={empty || status !== 'ready'}
      loading={w.loading(w.what[what])}
      failed={w.failed(w.what[what])}
      retry={retry}
      retryVariant="secondary"
      emptyText={status === 'ready' ? emptyText : undefined}
    >
      {children}
    </LoadState>
  );
}

const whenFormats = new Map<string, Intl.DateTimeFormat>();
/** "Sat 1 May, 18:00" on the wall clock of `zone`, in the language shown. */
function dayTimeIn(iso: string, zone: string): string {
  const locale = localeFor(shownLanguage());
  let f = whenFormats.get(`${locale} ${zone}`);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: zone });
    whenFormats.set(`${locale} ${zone}`, f);
  }
  return f.format(new Date(iso));
}

function DetailsSection({ organizer }: Props) {
  const status = useSelector(organizer, (s) => selectSectionStatus(s, 'details'));
  const editing = useSelector(organizer, selectEditing);
  const event = useSelector(organizer, (s) => s.context.event);
  const zone = eventTimeZone(event);
  const own = ownTimeZone();
  const w = words(ORGANIZER);
  const f = words(EVENT_FORM);
  return (
    <Section title={w.detailsTitle} id="organizer-details">
      <SectionLoad status={status} what="details" retry={() => organizer.send({ type: 'details.reloaded' })} empty={false}>
        {editing === 'closed' ? (
          <>
            <Facts>
              <dt>{f.name}</dt>
              <dd>{event.name}</dd>
              <dt>{w.type}</dt>
              <dd>{f.types[event.event_type as EventType] ?? typeLabel(event.event_type)}</dd>
              <dt>{f.starts}</dt>
              <dd>
                {dayTimeIn(event.start_time, zone)}
                {own !== zone && <small> {w.yourTime(dayTimeIn(event.start_time, own))}</small>}
              </dd>
              <dt>{f.ends}</dt>
              <dd>{dayTimeIn(event.end_time, zone)}</dd>
              <dt>{f.timeZone}</dt>
              <dd>{timeZoneLabel(zone)}</dd>
              <dt>{w.where}</dt>
              <dd>{event.location}</dd>
            </Facts>
            <p>{event.description}</p>
            {event.anxiety_friendly_features.length > 0 && (
              <TagList aria-label={f.featuresLegend}>
                {event.anxiety_friendly_features.map((feature) => (
                  <Tag key={feature}>{f.features[feature] ?? featureLabel(feature)}</Tag>
                ))}
              </TagList>
            )}
            <Button $variant="secondary" onClick={() => organizer.send({ type: 'details.editRequested' })}>
              {w.editDetails}
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
  const w = words(ORGANIZER);
  const f = words(EVENT_FORM);
  const timeHint = w.timeHint(timeZoneLabel(zone));
  return (
    <Form label={w.editForm} onSubmit={() => organizer.send({ type: 'details.submitted' })}>
      <EventBasics prop={prop} draft={d} />
      <Field {...prop('start')} label={f.starts} type="datetime-local" value={d.start} required hint={timeHint} />
      <Field {...prop('end')} label={f.ends} type="datetime-local" value={d.end} required hint={timeHint} />
      <Fieldset>
        <legend>{f.featuresLegend}</legend>
        {ANXIETY_FEATURES.map((feature) => (
          <Choice
            key={feature}
            id={`edit-feature-${feature}`}
            label={f.features[feature]}
            checked={d.features.includes(feature)}
            onChange={() => organizer.send({ type: 'details.featureToggled', feature })}
          />
        ))}
      </Fieldset>
      <Muted>{w.toldWhenChanged}</Muted>
      <FormError form={EDIT_EVENT_FORM} message={errors.form} />
      <SendOrCancel send={w.saveChanges} busy={w.saving} dismiss={w.cancel} sending={saving} onCancel={() => organizer.send({ type: 'details.editCancelled' })} />
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
  const w = words(ORGANIZER);
  const types = words(ZONE_EDITOR).types;
  return (
    <Section title={w.zonesTitle} id="organizer-zones">
      <Muted>{w.zonesAbout}</Muted>
      {problem && <Problem role="alert">{say(problem)}</Problem>}
      <SectionLoad
        status={status}
        what="zones"
        retry={() => organizer.send({ type: 'zones.reloaded' })}
        empty={zones.length === 0}
        emptyText={w.noZones}
      >
        <PlainList aria-label={w.zonesTitle}>
          {zones.map((z) => (
            <Item key={z.id}>
              <div>
                <strong>{z.name}</strong>
                <Muted>
                  {types[z.zone_type]} · {w.within(z.radius_meters)}
                </Muted>
              </div>
              <ItemActions>
                <Button $small $variant="secondary" disabled={!ready} aria-label={w.editName(z.name)} onClick={() => organizer.send({ type: 'zone.editRequested', zoneId: z.id })}>
                  {w.edit}
                </Button>
                <Button $small $variant="secondary" disabled={!ready} aria-label={w.removeName(z.name)} onClick={() => organizer.send({ type: 'zone.removeRequested', zoneId: z.id })}>
                  {w.remove}
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
            {w.addZone}
          </Button>
        )
      )}
      {removing && (
        <Modal labelledBy="remove-zone-title" describedBy="remove-zone-about" onClose={() => !busy && organizer.send({ type: 'zone.removeCancelled' })}>
          <h2 id="remove-zone-title">{w.removeTitle(removing.name)}</h2>
          <DialogAbout id="remove-zone-about">{w.removeAbout}</DialogAbout>
          <Row>
            <Button $variant="danger" disabled={busy} onClick={() => organizer.send({ type: 'zone.removeConfirmed' })}>
              {busy ? w.removing : w.removeZone}
            </Button>
            <Button $variant="secondary" disabled={busy} onClick={() => organizer.send({ type: 'zone.removeCancelled' })}>
              {w.keepIt}
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
  const w = words(ORGANIZER);
  const f = words(EVENT_FORM);
  const prop = (field: GroupField) => ({
    id: fieldDomId(GROUP_FORM, field),
    error: errors.fields[field],
    onChange: (value: string) => organizer.send({ type: 'group.fieldChanged', field, value }),
  });
  return (
    <Section title={w.groupsTitle} id="organizer-groups">
      <SectionLoad
        status={status}
        what="groups"
        retry={() => organizer.send({ type: 'groups.reloaded' })}
        empty={groups.length === 0}
        emptyText={w.noGroups}
      >
        <PlainList aria-label={w.groupsTitle}>
          {groups.map((g) => (
            <Item key={g.id}>
              <div>
                <strong>{g.name}</strong>
                <Muted>
                  {g.interest_tag} · {w.members(g.member_count)}
                  {g.id === newGroupId && ` · ${w.newGroup}`}
                </Muted>
                {g.description && <Muted>{g.description}</Muted>}
              </div>
            </Item>
          ))}
        </PlainList>
      </SectionLoad>
      {(status === 'ready' || creating) && (
        <Form label={w.startGroupForm} onSubmit={() => organizer.send({ type: 'group.submitted' })}>
          <h3>{w.startGroup}</h3>
          <Field {...prop('name')} label={f.name} value={d.name} required />
          <TextAreaField {...prop('description')} label={w.descriptionOptional} value={d.description} rows={2} />
          <Field {...prop('interest_tag')} label={w.interest} value={d.interest_tag} required hint={w.interestHint} />
          <FormError form={GROUP_FORM} message={errors.form} />
          <Button type="submit" disabled={creating}>
            {creating ? w.starting : w.startTheGroup}
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
  const w = words(ORGANIZER);
  return (
    <Section title={w.coTitle} id="organizer-people">
      <Muted>{w.coAbout}</Muted>
      <SectionLoad status={status} what="organizers" retry={() => organizer.send({ type: 'organizers.reloaded' })} empty={organizers.length === 0}>
        <PlainList aria-label={w.organizers}>
          {organizers.map((o, i) => (
            <Item key={o.id ?? `anonymous-${i}`}>
              <span>
                <strong>{o.name}</strong>
                {o.id === me && w.you}
              </span>
              <Muted as="span">{o.role === 'organizer' ? w.organizer : w.coOrganizer}</Muted>
            </Item>
          ))}
        </PlainList>
      </SectionLoad>
      {status === 'ready' &&
        mayAdd &&
        (picker === 'closed' ? (
          <Button $variant="secondary" onClick={() => organizer.send({ type: 'coOrganizer.pickerOpened' })}>
            {w.addCo}
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
  const w = words(ORGANIZER);
  return (
    <Picker role="region" aria-label={w.addCo}>
      <h3>{w.addCo}</h3>
      {picker === 'loading' && <Status role="status">{w.loadingAttendees}</Status>}
      {picker === 'failed' && (
        <>
          <p>{w.attendeesFailed}</p>
          <Button $variant="secondary" onClick={() => organizer.send({ type: 'coOrganizer.pickerOpened' })}>
            {words(SHELL).tryAgain}
          </Button>
        </>
      )}
      {(picker === 'choosing' || picker === 'adding') && (
        <>
          <Field
            id="co-organizer-search"
            label={w.search}
            type="search"
            value={query}
            onChange={(value) => organizer.send({ type: 'coOrganizer.searched', query: value })}
          />
          {problem && <Problem role="alert">{say(problem)}</Problem>}
          {people.length === 0 ? (
            <Status>{query.trim() ? w.nobodyByName : w.nobodyElse}</Status>
          ) : (
            <PlainList aria-label={w.attendees}>
              {people.map((p) => (
                <Item key={p.id}>
                  <span>{p.name}</span>
                  <Button
                    $small
                    disabled={picker === 'adding'}
                    aria-label={w.makeCo(p.name)}
                    onClick={() => organizer.send({ type: 'coOrganizer.picked', userId: p.id })}
                  >
                    {addingId === p.id ? w.adding : w.add}
                  </Button>
                </Item>
              ))}
            </PlainList>
          )}
          {more > 0 && <Muted>{w.more(more)}</Muted>}
        </>
      )}
      <Button $variant="secondary" disabled={picker === 'adding'} onClick={() => organizer.send({ type: 'coOrganizer.pickerClosed' })}>
        {w.done}
      </Button>
    </Picker>
  );
}

/** "You can send 2 more this hour." / "The next can go out at 15:42." */
function capWords(cap: { left_this_hour: number; next_at: string | null }): string {
  const w = words(ORGANIZER);
  if (cap.left_this_hour > 0) return w.canSend(cap.left_this_hour, ANNOUNCEMENTS_PER_HOUR);
  return cap.next_at ? w.nextAt(dayAndTime(cap.next_at)) : w.plenty(ANNOUNCEMENTS_PER_HOUR);
}

function AnnouncementsSection({ organizer }: Props) {
  const status = useSelector(organizer, (s) => selectSectionStatus(s, 'announcements'));
  const announcements = useSelector(organizer, (s) => s.context.announcements);
  const cap = useSelector(organizer, (s) => s.context.cap);
  const capNote = useSelector(organizer, (s) => s.context.capNote);
  const draft = useSelector(organizer, (s) => s.context.announcementDraft);
  const errors = useSelector(organizer, (s) => s.context.announcementErrors);
  const sending = useSelector(organizer, (s) => s.matches({ open: { announcements: 'sending' } }));
  const w = words(ORGANIZER);
  return (
    <Section title={w.announcementsTitle} id="organizer-announcements">
      <Muted>{w.announcementsAbout}</Muted>
      <SectionLoad status={status} what="announcements" retry={() => organizer.send({ type: 'announcements.reloaded' })} empty={false}>
        <Form label={w.announceForm} onSubmit={() => organizer.send({ type: 'announcement.submitted' })}>
          <TextAreaField
            id={fieldDomId(ANNOUNCEMENT_FORM, 'message')}
            label={w.announcement}
            value={draft}
            rows={3}
            maxLength={ANNOUNCEMENT_MAX}
            hint={w.count(draft.length, ANNOUNCEMENT_MAX)}
            error={errors.fields.message}
            onChange={(value) => organizer.send({ type: 'announcement.changed', value })}
          />
          {capNote ? <Note role="status">{say(capNote)}</Note> : cap && <Muted>{capWords(cap)}</Muted>}
          <FormError form={ANNOUNCEMENT_FORM} message={errors.form} />
          <Button type="submit" disabled={sending}>
            {sending ? w.sending : w.send}
          </Button>
        </Form>
        <h3>{w.sent}</h3>
        {announcements.length === 0 ? (
          <Status>{w.noAnnouncements}</Status>
        ) : (
          <PlainList aria-label={w.sentList}>
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
  const w = words(ORGANIZER);
  return (
    <Section title={w.cancelTitle} id="organizer-cancel" danger>
      <Muted>{w.cancelAbout}</Muted>
      <Button $variant="danger" onClick={() => organizer.send({ type: 'cancel.requested' })}>
        {w.cancelEvent}
      </Button>
      {open && (
        <ModalForm
          title={w.cancelQuestion(name)}
          about={w.cancelSheetAbout}
          submit={[w.cancelTitle, w.cancelling]}
          busy={busy}
          danger
          dismiss={w.keepEvent}
          onSubmit={() => organizer.send({ type: 'cancel.submitted' })}
          onCancel={() => organizer.send({ type: 'cancel.dismissed' })}
        >
          <TextAreaField
            id={fieldDomId(CANCEL_FORM, 'reason')}
            label={w.reason}
            value={reason}
            required
            maxLength={CANCEL_REASON_MAX}
            hint={w.count(reason.length, CANCEL_REASON_MAX)}
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
