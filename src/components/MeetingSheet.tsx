import { useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import { MEETING_DURATIONS, MEETING_PLACE_MAX, clockTime } from '../../contract/meeting-words';
import { fieldDomId } from '../../machines/form-ids';
import {
  MEETING_FORM,
  placeOf,
  selectSendHeld,
  selectSending,
  selectSheetStep,
  selectSlotsStatus,
  slotGroups,
  type MeetingSheetActorRef,
} from '../../machines/meetings/meeting-sheet.machine';
import { Field, FieldMessage, Fieldset, FormError, SelectField } from './form';
import { Modal, ModalForm, DialogAbout } from './Modal';
import { Button, Row, Status } from './ui';
import { shownLanguage, words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { MEETING_SHEET } from '../i18n/en/meeting-sheet';

/** The locale a meeting's day is written in: "Tue 24 Nov" in English, "Di., 24. Nov." in German. */
export const meetingDayLocale = (): string => (shownLanguage() === 'en' ? 'en-GB' : shownLanguage());

/**
 * The meeting sheet (issue 19): how long, when (only the times both are free, on the
 * event's clock, by the hour) and where (a safe zone or a named spot). What is chosen,
 * the free times and what went wrong live in the sheet's chart (meeting-sheet.machine.ts).
 * `onMyMeetings` opens My meetings from the thank-you, where the sheet is beside a person.
 */
export function MeetingSheet({ sheet, onMyMeetings }: { sheet: MeetingSheetActorRef; onMyMeetings?: () => void }) {
  const step = useSelector(sheet, selectSheetStep);
  if (step === 'sent') return <Sent sheet={sheet} onMyMeetings={onMyMeetings} />;
  if (step !== 'open') return null;
  return <SheetForm sheet={sheet} />;
}

function SheetForm({ sheet }: { sheet: MeetingSheetActorRef }) {
  const c = useSelector(sheet, (s) => s.context);
  const sending = useSelector(sheet, selectSending);
  // Send pressed while the free times load waits for them, and says so (the times' status is announced).
  const held = useSelector(sheet, selectSendHeld);
  const slotsStatus = useSelector(sheet, selectSlotsStatus);
  const zonesLoading = useSelector(sheet, (s) => s.matches({ open: { zones: 'loading' } }));
  const id = useId();
  const suggest = c.suggest;
  const tz = c.event.time_zone;
  const timeError = c.errors.fields.start_time;
  const placeError = c.errors.fields.place;
  const groups = slotGroups(c.slots, tz, meetingDayLocale());
  const zones = c.zones ?? [];
  const w = words(MEETING_SHEET);
  return (
    <ModalForm
      title={suggest ? w.suggestTitle({ name: c.partner.name }) : w.title({ name: c.partner.name })}
      about={suggest ? w.suggestAbout({ place: suggest.place, minutes: suggest.duration_minutes }) : w.about}
      submit={suggest ? [w.suggestSubmit[0], w.suggestSubmit[1]] : [w.submit[0], w.submit[1]]}
      busy={sending}
      held={held}
      onSubmit={() => sheet.send({ type: 'sheet.submitted' })}
      onCancel={() => sheet.send({ type: 'sheet.closeRequested' })}
    >
      {!suggest && (
        <Fieldset id={fieldDomId(MEETING_FORM, 'duration')} tabIndex={-1}>
          <legend>{w.durationLegend}</legend>
          <Chips>
            {MEETING_DURATIONS.map((m) => (
              <Chip key={m}>
                <input
                  type="radio"
                  name={`${id}-duration`}
                  value={m}
                  checked={c.duration === m}
                  onChange={() => sheet.send({ type: 'sheet.durationChosen', minutes: m })}
                />
                <span>{w.minutes({ m })}</span>
              </Chip>
            ))}
          </Chips>
          <FieldMessage id={fieldDomId(MEETING_FORM, 'duration')} error={c.errors.fields.duration} />
        </Fieldset>
      )}

      <Fieldset
        id={fieldDomId(MEETING_FORM, 'start_time')}
        tabIndex={-1}
        aria-invalid={timeError ? true : undefined}
        aria-describedby={timeError ? `${fieldDomId(MEETING_FORM, 'start_time')}-message` : undefined}
      >
        <legend>{w.timeLegend}</legend>
        {slotsStatus === 'loading' ? (
          <Status role="status">{w.loadingTimes}</Status>
        ) : slotsStatus === 'failed' ? (
          <div>
            <p>{w.timesFailed}</p>
            <Button type="button" $small $variant="secondary" onClick={() => sheet.send({ type: 'sheet.slotsRetried' })}>
              {words(SHELL).tryAgain}
            </Button>
          </div>
        ) : groups.length === 0 ? (
          <p>{w.noTimes}</p>
        ) : (
          <Hours>
            {groups.map((g) => (
              <div key={g.label} role="group" aria-labelledby={`${id}-${g.label}`}>
                <HourLabel id={`${id}-${g.label}`}>{g.label}</HourLabel>
                <Chips>
                  {g.slots.map((slot) => (
                    <Chip key={slot.value}>
                      <input
                        type="radio"
                        name={`${id}-time`}
                        value={slot.value}
                        checked={c.startTime === slot.value}
                        onChange={() => sheet.send({ type: 'sheet.timeChosen', startTime: slot.value })}
                      />
                      <span>{slot.label}</span>
                    </Chip>
                  ))}
                </Chips>
              </div>
            ))}
          </Hours>
        )}
        <FieldMessage id={fieldDomId(MEETING_FORM, 'start_time')} error={timeError} />
      </Fieldset>

      {!suggest && (
        <Fieldset>
          <legend>{w.placeLegend}</legend>
          {zonesLoading ? (
            <Status role="status">{w.loadingZones}</Status>
          ) : (
            zones.length > 0 && (
              <Chips>
                {(['zone', 'spot'] as const).map((kind) => (
                  <Chip key={kind}>
                    <input
                      type="radio"
                      name={`${id}-place`}
                      value={kind}
                      checked={c.placeKind === kind}
                      onChange={() => sheet.send({ type: 'sheet.placeKindChosen', kind })}
                    />
                    <span>{kind === 'zone' ? w.zonePlace : w.spotPlace}</span>
                  </Chip>
                ))}
              </Chips>
            )
          )}
          {c.placeKind === 'zone' && zones.length > 0 ? (
            <SelectField
              id={fieldDomId(MEETING_FORM, 'place')}
              label={w.zoneLabel}
              value={c.zoneName}
              onChange={(name) => sheet.send({ type: 'sheet.zoneChosen', name })}
              options={zones.map((z) => ({ value: z.name, label: z.name }))}
              error={placeError}
            />
          ) : (
            !zonesLoading && (
              <Field
                id={fieldDomId(MEETING_FORM, 'place')}
                label={w.spotLabel}
                value={c.spot}
                hint={w.spotHint}
                error={placeError}
                onChange={(spot) => sheet.send({ type: 'sheet.spotChanged', spot: spot.slice(0, MEETING_PLACE_MAX) })}
              />
            )
          )}
        </Fieldset>
      )}
      <FormError form={MEETING_FORM} message={c.errors.form} />
    </ModalForm>
  );
}

/** Sent: what was suggested, said plainly, and where to find it. */
function Sent({ sheet, onMyMeetings }: { sheet: MeetingSheetActorRef; onMyMeetings?: (() => void) | undefined }) {
  const c = useSelector(sheet, (s) => s.context);
  const id = useId();
  const when = c.sent ? clockTime(new Date(c.sent.start_time), c.sent.time_zone) : '';
  const close = () => sheet.send({ type: 'sheet.closeRequested' });
  const w = words(MEETING_SHEET);
  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-about`} onClose={close}>
      <h2 id={`${id}-title`}>{w.sentTitle}</h2>
      <DialogAbout id={`${id}-about`}>{w.sent({ name: c.partner.name, when, place: c.sent?.place ?? placeOf(c) })}</DialogAbout>
      <Row>
        <Button type="button" data-autofocus onClick={close}>
          {w.close}
        </Button>
        {onMyMeetings && (
          <Button
            type="button"
            $variant="secondary"
            onClick={() => {
              close();
              onMyMeetings();
            }}
          >
            {w.myMeetings}
          </Button>
        )}
      </Row>
    </Modal>
  );
}

/** The times scroll on their own, between two lines, so the place stays in reach below them. */
const Hours = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  max-height: 16rem;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(1)};
  border-block: 1px solid ${({ theme }) => theme.colors.border};
`;

const HourLabel = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

/** A choice as a chip: the whole chip is the 44 px target; the radio stays, for keyboards and screen readers. */
const Chip = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: ${({ theme }) => theme.touchTarget};
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.textMuted};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  input { margin: 0; width: 18px; height: 18px; accent-color: ${({ theme }) => theme.colors.primary}; }
  &:has(input:checked) {
    border: 2px solid ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.infoSurface};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  &:has(input:focus-visible) { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;
