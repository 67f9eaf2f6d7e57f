/**
 * The privacy-settings form (SPEC 3 "Privacy settings"): loads the person's settings,
 * keeps the edited draft here until 'Update Privacy Settings', then saves every setting
 * at once and tells the root chart, which words the safe-zone banner from them. The
 * people one has blocked are listed beside (blocked-people.machine.ts, its child), and
 * so are the person's reports (my-reports.machine.ts, its child).
 */
import { assertEvent, assign, fromPromise, sendParent, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { User } from '../../contract/common';
import type { VisibilityMode } from '../../contract/constants';
import type { PrivacySettings } from '../../contract/discovery';
import { api, detailOr, errorOf, type SessionExpired } from '../api/client';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { blockedPeopleMachine } from './blocked-people.machine';
import { myReportsMachine } from './my-reports.machine';
import type { Said } from '../../contract/said';
import { editsChanged, type EditsOrder, type EditsSaveFailed } from '../app/form-edits';

// Not SPEC 8's texts: SPEC 8 has none for this form.
export const PRIVACY_UPDATED: Said = /*i18n*/ { id: 'safety.privacyUpdated', message: 'Privacy settings updated' };
export const PRIVACY_UPDATE_FAILED: Said = /*i18n*/ { id: 'safety.privacyUpdateFailed', message: "We couldn't update your privacy settings. Please try again." };

export type PrivacyFlag = Exclude<keyof PrivacySettings, 'visibility_mode'>;

export const PRIVACY_FLAGS: readonly PrivacyFlag[] = [
  'show_location',
  'show_interests',
  'show_profile_picture',
  'auto_hide_in_restricted_zones',
  'anonymous_browsing',
  'safe_space_mode',
];

export type PrivacyEvent =
  | { type: 'privacy.modeChanged'; mode: VisibilityMode }
  | { type: 'privacy.flagToggled'; flag: PrivacyFlag }
  | { type: 'privacy.submitted' }
  | { type: 'privacy.reloaded' }
  // From the root, as the person leaves with edits (issue 39): save them.
  | EditsOrder
  // What the blocked-people list tells the root, passed on.
  | { type: 'toast.show'; message: Said; kind?: 'success' | 'info' }
  | SessionExpired
  // From the root: a report was filed (from the blocked list here, or anywhere), so "Your reports" loads again.
  | { type: 'report.filed' };

/** Told to the root chart once the server keeps the new settings. */
export type PrivacyUpdated = { type: 'privacy.updated'; settings: PrivacySettings };

export const privacySettingsMachine = setup({
  types: {
    // `saved`: the settings as the server keeps them, which the draft is compared with.
    context: {} as { user: User; draft: PrivacySettings | null; saved: PrivacySettings | null },
    input: {} as { user: User },
    events: {} as PrivacyEvent,
  },
  actors: {
    blockedPeople: blockedPeopleMachine,
    myReports: myReportsMachine,
    loadPrivacy: fromPromise<PrivacySettings, { userId: string }>(({ input }) => api.getPrivacy(input.userId)),
    savePrivacy: fromPromise<unknown, { userId: string; settings: PrivacySettings }>(({ input }) =>
      api.updatePrivacy(input.userId, input.settings),
    ),
  },
  guards: {
    isSessionGone,
  },
  actions: {
    // The root keeps the settings for the safe-zone banner's words.
    reportSaved: sendParent(({ context }): PrivacyUpdated => ({ type: 'privacy.updated', settings: context.draft! })),
    showSaveFailure: sendParent(({ event }) => ({ type: 'error.show' as const, message: detailOr(errorOf(event), PRIVACY_UPDATE_FAILED) })),
    reportSessionGone: reportSessionGone(),
    setMode: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'privacy.modeChanged');
        return context.draft && { ...context.draft, visibility_mode: event.mode };
      },
    }),
    forwardToParent: sendParent(({ event }) => event),
    tellEdits: sendParent(({ context }) => editsChanged('privacySettings', context.draft, context.saved)),
    tellSaveFailed: sendParent({ type: 'edits.saveFailed' } satisfies EditsSaveFailed),
    keepSaved: assign({ saved: ({ context }) => context.draft }),
    toggleFlag: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'privacy.flagToggled');
        return context.draft && { ...context.draft, [event.flag]: !context.draft[event.flag] };
      },
    }),
  },
}).createMachine({
  id: 'privacySettings',
  context: ({ input }) => ({ user: input.user, draft: null, saved: null }),
  invoke: [
    { src: 'blockedPeople', id: 'blocked', input: ({ context }) => ({ userId: context.user.id }) },
    { src: 'myReports', id: 'myReports', input: ({ context }) => ({ userId: context.user.id }) },
  ],
  on: {
    'toast.show': { actions: 'forwardToParent' },
    'session.expired': { actions: 'forwardToParent' },
    'report.filed': { actions: sendTo('myReports', { type: 'myReports.reloaded' }) },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPrivacy',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: { target: 'editing', actions: assign({ draft: ({ event }) => event.output, saved: ({ event }) => event.output }) },
        onError: [{ guard: 'isSessionGone', actions: 'reportSessionGone' }, { target: 'failed' }],
      },
    },
    failed: { on: { 'privacy.reloaded': 'loading' } },
    editing: {
      on: {
        'privacy.modeChanged': { actions: ['setMode', 'tellEdits'] },
        'privacy.flagToggled': { actions: ['toggleFlag', 'tellEdits'] },
        'privacy.submitted': 'saving',
        'edits.save': 'saving',
      },
    },
    saving: {
      entry: sendParent({ type: 'error.cleared' }),
      invoke: {
        src: 'savePrivacy',
        input: ({ context }) => ({ userId: context.user.id, settings: context.draft! }),
        onDone: {
          target: 'editing',
          actions: [
            'keepSaved',
            'reportSaved',
            sendParent({ type: 'toast.show', message: PRIVACY_UPDATED, kind: 'success' }),
            // Last: a person saving to leave goes once the root hears this.
            'tellEdits',
          ],
        },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          {
            target: 'editing',
            actions: ['showSaveFailure', 'tellSaveFailed'],
          },
        ],
      },
    },
  },
});

export type PrivacySettingsActorRef = ActorRefFrom<typeof privacySettingsMachine>;
