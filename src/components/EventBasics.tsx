import type { Said } from '../../contract/said';
import { EVENT_TYPES } from '../../contract/constants';
import type { EventDraft, EventDraftField } from '../../machines/organizer/create-event.machine';
import { Field, SelectField, TextAreaField } from './form';
import { words } from '../i18n/i18n';
import { EVENT_FORM } from '../i18n/en/event-form';

/** What each field of an event form takes from its form: its id, its error, and how a change is sent. */
type FieldProps = (field: EventDraftField) => { id: string; error?: Said; onChange: (value: string) => void };

/** The event's name, description, place and type: the same fields on the create form and the organizer's edit form. */
export function EventBasics({ prop, draft }: { prop: FieldProps; draft: Pick<EventDraft, 'name' | 'description' | 'location' | 'event_type'> }) {
  const w = words(EVENT_FORM);
  return (
    <>
      <Field {...prop('name')} label={w.name} value={draft.name} required />
      <TextAreaField {...prop('description')} label={w.description} value={draft.description} required />
      <Field {...prop('location')} label={w.location} value={draft.location} required hint={w.locationHint} />
      <SelectField
        {...prop('event_type')}
        label={w.eventType}
        value={draft.event_type}
        options={[{ value: '', label: w.chooseType }, ...EVENT_TYPES.map((t) => ({ value: t, label: w.types[t] }))]}
      />
    </>
  );
}
