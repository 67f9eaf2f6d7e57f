import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ZoneType } from '../../contract/constants';
import { ZONE_RADIUS_MAX_M, ZONE_RADIUS_MIN_M } from '../../contract/zones';
import { fieldDomId } from '../../machines/form-errors';
import {
  ZONE_FORM,
  coordinatesShown,
  placementText,
  roughFix,
  type ZoneEditorActorRef,
  type ZoneTextField,
} from '../../machines/zone-editor.machine';
import { Field, FieldMessage, Fieldset, Form, FormError, RangeField, SelectField, SendOrCancel, TextAreaField } from './form';
import { ZONE_TYPE_LABELS } from './format';
import { Button } from './ui';

const TYPE_HINTS: Record<ZoneType, string> = {
  safe_space: 'A calm place to recharge. People inside are told they can take all the time they need.',
  restricted: 'A place people should not be seen in. Anyone inside is hidden from nearby lists if they chose that.',
  other: 'Any other named place, such as a coat check or a garden.',
};

// The kinds as SPEC 9 lists them (ZONE_TYPE_LABELS has one per kind, in that order).
const ZONE_CHOICES = Object.entries(ZONE_TYPE_LABELS).map(([value, label]) => ({ value, label }));

const centreId = fieldDomId(ZONE_FORM, 'centre');
const statusId = `${centreId}-status`;

/**
 * The safe-zone editor (issue 17): a new zone or an existing one, placed by standing in
 * it or by typed coordinates. Used on the organizer screen and as a new event's last
 * step; `heading` names it there.
 */
export function ZoneEditor({ actor, heading }: { actor: ZoneEditorActorRef; heading?: string }) {
  const d = useSelector(actor, (s) => s.context.draft);
  const isNew = useSelector(actor, (s) => s.context.zone === null);
  const errors = useSelector(actor, (s) => s.context.errors);
  const saving = useSelector(actor, (s) => s.matches({ open: { form: 'saving' } }));
  const locating = useSelector(actor, (s) => s.matches({ open: { placement: 'locating' } }));
  const status = useSelector(actor, placementText);
  const rough = useSelector(actor, roughFix);
  const showCoordinates = useSelector(actor, coordinatesShown);
  const title = heading ?? (isNew ? 'Add a safe zone' : 'Edit this zone');
  const prop = (field: ZoneTextField) => ({
    id: fieldDomId(ZONE_FORM, field),
    error: errors.fields[field],
    onChange: (value: string) => actor.send({ type: 'zone.fieldChanged', field, value }),
  });
  return (
    <Form label={title} onSubmit={() => actor.send({ type: 'zone.submitted' })}>
      <Title>{title}</Title>
      <Field {...prop('name')} label="Name" value={d.name} required />
      <SelectField
        id={fieldDomId(ZONE_FORM, 'zone_type')}
        label="Kind of zone"
        value={d.zone_type}
        hint={TYPE_HINTS[d.zone_type]}
        error={errors.fields.zone_type}
        options={ZONE_CHOICES}
        onChange={(zoneType) => actor.send({ type: 'zone.typeChosen', zoneType: zoneType as ZoneType })}
      />
      <TextAreaField {...prop('description')} label="Description (optional)" value={d.description} rows={2} hint="Shown to people when they are in it." />
      <Fieldset>
        <legend>Where it is</legend>
        <Button
          type="button"
          id={centreId}
          $variant="secondary"
          disabled={locating || saving}
          aria-describedby={[statusId, errors.fields.centre ? `${centreId}-message` : null].filter(Boolean).join(' ')}
          onClick={() => actor.send({ type: 'zone.locateRequested' })}
        >
          {locating ? 'Finding you…' : "I'm standing in it"}
        </Button>
        <Live id={statusId} role="status">
          <p>{status}</p>
          {rough && <Rough>{rough}</Rough>}
        </Live>
        <FieldMessage id={centreId} error={errors.fields.centre} />
        {showCoordinates ? (
          <Coordinates>
            <Field {...prop('latitude')} label="Latitude" value={d.latitude} hint="From -90 (south) to 90 (north), e.g. 52.5200" />
            <Field {...prop('longitude')} label="Longitude" value={d.longitude} hint="From -180 (west) to 180 (east), e.g. 13.4050" />
          </Coordinates>
        ) : (
          <Button type="button" $variant="link" onClick={() => actor.send({ type: 'zone.coordinatesChosen' })}>
            Type coordinates instead
          </Button>
        )}
      </Fieldset>
      <RangeField
        id={fieldDomId(ZONE_FORM, 'radius_meters')}
        label="Radius"
        value={d.radius_meters}
        min={ZONE_RADIUS_MIN_M}
        max={ZONE_RADIUS_MAX_M}
        shown={`${d.radius_meters} m`}
        spoken={`${d.radius_meters} metres`}
        hint="How far the zone reaches from its centre. 15 m is about a large room."
        error={errors.fields.radius_meters}
        onChange={(meters) => actor.send({ type: 'zone.radiusChanged', meters })}
      />
      <FormError form={ZONE_FORM} message={errors.form} />
      <SendOrCancel send="Save zone" busy="Saving…" sending={saving} waiting={locating} onCancel={() => actor.send({ type: 'zone.cancelled' })} />
    </Form>
  );
}

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.large};
`;

const Live = styled.div`
  margin: ${({ theme }) => theme.space(2)} 0;
  & > p:first-child { margin: 0; }
`;

/** A position rougher than the zone: a calm note, not an error. */
const Rough = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.infoSurface};
`;

const Coordinates = styled.div`
  margin-top: ${({ theme }) => theme.space(2)};
`;
