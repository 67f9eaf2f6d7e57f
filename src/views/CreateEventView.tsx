import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import styled from 'styled-components';
import { ANXIETY_FEATURES } from '../../contract/constants';
import { timeZoneChoices, timeZoneLabel } from '../../contract/zoned-time';
import { CREATE_EVENT_FORM, QUIET_ROOM_STEP, type CreateEventActorRef, type EventDraftField } from '../../machines/organizer/create-event.machine';
import { fieldDomId } from '../../machines/form-errors';
import { AppActor } from '../appContext';
import { Button, Card, Muted, Row, Status } from '../components/ui';
import { Choice, Field, Fieldset, Form, FormError, SelectField } from '../components/form';
import { EventBasics } from '../components/EventBasics';
import { ViewPage } from '../components/ViewPage';
import { ZoneEditor } from '../components/ZoneEditor';
import { chartOf } from '../../machines/lazy-charts';
import { words } from '../i18n/i18n';
import { CREATE_EVENT, EVENT_FORM } from '../i18n/en/event-form';

/** create-event: the new event form (SPEC 2, SPEC 5 "New event"), then the offer of a quiet room (issue 17). */
export function CreateEventView() {
  const form = AppActor.useSelector((s) => chartOf(s, 'createEvent'));
  return (
    <ViewPage back="events" title={words(CREATE_EVENT).title}>
      {form && <CreateEventSteps form={form} />}
    </ViewPage>
  );
}

function CreateEventSteps({ form }: { form: CreateEventActorRef }) {
  const offered = useSelector(form, (s) => s.matches({ form: { quietRoom: 'offered' } }));
  const zoneEditor = useSelector(form, (s) => s.children.zoneEditor);
  const opening = useSelector(form, (s) => s.matches({ form: 'created' }));
  const w = words(CREATE_EVENT);
  if (offered) return <QuietRoomOffer form={form} />;
  if (zoneEditor)
    return (
      <Card>
        <ZoneEditor actor={zoneEditor} heading={w.addQuietRoom} />
      </Card>
    );
  if (opening) return <Status role="status">{w.opening}</Status>;
  return <CreateEventForm form={form} />;
}

/** The last step: a new event can start with somewhere calm to go. */
function QuietRoomOffer({ form }: { form: CreateEventActorRef }) {
  const name = useSelector(form, (s) => s.context.created?.name ?? '');
  const w = words(CREATE_EVENT);
  return (
    <Card>
      <StepHeading id={QUIET_ROOM_STEP} tabIndex={-1}>
        {w.addQuietRoomNow}
      </StepHeading>
      <p>{w.ready(name)}</p>
      <Muted>{w.aboutAMinute}</Muted>
      <Row>
        <Button type="button" onClick={() => form.send({ type: 'create.quietRoomChosen' })}>
          {w.addQuietRoom}
        </Button>
        <Button type="button" $variant="secondary" onClick={() => form.send({ type: 'create.quietRoomSkipped' })}>
          {w.skip}
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
  const w = words(CREATE_EVENT);
  const f = words(EVENT_FORM);
  const prop = (field: EventDraftField) => ({
    id: fieldDomId(CREATE_EVENT_FORM, field),
    error: errors.fields[field],
    onChange: (value: string) => form.send({ type: 'create.fieldChanged', field, value }),
  });
  return (
    <Card>
      <Form label={w.form} onSubmit={() => form.send({ type: 'create.submitted' })}>
        <EventBasics prop={prop} draft={d} />
        <SelectField
          {...prop('time_zone')}
          label={f.timeZone}
          value={d.time_zone}
          hint={w.timeZoneHint}
          options={zones}
        />
        <Field {...prop('start')} label={f.starts} type="datetime-local" value={d.start} required />
        <Field {...prop('end')} label={f.ends} type="datetime-local" value={d.end} required />
        <Fieldset>
          <legend>{f.featuresLegend}</legend>
          {ANXIETY_FEATURES.map((feature) => (
            <Choice
              key={feature}
              id={`feature-${feature}`}
              label={f.features[feature]}
              hint={w.featureHints[feature]}
              checked={d.features.includes(feature)}
              onChange={() => form.send({ type: 'create.featureToggled', feature })}
            />
          ))}
        </Fieldset>
        <FormError form={CREATE_EVENT_FORM} message={errors.form} />
        <Row>
          <Button type="submit" disabled={busy}>
            {busy ? w.creating : w.create}
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
