/** The organizer's event details: the facts as they stand, and the form that changes them. */
import { useSelector } from '@xstate/react';
import { ANXIETY_FEATURES, type EventType } from '../../contract/constants';
import type { EventDraftField } from '../../machines/organizer/create-event.machine';
import { ownTimeZone, timeZoneLabel } from '../../contract/zoned-time';
import { fieldDomId } from '../../machines/form-errors';
import { selectEditing, selectSectionStatus } from '../../machines/organizer/organizer.machine';
import { EDIT_EVENT_FORM, eventTimeZone } from '../../machines/organizer/organizer-forms';
import { Choice, Field, Fieldset, Form, FormError, SendOrCancel } from '../components/form';
import { featureLabel, localeFor, typeLabel } from '../components/format';
import { EventBasics } from '../components/EventBasics';
import { Button, Muted, Tag, TagList } from '../components/ui';
import { shownLanguage, words } from '../i18n/i18n';
import { EVENT_FORM } from '../i18n/en/event-form';
import { ORGANIZER } from '../i18n/en/organizer';
import { Section, SectionLoad, type Props } from './OrganizerSection';
import { Facts } from '../components/Facts';

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

export function DetailsSection({ organizer }: Props) {
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
