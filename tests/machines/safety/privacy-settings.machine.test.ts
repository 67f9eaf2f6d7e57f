import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { BlockedUser, PrivacySettings } from '../../../contract/discovery';
import type { MyReport } from '../../../contract/reports';
import { blockedPeopleMachine } from '../../../machines/safety/blocked-people.machine';
import { myReportsMachine } from '../../../machines/safety/my-reports.machine';
import { ApiError } from '../../../machines/api/client';
import { PRIVACY_UPDATED, PRIVACY_UPDATE_FAILED, privacySettingsMachine } from '../../../machines/safety/privacy-settings.machine';
import { ada } from '../app.fakes';
import { asChild, flush } from '../discovery.fakes';
import { testSaid } from '../../said';
import { english } from '../../../contract/said';

const stored: PrivacySettings = {
  visibility_mode: 'public',
  show_location: true,
  show_interests: true,
  show_profile_picture: true,
  quiet_when_low_battery: true,
  auto_hide_in_restricted_zones: true,
  anonymous_browsing: false,
  safe_space_mode: false,
};

function start(save: (input: { userId: string; settings: PrivacySettings }) => Promise<unknown>, load: () => Promise<PrivacySettings> = async () => stored) {
  const saves = vi.fn(save);
  const reportLoads = vi.fn(async (): Promise<MyReport[]> => []);
  const machine = privacySettingsMachine.provide({
    actors: {
      loadPrivacy: fromPromise<PrivacySettings, { userId: string }>(() => load()),
      savePrivacy: fromPromise<unknown, { userId: string; settings: PrivacySettings }>(({ input }) => saves(input)),
      // The blocked list beside the form has tests of its own (blocked-people.machine.test.ts).
      blockedPeople: blockedPeopleMachine.provide({
        actors: { loadBlocked: fromPromise<BlockedUser[], { userId: string }>(async () => []) },
      }),
      // So are "Your reports" (my-reports.machine.test.ts).
      myReports: myReportsMachine.provide({
        actors: { loadReports: fromPromise<MyReport[], { userId: string; offset: number }>(() => reportLoads()) },
      }),
    },
  });
  return { ...asChild(machine, { user: ada }), saves, reportLoads };
}

describe('privacySettingsMachine', () => {
  it('runs the blocked list beside the form and passes on what it tells the root', async () => {
    const t = start(async () => ({}));
    await flush();
    const blocked = t.child.getSnapshot().children.blocked;
    expect(blocked).toBeDefined();
    blocked!.send({ type: 'blocked.reloaded' });
    t.child.send({ type: 'toast.show', message: testSaid('Sam is unblocked'), kind: 'success' });
    t.child.send({ type: 'session.expired' });
    expect(t.received).toEqual([{ type: 'toast.show', message: testSaid('Sam is unblocked'), kind: 'success' }, { type: 'session.expired' }]);
  });

  it('runs "Your reports" beside the form and loads it again when a report is filed', async () => {
    const t = start(async () => ({}));
    await flush();
    expect(t.child.getSnapshot().children.myReports).toBeDefined();
    expect(t.reportLoads).toHaveBeenCalledTimes(1);
    t.child.send({ type: 'report.filed' });
    await flush();
    expect(t.reportLoads).toHaveBeenCalledTimes(2);
  });

  it('loads the settings into a draft that changes only the chosen fields', async () => {
    const t = start(async () => ({}));
    await flush();
    expect(t.child.getSnapshot().matches('editing')).toBe(true);
    t.child.send({ type: 'privacy.modeChanged', mode: 'friends' });
    t.child.send({ type: 'privacy.flagToggled', flag: 'show_interests' });
    t.child.send({ type: 'privacy.flagToggled', flag: 'safe_space_mode' });
    expect(t.child.getSnapshot().context.draft).toEqual({
      ...stored,
      visibility_mode: 'friends',
      show_interests: false,
      safe_space_mode: true,
    });
    expect(t.saves).not.toHaveBeenCalled();
  });

  it('saves every setting, tells the root and says so, and that nothing is unsaved any more', async () => {
    const t = start(async () => ({ success: true }));
    await flush();
    t.child.send({ type: 'privacy.modeChanged', mode: 'private' });
    t.child.send({ type: 'privacy.submitted' });
    const settings = { ...stored, visibility_mode: 'private' as const };
    expect(t.saves).toHaveBeenCalledWith({ userId: ada.id, settings });
    await flush();
    expect(t.received).toEqual([
      { type: 'edits.changed', chart: 'privacySettings', dirty: true },
      { type: 'error.cleared' },
      { type: 'privacy.updated', settings },
      { type: 'toast.show', message: PRIVACY_UPDATED, kind: 'success' },
      { type: 'edits.changed', chart: 'privacySettings', dirty: false },
    ]);
  });

  it("shows the server's detail, else a plain message, and keeps the draft", async () => {
    const errors = [new ApiError(400, 'visibility_mode: must be one of public, friends, private, anonymous'), new ApiError(500, null)];
    const t = start(async () => {
      throw errors.shift();
    });
    await flush();
    t.child.send({ type: 'privacy.flagToggled', flag: 'show_location' });
    t.child.send({ type: 'privacy.submitted' });
    await flush();
    t.child.send({ type: 'privacy.submitted' });
    await flush();
    expect(english(t.received.filter((e) => e.type === 'error.show').map((e) => e.message))).toEqual(english([
      'visibility_mode: must be one of public, friends, private, anonymous',
      PRIVACY_UPDATE_FAILED,
    ]));
    expect(t.child.getSnapshot().context.draft?.show_location).toBe(false);
  });

  it('offers a retry when the settings do not load', async () => {
    let fail = true;
    const t = start(
      async () => ({}),
      async () => {
        if (fail) throw new ApiError(500, null);
        return stored;
      },
    );
    await flush();
    expect(t.child.getSnapshot().matches('failed')).toBe(true);
    fail = false;
    t.child.send({ type: 'privacy.reloaded' });
    await flush();
    expect(t.child.getSnapshot().context.draft).toEqual(stored);
  });
});
