import { useSelector } from '@xstate/react';
import { ANXIETY_FEATURE_LABELS, ANXIETY_FEATURES, EVENT_TYPES } from '../../contract/constants';
import { CREATE_EVENT_FORM, type CreateEventActorRef, type EventDraftField } from '../../machines/create-event.machine';
import { fieldDomId } from '../../machines/form-errors';
import { AppActor } from '../appContext';
import { typeLabel } from '../components/format';
import { Button, Card, Row } from '../components/ui';
import { Choice, Field, Fieldset, Form, FormError, SelectField, TextAreaField } from '../components/form';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';

const FEATURE_HINTS: Record<(typeof ANXIETY_FEATURES)[number], string> = {
  quiet_spaces: 'A calm place to step away to.',
  small_groups: 'Conversations in groups of a few people.',
  structured_activities: 'Something to do together, so talking comes easier.',
  ice_breakers: 'Prompts that help the first words along.',
};

/** create-event: the new event form (SPEC 2, SPEC 5 "New event"). */
export function CreateEventView() {
  const form = AppActor.useSelector((s) => chartOf(s, 'createEvent'));
  return (
    <ViewPage back="events" title="Create an event">
      {form && <CreateEventForm form={form} />}
    </ViewPage>
  );
}

function CreateEventForm({ form }: { form: CreateEventActorRef }) {
  const d = useSelector(form, (s) => s.context.draft);
  const busy = useSelector(form, (s) => s.matches({ form: 'submitting' }) || s.matches({ form: 'created' }));
  const errors = useSelector(form, (s) => s.context.errors);
  const prop = (field: EventDraftField) => ({
    id: fieldDomId(CREATE_EVENT_FORM, field),
    error: errors.fields[field],
    onChange: (value: string) => form.send({ type: 'create.fieldChanged', field, value }),
  });
  return (
    <Card>
      <Form label="Create Event" onSubmit={() => form.send({ type: 'create.submitted' })}>
        <Field {...prop('name')} label="Name" value={d.name} required />
        <TextAreaField {...prop('description')} label="Description" value={d.description} required />
        <Field {...prop('location')} label="Location" value={d.location} required hint="The address or the name of the place" />
        <SelectField
          {...prop('event_type')}
          label="Event type"
          value={d.event_type}
          options={[{ value: '', label: 'Choose a type' }, ...EVENT_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))]}
        />
        <Field {...prop('start')} label="Starts" type="datetime-local" value={d.start} required />
        <Field {...prop('end')} label="Ends" type="datetime-local" value={d.end} required />
        <Fieldset>
          <legend>Anxiety-friendly features</legend>
          {ANXIETY_FEATURES.map((f) => (
            <Choice
              key={f}
              id={`feature-${f}`}
              label={ANXIETY_FEATURE_LABELS[f]}
              hint={FEATURE_HINTS[f]}
              checked={d.features.includes(f)}
              onChange={() => form.send({ type: 'create.featureToggled', feature: f })}
            />
          ))}
        </Fieldset>
        <FormError form={CREATE_EVENT_FORM} message={errors.form} />
        <Row>
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating…' : 'Create Event'}
          </Button>
        </Row>
      </Form>
    </Card>
  );
}
