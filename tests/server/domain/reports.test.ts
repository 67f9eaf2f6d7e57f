import { describe, expect, it } from 'vitest';
import { RESOLVE_ACTIONS } from '../../../contract/admin-reports';
import { ADMIN_ACTION_TYPES } from '../../../contract/admin';
import { REVIEW_HOLD_REPORTERS, REVIEW_HOLD_WINDOW_MS } from '../../../contract/reports';
import { AUDIT_ACTION_OF, holdWindowStart, mustHoldForReview, stateForReporter } from '../../../server/domain/reports';

describe('the review hold', () => {
  it('takes three different reporters within a day', () => {
    expect(REVIEW_HOLD_REPORTERS).toBe(3);
    expect(mustHoldForReview(2)).toBe(false);
    expect(mustHoldForReview(3)).toBe(true);
    expect(mustHoldForReview(4)).toBe(true);
    const now = new Date('2026-11-22T10:00:00Z');
    expect(now.getTime() - holdWindowStart(now).getTime()).toBe(REVIEW_HOLD_WINDOW_MS);
    expect(REVIEW_HOLD_WINDOW_MS).toBe(24 * 60 * 60 * 1000);
  });
});

describe('what a reporter is told', () => {
  it('is open or reviewed, never what was done', () => {
    expect(stateForReporter('open')).toBe('open');
    expect(stateForReporter('resolved')).toBe('reviewed');
  });
});

describe('the audit entry of a resolution', () => {
  it('is one known action type for each action; warn and ban are the Warn and Ban entries', () => {
    for (const action of RESOLVE_ACTIONS) expect(ADMIN_ACTION_TYPES).toContain(AUDIT_ACTION_OF[action]);
    expect(AUDIT_ACTION_OF.warn).toBe('warning');
    expect(AUDIT_ACTION_OF.ban).toBe('ban');
  });
});
