/** machines/organizer/organizer-forms.ts: the edit form says a date out of range before any call (issue 40: one date rule). */
import { describe, expect, it } from 'vitest';
import { OUT_OF_RANGE } from '../../../machines/organizer/create-event.machine';
import { draftOfEvent, editDraftErrors } from '../../../machines/organizer/organizer-forms';
import { sampleEvent } from '../discovery.fakes';

describe('editDraftErrors', () => {
  const event = sampleEvent({ start_time: '2030-06-01T07:00:00.000Z', end_time: '2030-06-01T08:30:00.000Z', time_zone: 'Europe/Berlin' });
  const draft = draftOfEvent(event);

  it('says a changed time before 1970 beside its field, and judges only what changed', () => {
    expect(editDraftErrors(event, { ...draft, start: '1500-06-01T09:00' }).fields).toEqual({ start: OUT_OF_RANGE('start') });
    expect(editDraftErrors(event, { ...draft, end: '1969-06-01T09:00' }).fields).toEqual({ end: OUT_OF_RANGE('end') });
    expect(editDraftErrors(event, { ...draft, end: '2030-06-01T11:00' }).fields).toEqual({});
  });
});
