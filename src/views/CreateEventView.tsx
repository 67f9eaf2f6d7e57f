import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import styled from 'styled-components';
import { ANXIETY_FEATURE_LABELS, ANXIETY_FEATURES } from '../../contract/constants';
import { timeZoneChoices, timeZoneLabel } from '../../contract/zoned-time';
import { CREATE_EVENT_FORM, QUIET_ROOM_STEP, type CreateEventActorRef, type EventDraftField } from '../../machines/create-event.machine';
import { fieldDomId } from '../../machines/form-errors';
import { AppActor } from '../appContext';
import { Button, Card, Muted, Row, Status } from '../components/ui';
import { Choice, Field, Fieldset, Form, FormError, SelectField } from '../components/form';
import { EventBasics } from '../components/EventBasics';
import { ViewPage } from '../components/ViewPage';
import { ZoneEditor } from '../components/ZoneEditor';
import { chartOf } from '../../machines/lazy-charts';

const FEATURE_HINTS: Record<(typeof ANXIETY_FEATURES)[number], string> = {
  quiet_spaces: 'A calm place to step away to.',
  small_groups: 'Conversations in groups of a few people.',
  structured_activities: 'Something to do together, so talking comes easier.',
  ice_breakers: 'Prompts that help the first words along.',
};

/** create-event: the new event form (SPEC 2, SPEC 5 "New event"), then the offer of a quiet room (issue 17). */
export function CreateEventView() {
  const form = AppActor.useSelector((s) => chartOf(s, 'createEvent'));
  return (
    <ViewPage back="events" title="Create an event">
      {form && <CreateEventSteps form={form} />}
    </ViewPage>
  );
}

function CreateEventSteps({ form }: { form: CreateEventActorRef }) {
  const offered = useSelector(form, (s) => s.matches({ form: { quietRoom: 'offered' } }));
  const zoneEditor = useSelector(form, (s) => s.children.zoneEditor);
  const opening = useSelector(form, (s) => s.matches({ form: 'created' }));
  if (offered) return <QuietRoomOffer form={form} />;
  if (zoneEditor)
    return (
      <Card>
        <ZoneEditor actor={zoneEditor} heading="Add a quiet room" />
      </Card>
    );
  if (opening) return <Status role="status">Opening your event…</Status>;
  return <CreateEventForm form={form} />;
}

/** The last step: a new event can start with somewhere calm to go. */
function QuietRoomOffer({ form }: { form: CreateEventActorRef }) {
  const name = useSelector(form, (s) => s.context.created?.name ?? '');
  return (
    <Card>
      <StepHeading id={QUIET_ROOM_STEP} tabIndex={-1}>
        Add a quiet room now
      </StepHeading>
      <p>
        “{name}” is ready. A quiet room gives people somewhere to recharge. You can add one now, or later from the organizer screen.
      </p>
      <Muted>Stand in the room with your phone and it takes about a minute.</Muted>
      <Row>
        <Button type="button" onClick={() => form.send({ type: 'create.quietRoomChosen' })}>
          Add a quiet room
        </Button>
        <Button type="button" $variant="secondary" onClick={() => form.send({ type: 'create.quietRoomSkipped' })}>
          Skip for now
        </Button>
      </Row>
    </Card>
  );
}

function CreateEventForm({ form }: { form: CreateEventActorRef }) {
  const d = useSelector(form, (s) => s.context.draft);
  const busy = useSelector(form, (s) => s.matches({ form: 'submitting' }));
  const errors = useSelector(form, (s) => s.context.errors);
  // Some four hundred zones: listed once, not on every keystroke.
  const zones = useMemo(() => timeZoneChoices(d.time_zone).map((z) => ({ value: z, label: timeZoneLabel(z) })), [d.time_zone]);
  const prop = (field: EventDraftField) => ({
    id: fieldDomId(CREATE_EVENT_FORM, field),
    error: errors.fields[field],
    onChange: (value: string) => form.send({ type: 'create.fieldChanged', field, value }),
  });
  return (
    <Card>
      <Form label="Create Event" onSubmit={() => form.send({ type: 'create.submitted' })}>
        <EventBasics prop={prop} draft={d} />
        <SelectField
          {...prop('time_zone')}
          label="Time zone"
          value={d.time_zone}
          hint="Where the event happens. The times below are the clock there."
          options={zones}
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

const StepHeading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.large};
  &:focus { outline: none; }
`;
