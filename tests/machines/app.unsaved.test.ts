/**
 * The root chart and unsaved edits (issue 39): while a form's edits differ from what it
 * loaded, leaving (a view asked for, Back, closing the report sheet) is held and asked
 * about; Stay keeps the form and its edits, Discard drops them and goes, Save saves and
 * then goes, or stays when saving fails. A field changed back is no edit.
 */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { BlockedUser, PrivacySettings } from '../../contract/discovery';
import type { MyReport } from '../../contract/reports';
import { ApiError } from '../../machines/api/client';
import { chatDraftKey, draftOf, keepDraft } from '../../machines/chat/drafts';
import { chartOf } from '../../machines/lazy-charts';
import { blockedPeopleMachine } from '../../machines/safety/blocked-people.machine';
import { myReportsMachine } from '../../machines/safety/my-reports.machine';
import { privacySettingsMachine } from '../../machines/safety/privacy-settings.machine';
import { personReport } from '../../machines/safety/report-target';
import type { UserView } from '../../machines/views';
import { ada, startApp, type TestApp } from './app.fakes';
import { flush } from './discovery.fakes';

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

async function onPrivacy(save: (settings: PrivacySettings) => Promise<unknown> = async () => ({})) {
  const saves = vi.fn(save);
  const app = startApp({
    login: async () => ({ user: ada, reactivated: false }),
    children: {
      privacySettings: privacySettingsMachine.provide({
        actors: {
          loadPrivacy: fromPromise<PrivacySettings, { userId: string }>(async () => stored),
          savePrivacy: fromPromise<unknown, { userId: string; settings: PrivacySettings }>(({ input }) => saves(input.settings)),
          blockedPeople: blockedPeopleMachine.provide({ actors: { loadBlocked: fromPromise<BlockedUser[], { userId: string }>(async () => []) } }),
          myReports: myReportsMachine.provide({ actors: { loadReports: fromPromise<MyReport[], { userId: string; offset: number }>(async () => []) } }),
        },
      }),
    },
  });
  const auth = app.auth();
  auth.send({ type: 'auth.loginChanged', field: 'username_or_email', value: 'ada' });
  auth.send({ type: 'auth.loginChanged', field: 'password', value: 'secret1' });
  auth.send({ type: 'auth.submitted' });
  await flush();
  app.actor.send({ type: 'view.opened', view: 'privacy-settings' });
  await flush();
  return { app, saves };
}

const form = (app: TestApp) => chartOf(app.actor.getSnapshot(), 'privacySettings')!;
const root = (app: TestApp) => app.actor.getSnapshot();
const onView = (app: TestApp, view: UserView) => root(app).matches({ user: view });
const chooseAnonymous = (app: TestApp) => form(app).send({ type: 'privacy.modeChanged', mode: 'anonymous' });

describe('appMachine: unsaved edits', () => {
  it('leaves a form without edits at once', async () => {
    const { app } = await onPrivacy();
    app.actor.send({ type: 'view.opened', view: 'events' });
    expect(onView(app, 'events')).toBe(true);
    expect(root(app).context.leaving).toBeNull();
  });

  it('asks before leaving a form with edits, and Stay keeps the form and its edits', async () => {
    const { app } = await onPrivacy();
    chooseAnonymous(app);
    expect(root(app).context.unsaved).toEqual(['privacySettings']);
    app.actor.send({ type: 'view.opened', view: 'events' });
    expect(onView(app, 'privacy-settings')).toBe(true);
    expect(root(app).context.leaving?.event).toEqual({ type: 'view.opened', view: 'events' });
    app.actor.send({ type: 'leaving.answered', answer: 'stay' });
    expect(root(app).context.leaving).toBeNull();
    expect(onView(app, 'privacy-settings')).toBe(true);
    expect(form(app).getSnapshot().context.draft?.visibility_mode).toBe('anonymous');
  });

  it('does not ask once a field is changed back to what was loaded', async () => {
    const { app } = await onPrivacy();
    chooseAnonymous(app);
    form(app).send({ type: 'privacy.modeChanged', mode: 'public' });
    expect(root(app).context.unsaved).toEqual([]);
    app.actor.send({ type: 'view.opened', view: 'events' });
    expect(onView(app, 'events')).toBe(true);
  });

  it('Discard drops the edits and goes where the person was going', async () => {
    const { app, saves } = await onPrivacy();
    chooseAnonymous(app);
    app.actor.send({ type: 'view.opened', view: 'profile' });
    app.actor.send({ type: 'leaving.answered', answer: 'discard' });
    await flush();
    expect(onView(app, 'profile')).toBe(true);
    expect(saves).not.toHaveBeenCalled();
    expect(root(app).context).toMatchObject({ unsaved: [], leaving: null });
    // Back on the form: what the server keeps, not the dropped edit.
    app.actor.send({ type: 'view.opened', view: 'privacy-settings' });
    await flush();
    expect(form(app).getSnapshot().context.draft?.visibility_mode).toBe('public');
  });

  it('Save saves the edits, then goes', async () => {
    const { app, saves } = await onPrivacy();
    chooseAnonymous(app);
    app.actor.send({ type: 'view.opened', view: 'events' });
    app.actor.send({ type: 'leaving.answered', answer: 'save' });
    expect(root(app).context.leaving?.saving).toBe(true);
    expect(onView(app, 'privacy-settings')).toBe(true);
    await flush();
    expect(saves).toHaveBeenCalledWith(expect.objectContaining({ visibility_mode: 'anonymous' }));
    expect(onView(app, 'events')).toBe(true);
    expect(root(app).context).toMatchObject({ unsaved: [], leaving: null });
  });

  it('stays on the form with the error shown when saving fails', async () => {
    const { app } = await onPrivacy(async () => {
      throw new ApiError(500, 'Server error');
    });
    chooseAnonymous(app);
    app.actor.send({ type: 'view.opened', view: 'events' });
    app.actor.send({ type: 'leaving.answered', answer: 'save' });
    await flush();
    expect(onView(app, 'privacy-settings')).toBe(true);
    expect(root(app).context.leaving).toBeNull();
    expect(root(app).context.error).not.toBeNull();
    expect(root(app).context.unsaved).toEqual(['privacySettings']);
    expect(form(app).getSnapshot().context.draft?.visibility_mode).toBe('anonymous');
  });

  it('Back with edits puts the form\'s address back while asking, and Discard steps back again', async () => {
    const { app } = await onPrivacy();
    chooseAnonymous(app);
    app.goTo('/events');
    expect(onView(app, 'privacy-settings')).toBe(true);
    expect(app.calls.addressWrites.at(-1)).toEqual({ path: '/privacy', replace: false });
    app.actor.send({ type: 'leaving.answered', answer: 'discard' });
    expect(app.calls.historyOrders).toContainEqual({ type: 'address.back' });
    // The browser steps back and says so; with nothing unsaved the person goes.
    app.goTo('/events');
    await flush();
    expect(onView(app, 'events')).toBe(true);
  });

  it('tells the browser while edits are unsaved, so closing the tab asks', async () => {
    const { app } = await onPrivacy();
    chooseAnonymous(app);
    expect(app.calls.historyOrders.at(-1)).toEqual({ type: 'address.unsaved', unsaved: true });
    form(app).send({ type: 'privacy.modeChanged', mode: 'public' });
    expect(app.calls.historyOrders.at(-1)).toEqual({ type: 'address.unsaved', unsaved: false });
  });

  it('forgets the edits of a chart that stops without asking (its view left by the app itself)', async () => {
    const { app } = await onPrivacy();
    chooseAnonymous(app);
    app.actor.send({ type: 'session.expired' });
    expect(root(app).context.unsaved).toEqual([]);
  });

  it('closing the report sheet asks about its own edits only', async () => {
    const { app } = await onPrivacy();
    chooseAnonymous(app);
    app.actor.send(personReport({ id: 'b0000000-0000-4000-8000-000000000001', name: 'Sam Reed' }));
    // The privacy form's edits are not the sheet's: it closes.
    app.actor.send({ type: 'report.closed' });
    expect(root(app).context.report).toBeNull();
    expect(root(app).context.leaving).toBeNull();
    // A reason chosen on the sheet is: closing it asks.
    app.actor.send(personReport({ id: 'b0000000-0000-4000-8000-000000000001', name: 'Sam Reed' }));
    app.actor.send({ type: 'edits.changed', chart: 'report', dirty: true });
    app.actor.send({ type: 'report.closed' });
    expect(root(app).context.report).not.toBeNull();
    expect(root(app).context.leaving?.event).toEqual({ type: 'report.closed' });
    app.actor.send({ type: 'leaving.answered', answer: 'discard' });
    expect(root(app).context.report).toBeNull();
    // The privacy form's edits are still there: leaving the view asks.
    expect(root(app).context.unsaved).toEqual(['privacySettings']);
    app.actor.send({ type: 'view.opened', view: 'events' });
    expect(onView(app, 'privacy-settings')).toBe(true);
  });

  it('with two forms holding edits on one view, asks until both are saved or changed back', async () => {
    const { app } = await onPrivacy();
    chooseAnonymous(app);
    app.actor.send({ type: 'edits.changed', chart: 'businessCard', dirty: true });
    app.actor.send({ type: 'edits.changed', chart: 'businessCard', dirty: false });
    expect(root(app).context.unsaved).toEqual(['privacySettings']);
    app.actor.send({ type: 'edits.changed', chart: 'businessCard', dirty: true });
    app.actor.send({ type: 'view.opened', view: 'events' });
    app.actor.send({ type: 'leaving.answered', answer: 'save' });
    await flush();
    // The privacy form saved; the other has not said so yet: still here, still saving.
    expect(onView(app, 'privacy-settings')).toBe(true);
    expect(root(app).context.leaving?.saving).toBe(true);
    app.actor.send({ type: 'edits.changed', chart: 'businessCard', dirty: false });
    expect(onView(app, 'events')).toBe(true);
  });
});

describe('appMachine: unsaved edits of the profile', () => {
  async function onProfile(save = vi.fn(async ({ draft }: { draft: { name: string } }) => ({ ...ada, name: draft.name }))) {
    const app = startApp({ login: async () => ({ user: ada, reactivated: false }), saveProfile: save, logout: async () => ({ success: true }) });
    const auth = app.auth();
    auth.send({ type: 'auth.loginChanged', field: 'username_or_email', value: 'ada' });
    auth.send({ type: 'auth.loginChanged', field: 'password', value: 'secret1' });
    auth.send({ type: 'auth.submitted' });
    await flush();
    app.actor.send({ type: 'view.opened', view: 'profile' });
    app.profile().send({ type: 'profile.editStarted' });
    return { app, save };
  }

  it('asks about an edited field, not about one typed back as it was', async () => {
    const { app } = await onProfile();
    app.profile().send({ type: 'profile.fieldChanged', field: 'name', value: 'Ada King' });
    expect(root(app).context.unsaved).toEqual(['profile']);
    app.profile().send({ type: 'profile.fieldChanged', field: 'name', value: ada.name });
    expect(root(app).context.unsaved).toEqual([]);
    app.actor.send({ type: 'view.opened', view: 'events' });
    expect(onView(app, 'events')).toBe(true);
  });

  it('asks before signing out over unsaved edits; Stay keeps them, Discard signs out', async () => {
    const { app } = await onProfile();
    app.profile().send({ type: 'profile.fieldChanged', field: 'name', value: 'Ada King' });
    app.profile().send({ type: 'logout.requested' });
    await flush();
    expect(root(app).context.leaving?.event).toEqual({ type: 'signOut.requested' });
    expect(app.calls.logout).not.toHaveBeenCalled();
    app.actor.send({ type: 'leaving.answered', answer: 'stay' });
    expect(onView(app, 'profile')).toBe(true);
    expect(app.profile().getSnapshot().context.draft.name).toBe('Ada King');
    app.profile().send({ type: 'logout.requested' });
    app.actor.send({ type: 'leaving.answered', answer: 'discard' });
    await flush();
    expect(app.calls.logout).toHaveBeenCalledTimes(1);
    expect(root(app).matches({ signedOut: 'login' })).toBe(true);
  });

  it('Save and go before signing out saves the profile, then signs out', async () => {
    const { app, save } = await onProfile();
    app.profile().send({ type: 'profile.fieldChanged', field: 'name', value: 'Ada King' });
    app.profile().send({ type: 'logout.requested' });
    app.actor.send({ type: 'leaving.answered', answer: 'save' });
    await flush();
    expect(save).toHaveBeenCalledTimes(1);
    expect(app.calls.logout).toHaveBeenCalledTimes(1);
    expect(root(app).matches({ signedOut: 'login' })).toBe(true);
  });

  it('signing out forgets the chat drafts typed on the device; a lapsed session keeps them', async () => {
    const { app } = await onProfile();
    keepDraft(chatDraftKey(ada.id, 'b0000000-0000-4000-8000-000000000001'), 'Half a thought');
    app.actor.send({ type: 'session.expired' });
    expect(draftOf(chatDraftKey(ada.id, 'b0000000-0000-4000-8000-000000000001'))).toBe('Half a thought');
    const again = await onProfile();
    again.app.profile().send({ type: 'logout.requested' });
    await flush();
    expect(root(again.app).matches({ signedOut: 'login' })).toBe(true);
    expect(draftOf(chatDraftKey(ada.id, 'b0000000-0000-4000-8000-000000000001'))).toBe('');
  });

  it('Save and go saves the profile, then goes', async () => {
    const { app, save } = await onProfile();
    app.profile().send({ type: 'profile.fieldChanged', field: 'name', value: 'Ada King' });
    app.actor.send({ type: 'view.opened', view: 'events' });
    expect(onView(app, 'profile')).toBe(true);
    app.actor.send({ type: 'leaving.answered', answer: 'save' });
    await flush();
    expect(save).toHaveBeenCalledTimes(1);
    expect(onView(app, 'events')).toBe(true);
    expect(root(app).context.user?.name).toBe('Ada King');
  });

  it('asks about a password being typed, and Cancel drops it without asking', async () => {
    const { app } = await onProfile();
    app.profile().send({ type: 'profile.cancelled' });
    app.profile().send({ type: 'password.formOpened' });
    app.profile().send({ type: 'password.fieldChanged', field: 'current', value: 'secret1' });
    expect(root(app).context.unsaved).toEqual(['profile']);
    app.profile().send({ type: 'profile.cancelled' });
    expect(root(app).context.unsaved).toEqual([]);
  });
});
