import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { ZONE_TYPES, type ZoneType } from '../../contract/constants';
import { ZONE_RADIUS_MAX_M, ZONE_RADIUS_MIN_M } from '../../contract/zones';
import { fieldDomId } from '../../machines/form-errors';
import {
  ZONE_FORM,
  coordinatesShown,
  placementText,
  roughFix,
  type ZoneEditorActorRef,
  type ZoneTextField,
} from '../../machines/organizer/zone-editor.machine';
import { Field, FieldMessage, Fieldset, Form, FormError, RangeField, SelectField, SendOrCancel, TextAreaField } from './form';
import { Button } from './ui';
import { say, words } from '../i18n/i18n';
import { ZONE_EDITOR } from '../i18n/en/zone-editor';

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
  const w = words(ZONE_EDITOR);
  const title = heading ?? (isNew ? w.addTitle : w.editTitle);
  const prop = (field: ZoneTextField) => ({
    id: fieldDomId(ZONE_FORM, field),
    error: errors.fields[field],
    onChange: (value: string) => actor.send({ type: 'zone.fieldChanged', field, value }),
  });
  return (
    <Form label={title} onSubmit={() => actor.send({ type: 'zone.submitted' })}>
      <Title>{title}</Title>
      <Field {...prop('name')} label={w.name} value={d.name} required />
      <SelectField
        id={fieldDomId(ZONE_FORM, 'zone_type')}
        label={w.kind}
        value={d.zone_type}
        hint={w.typeHints[d.zone_type]}
        error={errors.fields.zone_type}
        options={ZONE_TYPES.map((value) => ({ value, label: w.types[value] }))}
        onChange={(zoneType) => actor.send({ type: 'zone.typeChosen', zoneType: zoneType as ZoneType })}
      />
      <TextAreaField {...prop('description')} label={w.description} value={d.description} rows={2} hint={w.descriptionHint} />
      <Fieldset>
        <legend>{w.where}</legend>
        <Button
          type="button"
          id={centreId}
          $variant="secondary"
          disabled={locating || saving}
          aria-describedby={[statusId, errors.fields.centre ? `${centreId}-message` : null].filter(Boolean).join(' ')}
          onClick={() => actor.send({ type: 'zone.locateRequested' })}
        >
          {locating ? w.finding : w.standing}
        </Button>
        <Live id={statusId} role="status">
          <p>{say(status)}</p>
          {rough && <Rough>{say(rough)}</Rough>}
        </Live>
        <FieldMessage id={centreId} error={errors.fields.centre} />
        {showCoordinates ? (
          <Coordinates>
            <Field {...prop('latitude')} label={w.latitude} value={d.latitude} hint={w.latitudeHint} />
            <Field {...prop('longitude')} label={w.longitude} value={d.longitude} hint={w.longitudeHint} />
          </Coordinates>
        ) : (
          <Button type="button" $variant="link" onClick={() => actor.send({ type: 'zone.coordinatesChosen' })}>
            {w.typeCoordinates}
          </Button>
        )}
      </Fieldset>
      <RangeField
        id={fieldDomId(ZONE_FORM, 'radius_meters')}
        label={w.radius}
        value={d.radius_meters}
        min={ZONE_RADIUS_MIN_M}
        max={ZONE_RADIUS_MAX_M}
        shown={w.metresShort(d.radius_meters)}
        spoken={w.metres(d.radius_meters)}
        hint={w.radiusHint}
        error={errors.fields.radius_meters}
        onChange={(meters) => actor.send({ type: 'zone.radiusChanged', meters })}
      />
      <FormError form={ZONE_FORM} message={errors.form} />
      <SendOrCancel send={w.save} busy={w.saving} dismiss={w.cancel} sending={saving} waiting={locating} onCancel={() => actor.send({ type: 'zone.cancelled' })} />
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
