import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { AdminReport, ResolveReportAnswer, ResolveReportBody } from '../../../contract/admin-reports';
import { MESSAGES } from '../../../contract/messages';
import {
  adminReportMachine,
  isResolveFormOpen,
  offeredActions,
  reportOffers,
  resolveBodyOf,
  resolvedMessage,
  type ResolveDraft,
} from '../../../machines/admin/admin-report.machine';
import { ApiError } from '../../../machines/api/client';
import { WARNING_REASON_REQUIRED } from '../../../machines/admin/ban.machine';
import { kitReported, messageReport, resolvedReport } from '../../model/admin-fixtures';

import { ADMIN_ID, underParent } from './admin.fakes';
import { english } from '../../../contract/said';

type ResolveCall = { adminId: string; reportId: string; body: ResolveReportBody };

/** One report's chart under a parent that records what it is told, the call faked, on a simulated clock. */
function startReport(report: AdminReport, resolve: (input: ResolveCall) => Promise<ResolveReportAnswer> = async () => {
  throw new Error('unexpected call: resolve');
}) {
  const calls = { resolve: vi.fn(resolve), focus: vi.fn(() => {}) };
  const row = adminReportMachine.provide({
    actors: { resolve: fromPromise<ResolveReportAnswer, ResolveCall>(({ input }) => calls.resolve(input)) },
    actions: { focusError: () => calls.focus() },
  });
  const { ref, told, snap } = underParent(row, { adminId: ADMIN_ID, report });
  return { ref, calls, told, snap };
}

function fill(ref: ReturnType<typeof startReport>['ref'], draft: Partial<ResolveDraft>) {
  for (const [field, value] of Object.entries(draft)) {
    if (field !== 'action') ref.send({ type: 'resolve.fieldChanged', field: field as 'reason', value: value as string });
  }
}

const answerFor = (report: AdminReport, action: 'dismiss' | 'warn' | 'ban' | 'remove_content', ids = [report.id]): ResolveReportAnswer => ({
  success: true,
  resolved_report_ids: ids,
  report: resolvedReport(report, action, 'done'),
});

describe('adminReportMachine: what a report offers', () => {
  it('offers all four for an open report of a message by someone active', () => {
    const r = startReport(messageReport());
    expect(r.snap().matches({ open: 'idle' })).toBe(true);
    expect(reportOffers(r.snap())).toEqual(['dismiss', 'remove_content', 'warn', 'ban']);
  });

  it('offers no removal once the content is gone, and no warning or ban for someone banned', () => {
    const report = messageReport();
    expect(offeredActions({ ...report, context: { ...report.context, content_removed: true } })).toEqual(['dismiss', 'warn', 'ban']);
    expect(offeredActions({ ...report, reported_user: kitReported({ is_banned: true }) })).toEqual(['dismiss', 'remove_content']);
    // A reported profile's content is its photo: nothing to remove without one.
    expect(offeredActions({ ...report, target_type: 'user', target_id: report.reported_user.id })).toEqual(['dismiss', 'warn', 'ban']);
    expect(offeredActions({ ...report, target_type: 'user', reported_user: kitReported({ photo_data: 'abc' }) })).toContain('remove_content');
  });

  it('starts resolved for a resolved report, and offers nothing', () => {
    const r = startReport(resolvedReport(messageReport(), 'dismiss', 'Not harassment'));
    expect(r.snap().matches('resolved')).toBe(true);
    expect(reportOffers(r.snap())).toEqual([]);
    r.ref.send({ type: 'resolve.opened', action: 'dismiss' });
    expect(isResolveFormOpen(r.snap())).toBe(false);
  });

  it('ignores an action it does not offer', () => {
    const r = startReport(messageReport(1, { reported_user: kitReported({ is_banned: true }) }));
    r.ref.send({ type: 'resolve.opened', action: 'warn' });
    expect(r.snap().matches({ open: 'idle' })).toBe(true);
  });
});

describe('adminReportMachine: the form before anything is sent', () => {
  it('asks a warning for the words the person will read, moving focus there', () => {
    const r = startReport(messageReport());
    r.ref.send({ type: 'resolve.opened', action: 'warn' });
    expect(reportOffers(r.snap())).toEqual([]);
    r.ref.send({ type: 'resolve.submitted' });
    expect(r.snap().context.errors).toEqual({ fields: { reason: WARNING_REASON_REQUIRED }, form: null });
    expect(r.calls.focus).toHaveBeenCalledTimes(1);
    expect(r.calls.resolve).not.toHaveBeenCalled();
    fill(r.ref, { reason: 'x' });
    expect(r.snap().context.errors.fields).toEqual({});
  });

  it('asks every action for a reason', () => {
    const r = startReport(messageReport());
    r.ref.send({ type: 'resolve.opened', action: 'dismiss' });
    fill(r.ref, { reason: '   ' });
    r.ref.send({ type: 'resolve.submitted' });
    expect(english(r.snap().context.errors.fields)).toEqual(english({ reason: 'A reason is required' }));
  });

  it('checks a temporary ban’s length as the Users table does, and sends none for a permanent ban', async () => {
    const report = messageReport();
    const r = startReport(report, async () => answerFor(report, 'ban'));
    r.ref.send({ type: 'resolve.opened', action: 'ban' });
    expect(r.snap().context.draft).toEqual({ action: 'ban', reason: '', ban_type: 'temporary', days: '7' });
    fill(r.ref, { reason: 'Threats', days: '400' });
    r.ref.send({ type: 'resolve.submitted' });
    expect(english(r.snap().context.errors.fields)).toEqual(english({ days: 'Duration must be between 1 and 365 days' }));
    fill(r.ref, { ban_type: 'permanent' });
    expect(r.snap().context.errors.fields).toEqual({});
    r.ref.send({ type: 'resolve.submitted' });
    await waitFor(r.ref, (s) => s.matches('resolved'));
    expect(r.calls.resolve).toHaveBeenCalledWith({ adminId: ADMIN_ID, reportId: report.id, body: { action: 'ban', reason: 'Threats', duration_days: null } });
  });

  it('builds the body: a trimmed reason, and a duration only for a temporary ban', () => {
    const base = { reason: '  Spam  ', ban_type: 'temporary' as const, days: '3' };
    expect(resolveBodyOf({ ...base, action: 'ban' })).toEqual({ action: 'ban', reason: 'Spam', duration_days: 3 });
    expect(resolveBodyOf({ ...base, action: 'warn' })).toEqual({ action: 'warn', reason: 'Spam' });
    expect(resolveBodyOf({ ...base, action: 'remove_content' })).toEqual({ action: 'remove_content', reason: 'Spam' });
  });

  it('goes back to the actions on Cancel, without a call', () => {
    const r = startReport(messageReport());
    r.ref.send({ type: 'resolve.opened', action: 'dismiss' });
    r.ref.send({ type: 'resolve.cancelled' });
    expect(r.snap().matches({ open: 'idle' })).toBe(true);
    expect(r.calls.resolve).not.toHaveBeenCalled();
  });
});

describe('adminReportMachine: resolving', () => {
  it('warns, keeps the report as it now stands, and tells the queue which reports it resolved', async () => {
    const report = messageReport(1, { same_target_open: 1 });
    const other = messageReport(2).id;
    const r = startReport(report, async () => answerFor(report, 'warn', [report.id, other]));
    r.ref.send({ type: 'resolve.opened', action: 'warn' });
    fill(r.ref, { reason: ' Please keep your messages kind. ' });
    r.ref.send({ type: 'resolve.submitted' });
    expect(r.snap().matches('resolving')).toBe(true);
    await waitFor(r.ref, (s) => s.matches('resolved'));
    expect(r.calls.resolve).toHaveBeenCalledWith({
      adminId: ADMIN_ID,
      reportId: report.id,
      body: { action: 'warn', reason: 'Please keep your messages kind.' },
    });
    expect(r.snap().context.report.status).toBe('resolved');
    expect(english(r.told)).toEqual(english([
      { type: 'review.resolved', reportIds: [report.id, other], message: `${english(MESSAGES.warningIssued)} (with 1 other report of the same thing)` },
    ]));
  });

  it.each([
    [new ApiError(409, 'This report has been resolved already'), { fields: {}, form: 'This report has been resolved already' }],
    [new ApiError(400, 'reason: must be at most 500 characters'), { fields: { reason: expect.stringContaining('500') }, form: null }],
    [new ApiError(0, null), { fields: {}, form: 'Failed to resolve report' }],
  ])('keeps the form open with what the server said (%s)', async (error, shown) => {
    const r = startReport(messageReport(), async () => {
      throw error;
    });
    r.ref.send({ type: 'resolve.opened', action: 'dismiss' });
    fill(r.ref, { reason: 'Not harassment' });
    r.ref.send({ type: 'resolve.submitted' });
    await waitFor(r.ref, (s) => s.matches({ open: 'editing' }) && r.calls.resolve.mock.calls.length === 1);
    expect(english(r.snap().context.errors)).toEqual(english(shown));
    expect(r.snap().context.draft.reason).toBe('Not harassment');
    expect(r.calls.focus).toHaveBeenCalled();
    expect(r.told).toEqual([]);
  });

  it('tells the parent when the admin session is gone, so the admin chart signs out', async () => {
    const r = startReport(messageReport(), async () => {
      throw new ApiError(401, 'You need to be signed in as an admin to do that');
    });
    r.ref.send({ type: 'resolve.opened', action: 'ban' });
    fill(r.ref, { reason: 'Threats' });
    r.ref.send({ type: 'resolve.submitted' });
    await waitFor(r.ref, (s) => s.matches({ open: 'editing' }) && r.told.length > 0);
    expect(r.told).toEqual([{ type: 'row.failed', message: MESSAGES.failedBanUser, unauthorized: true }]);
  });

  it('words the toast for each action', () => {
    expect(english(resolvedMessage('dismiss', ['a']))).toBe(english('Report dismissed'));
    expect(english(resolvedMessage('remove_content', ['a', 'b', 'c']))).toBe('Content removed (with 2 other reports of the same thing)');
    expect(english(resolvedMessage('ban', ['a']))).toBe(english(MESSAGES.userBanned));
  });
});
