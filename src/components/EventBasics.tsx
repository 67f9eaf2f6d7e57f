import { EVENT_TYPES } from '../../contract/constants';
import type { EventDraft, EventDraftField } from '../../machines/create-event.machine';
import { Field, SelectField, TextAreaField } from './form';
import { typeLabel } from './format';

/** What each field of an event form takes from its form: its id, its error, and how a change is sent. */
type FieldProps = (field: EventDraftField) => { id: string; error?: string; onChange: (value: string) => void };

/** The event's name, description, place and type: the same fields on the create form and the organizer's edit form. */
export function EventBasics({ prop, draft }: { prop: FieldProps; draft: Pick<EventDraft, 'name' | 'description' | 'location' | 'event_type'> }) {
  return (
    <>
      <Field {...prop('name')} label="Name" value={draft.name} required />
      <TextAreaField {...prop('description')} label="Description" value={draft.description} required />
      <Field {...prop('location')} label="Location" value={draft.location} required hint="The address or the name of the place" />
      <SelectField
        {...prop('event_type')}
        label="Event type"
        value={draft.event_type}
        options={[{ value: '', label: 'Choose a type' }, ...EVENT_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))]}
      />
    </>
  );
}
