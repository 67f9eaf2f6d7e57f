/**
 * No choice is silently lost on the organizer page (issue 39): the details form and the
 * zone editor tell the root whether their edits differ from what they opened with (so
 * leaving asks Save / Don't save / Stay), and save when the person chose Save and go; an
 * announcement being written is kept without asking, as a chat's draft is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../machines/api/client';
import { announcementDraftKey, draftOf, forgetDrafts } from '../../../machines/chat/drafts';
import { ZONE_EDITOR } from '../../../machines/organizer/zone-editor.machine';
import { ada } from '../app.fakes';
import { flush } from '../discovery.fakes';
import { adasEvent, organizerCalls, sampleAnnouncement, startOrganizer } from './organizer.fakes';

const edits = (received: Array<{ type: string }>) =>
  received.filter((e): e is { type: 'edits.changed'; chart: string; dirty: boolean } => e.type === 'edits.changed').map((e) => [e.chart, e.dirty]);

async function loaded(calls = organizerCalls()) {
  const t = startOrganizer(calls);
  await flush();
  return t;
}

afterEach(() => forgetDrafts());

describe('organizerMachine: unsaved edits', () => {
  it('says the details hold edits while they differ from the event, and no longer once typed back or cancelled', async () => {
    const t = await loaded();
    t.child.send({ type: 'details.editRequested' });
    t.child.send({ type: 'details.fieldChanged', field: 'name', value: 'Slower Coffee' });
    t.child.send({ type: 'details.fieldChanged', field: 'name', value: 'Slow Coffee' });
    t.child.send({ type: 'details.featureToggled', feature: 'ice_breakers' });
    t.child.send({ type: 'details.editCancelled' });
    expect(edits(t.received)).toEqual([
      ['organizer', true],
      ['organizer', false],
      ['organizer', true],
      ['organizer', false],
    ]);
  });

  it('Save and go saves the details, then says nothing is unsaved', async () => {
    const t = await loaded();
    t.child.send({ type: 'details.editRequested' });
    t.child.send({ type: 'details.fieldChanged', field: 'name', value: 'Slower Coffee' });
    t.child.send({ type: 'edits.save' });
    await flush();
    expect(t.calls.updateEvent).toHaveBeenCalledWith(expect.objectContaining({ body: { name: 'Slower Coffee' } }));
    expect(edits(t.received).at(-1)).toEqual(['organizer', false]);
    expect(t.snapshot().matches({ open: { details: 'ready' } })).toBe(true);
  });

  it('stays with the details when saving to leave fails', async () => {
    const calls = organizerCalls();
    calls.updateEvent.mockRejectedValueOnce(new ApiError(500, null));
    const t = await loaded(calls);
    t.child.send({ type: 'details.editRequested' });
    t.child.send({ type: 'details.fieldChanged', field: 'name', value: 'Slower Coffee' });
    t.child.send({ type: 'edits.save' });
    await flush();
    expect(t.types()).toContain('edits.saveFailed');
    expect(t.snapshot().matches({ open: { details: 'editing' } })).toBe(true);
    expect(t.context().draft.name).toBe('Slower Coffee');
  });

  it('passes the zone editor\'s edits on to the root, which reaches the editor by its system id', async () => {
    const t = await loaded();
    t.child.send({ type: 'zone.addRequested' });
    const editor = t.actor.system.get(ZONE_EDITOR);
    expect(editor).toBeDefined();
    editor.send({ type: 'zone.fieldChanged', field: 'name', value: 'Reading nook' });
    expect(edits(t.received)).toEqual([[ZONE_EDITOR, true]]);
    editor.send({ type: 'zone.cancelled' });
    expect(edits(t.received)).toEqual([
      [ZONE_EDITOR, true],
      [ZONE_EDITOR, false],
    ]);
  });

  it('keeps an announcement being written for the next visit, and forgets it once sent', async () => {
    const first = await loaded();
    first.child.send({ type: 'announcement.changed', value: 'Tea is in the quiet room' });
    first.actor.stop();
    const calls = organizerCalls();
    const again = await loaded(calls);
    expect(again.context().announcementDraft).toBe('Tea is in the quiet room');
    expect(draftOf(announcementDraftKey(ada.id, adasEvent().id))).toBe('Tea is in the quiet room');
    calls.announce.mockResolvedValueOnce({ success: true, announcement: sampleAnnouncement('Tea is in the quiet room'), attendees_told: 2, left_this_hour: 1, next_at: null });
    again.child.send({ type: 'announcement.submitted' });
    await flush();
    expect(again.context().announcementDraft).toBe('');
    again.actor.stop();
    expect((await loaded()).context().announcementDraft).toBe('');
  });

  it('keeps a new interest group being written for the next visit, and forgets it once started', async () => {
    const first = await loaded();
    first.child.send({ type: 'group.fieldChanged', field: 'name', value: 'Board games' });
    first.actor.stop();
    const again = await loaded();
    expect(again.context().groupDraft).toEqual({ name: 'Board games', description: '', interest_tag: '' });
    again.child.send({ type: 'group.fieldChanged', field: 'interest_tag', value: 'games' });
    again.child.send({ type: 'group.submitted' });
    await flush();
    expect(again.calls.createGroup).toHaveBeenCalled();
    again.actor.stop();
    expect((await loaded()).context().groupDraft).toEqual({ name: '', description: '', interest_tag: '' });
  });
});
