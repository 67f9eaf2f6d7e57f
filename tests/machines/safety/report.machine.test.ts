/** The report sheet's chart: a reason and a note, sending, the thank-you, the offer to block, and their failures. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { REPORT_NOTE_MAX, type ReportAnswer, type ReportBody } from '../../../contract/reports';
import { ApiError } from '../../../machines/api/client';
import {
  REPORT_BLOCK_FAILED,
  REPORT_FAILED,
  REPORT_REASON_NEEDED,
  blockName,
  blockOffer,
  canOfferBlock,
  noteCount,
  reportMachine,
  reportTitle,
  selectReportStep,
} from '../../../machines/safety/report.machine';
import { groupMessageReport, messageReport, personReport, photoReport, type ReportTarget } from '../../../machines/safety/report-target';
import { ada } from '../app.fakes';
import { asChild, deferred, flush } from '../discovery.fakes';
import { english } from '../../../contract/said';

const sam = { id: 'b0000000-0000-4000-8000-000000000001', name: 'Sam Reed' };
const MESSAGE_ID = 'c0000000-0000-4000-8000-000000000001';
const messageTarget = messageReport({ id: MESSAGE_ID, text: 'You owe me a reply.' }, sam).target;

const FILED: ReportAnswer = { success: true, report_id: 'd0000000-0000-4000-8000-000000000001' };

function start(
  target: ReportTarget = messageTarget,
  file: (body: ReportBody) => Promise<ReportAnswer> = async () => FILED,
  block: (id: string) => Promise<unknown> = async () => ({ success: true }),
) {
  const files = vi.fn(file);
  const blocks = vi.fn(block);
  const machine = reportMachine.provide({
    actors: {
      fileReport: fromPromise<ReportAnswer, { userId: string; body: ReportBody }>(({ input }) => files(input.body)),
      blockUser: fromPromise<unknown, { userId: string; blockedId: string }>(({ input }) => blocks(input.blockedId)),
    },
  });
  const c = asChild(machine, { user: ada, target });
  // What the sheet tells the root besides its edits (they have tests of their own).
  const received = c.received;
  const told = () => received.filter((e) => !e.type.startsWith('edits.'));
  const t = { ...c, told, types: () => told().map((e) => e.type) };
  return { ...t, files, blocks, snap: () => t.child.getSnapshot(), step: () => selectReportStep(t.child.getSnapshot()) };
}

describe('reportMachine', () => {
  it('tells the root a chosen reason or a note is an edit, and that a sent report is none (issue 39)', async () => {
    const t = start();
    t.child.send({ type: 'report.noteChanged', note: '  ' });
    t.child.send({ type: 'report.reasonChosen', reason: 'harassment' });
    // Save as the sheet closes: the report is sent.
    t.child.send({ type: 'edits.save' });
    await flush();
    expect(t.files).toHaveBeenCalledTimes(1);
    expect(t.received.filter((e) => e.type === 'edits.changed')).toEqual([
      { type: 'edits.changed', chart: 'report', dirty: false },
      { type: 'edits.changed', chart: 'report', dirty: true },
      { type: 'edits.changed', chart: 'report', dirty: false },
    ]);
  });

  it('says it could not save without a reason', () => {
    const t = start();
    t.child.send({ type: 'report.noteChanged', note: 'He shouted' });
    t.child.send({ type: 'edits.save' });
    expect(t.files).not.toHaveBeenCalled();
    expect(t.received.at(-1)).toEqual({ type: 'edits.saveFailed' });
  });

  it('asks for a reason before sending, and sends the reason with the note trimmed', async () => {
    const t = start();
    expect(t.step()).toBe('choosing');
    t.child.send({ type: 'report.submitted' });
    expect(t.step()).toBe('choosing');
    expect(t.snap().context.error).toBe(REPORT_REASON_NEEDED);
    expect(t.files).not.toHaveBeenCalled();

    t.child.send({ type: 'report.reasonChosen', reason: 'harassment' });
    expect(t.snap().context.error).toBeNull();
    t.child.send({ type: 'report.noteChanged', note: '  It keeps happening.  ' });
    t.child.send({ type: 'report.submitted' });
    expect(t.step()).toBe('sending');
    expect(t.files).toHaveBeenCalledWith({ target_type: 'message', target_id: MESSAGE_ID, reason: 'harassment', note: 'It keeps happening.' });
    await flush();
    expect(t.step()).toBe('thanked');
    expect(t.types()).toEqual(['report.filed']);
  });

  it('sends no note when none was written (or only spaces)', async () => {
    const t = start(personReport(sam).target);
    t.child.send({ type: 'report.reasonChosen', reason: 'spam' });
    t.child.send({ type: 'report.noteChanged', note: '   ' });
    t.child.send({ type: 'report.submitted' });
    expect(t.files).toHaveBeenCalledWith({ target_type: 'user', target_id: sam.id, reason: 'spam', note: null });
  });

  it('never keeps more of the note than the server takes', () => {
    const t = start();
    t.child.send({ type: 'report.noteChanged', note: 'x'.repeat(REPORT_NOTE_MAX + 20) });
    expect(t.snap().context.note).toHaveLength(REPORT_NOTE_MAX);
    expect(english(noteCount(t.snap().context.note))).toBe(english(`${REPORT_NOTE_MAX} of ${REPORT_NOTE_MAX} characters`));
  });

  it("says the server's refusal in the sheet and keeps the reason and note", async () => {
    const refusal = 'You can report someone you have come across here: at an event, in a chat or through a request.';
    const t = start(messageTarget, async () => {
      throw new ApiError(403, refusal);
    });
    t.child.send({ type: 'report.reasonChosen', reason: 'other' });
    t.child.send({ type: 'report.noteChanged', note: 'Context for the moderator' });
    t.child.send({ type: 'report.submitted' });
    await flush();
    expect(t.step()).toBe('choosing');
    expect(english(t.snap().context)).toMatchObject(english({ reason: 'other', note: 'Context for the moderator', error: refusal }));
    expect(t.types()).toEqual([]);
  });

  it('says so calmly when the report could not reach the server (no detail), and a retry sends again', async () => {
    const answers = [
      async () => {
        throw new ApiError(0, null);
      },
      async () => FILED,
    ];
    const t = start(messageTarget, () => answers.shift()!());
    t.child.send({ type: 'report.reasonChosen', reason: 'spam' });
    t.child.send({ type: 'report.submitted' });
    await flush();
    expect(t.snap().context.error).toBe(REPORT_FAILED);
    t.child.send({ type: 'report.submitted' });
    expect(t.snap().context.error).toBeNull();
    await flush();
    expect(t.step()).toBe('thanked');
    expect(t.files).toHaveBeenCalledTimes(2);
  });

  it('tells the root when the session is gone', async () => {
    const t = start(messageTarget, async () => {
      throw new ApiError(401, 'Not signed in');
    });
    t.child.send({ type: 'report.reasonChosen', reason: 'spam' });
    t.child.send({ type: 'report.submitted' });
    await flush();
    expect(t.told()).toEqual([{ type: 'session.expired' }]);
  });

  it('does not close while the report is on its way, and closes from any settled step', async () => {
    const answer = deferred<ReportAnswer>();
    const t = start(messageTarget, () => answer.promise);
    t.child.send({ type: 'report.closeRequested' });
    expect(t.types()).toEqual(['report.closed']);
    t.child.send({ type: 'report.reasonChosen', reason: 'uncomfortable' });
    t.child.send({ type: 'report.submitted' });
    t.child.send({ type: 'report.closeRequested' });
    expect(t.types()).toEqual(['report.closed']);
    answer.resolve(FILED);
    await flush();
    t.child.send({ type: 'report.closeRequested' });
    expect(t.types()).toEqual(['report.closed', 'report.filed', 'report.closed']);
  });

  it('offers to block after the thank-you, blocks, and tells the root who', async () => {
    const answer = deferred<unknown>();
    const t = start(messageTarget, undefined, () => answer.promise);
    t.child.send({ type: 'report.reasonChosen', reason: 'harassment' });
    t.child.send({ type: 'report.submitted' });
    await flush();
    t.child.send({ type: 'report.blockRequested' });
    expect(t.step()).toBe('blocking');
    expect(t.blocks).toHaveBeenCalledWith(sam.id);
    t.child.send({ type: 'report.closeRequested' });
    expect(t.types()).toEqual(['report.filed']);
    answer.resolve({ success: true });
    await flush();
    expect(t.step()).toBe('blocked');
    expect(t.types()).toEqual(['report.filed', 'report.blocked']);
    expect(t.told()[1]).toEqual({ type: 'report.blocked', userId: sam.id });
    t.child.send({ type: 'report.closeRequested' });
    expect(t.types().at(-1)).toBe('report.closed');
  });

  it('keeps the thank-you and says so when the block fails; it can be tried again', async () => {
    const answers = [
      async () => {
        throw new ApiError(500, null);
      },
      async () => ({ success: true }),
    ];
    const t = start(messageTarget, undefined, () => answers.shift()!());
    t.child.send({ type: 'report.reasonChosen', reason: 'harassment' });
    t.child.send({ type: 'report.submitted' });
    await flush();
    t.child.send({ type: 'report.blockRequested' });
    await flush();
    expect(t.step()).toBe('thanked');
    expect(t.snap().context.error).toBe(REPORT_BLOCK_FAILED);
    t.child.send({ type: 'report.blockRequested' });
    await flush();
    expect(t.step()).toBe('blocked');
  });

  it('offers no block for someone already blocked, or hidden', async () => {
    for (const target of [personReport(sam, true).target, groupMessageReport({ id: MESSAGE_ID, from_user: null, from_name: 'Anonymous attendee', message: 'hi' }).target]) {
      expect(canOfferBlock(target)).toBe(false);
      const t = start(target);
      t.child.send({ type: 'report.reasonChosen', reason: 'spam' });
      t.child.send({ type: 'report.submitted' });
      await flush();
      t.child.send({ type: 'report.blockRequested' });
      expect(t.step()).toBe('thanked');
      expect(t.blocks).not.toHaveBeenCalled();
    }
  });

  it('names what is reported', () => {
    expect(english(reportTitle(personReport(sam).target))).toBe(english('Report Sam Reed'));
    expect(english(reportTitle(messageTarget))).toBe('Report a message from Sam Reed');
    const photo = photoReport({ id: MESSAGE_ID, user_id: sam.id, caption: null }).target;
    expect(english(reportTitle(photo))).toBe('Report a photo');
    // A photo's sharer is not named: the offer says 'them'.
    expect(blockName(photo)).toBeNull();
    expect(english(blockOffer(blockName(photo)))).toMatch(/^Do you want to block them too\?/);
    expect(canOfferBlock(photo)).toBe(true);
  });
});
