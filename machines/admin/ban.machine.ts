/**
 * One user's ban state in the admin table (SPEC 4): active ⇄ banned. Ban opens a form
 * (reason required; temporary by default, 1 to 365 days, or permanent); Warn opens a
 * short one for the reason the person will read (a warning without one told them
 * nothing, so it replaces SPEC 6's fixed 'Admin warning'). Warn is offered only while
 * active and Unban only while banned, so a button that cannot apply is never shown.
 * Delete is wired from either state though the table shows no button for it (SPEC 6).
 * Results go to the parent (the admin chart), which tells the root; a form's own
 * problems are said beside its fields, with focus moved there.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AdminUser, BanType, ModerationAnswer } from '../../contract/admin';
import { MESSAGES } from '../../contract/messages';
import { banFormError, type BanDraft } from '../../contract/rules';
import { adminApi, type BanRequest } from '../api/admin';
import { errorOf, isUnauthorized } from '../api/client';
import { isSessionGone } from '../session-gone';
import { NO_ERRORS, errorsFromFailure, fieldError, focusFirstError, withoutFieldError, type FormErrors } from '../form-errors';

export { ADMIN_REASONS } from '../../contract/admin-messages';
import { ADMIN_REASONS } from '../../contract/admin-messages';
import type { Said } from '../../contract/said';

/** The form as typed: days stay text until submitted, so a half-typed number is kept. */
export interface BanFormDraft {
  reason: string;
  ban_type: BanType;
  days: string;
}

export const DEFAULT_BAN_DAYS = '7';
export const emptyBanDraft: BanFormDraft = { reason: '', ban_type: 'temporary', days: DEFAULT_BAN_DAYS };

/** The draft as the rules (and the server) read it. */
export function banDraftOf(d: BanFormDraft): BanDraft {
  const days = d.days.trim();
  return {
    reason: d.reason,
    ban_type: d.ban_type,
    duration_days: d.ban_type === 'permanent' || days === '' ? null : Number(days),
  };
}

export const banRequestOf = (d: BanFormDraft): BanRequest => {
  const b = banDraftOf(d);
  return { reason: b.reason.trim(), ban_type: b.ban_type, duration_days: b.duration_days };
};

/** What a row tells the admin chart. */
export type BanRowReport =
  | { type: 'row.succeeded'; message: Said }
  | { type: 'row.failed'; message: Said; unauthorized: boolean }
  | { type: 'row.deleted'; userId: string };

export type BanEvent =
  | { type: 'ban.formOpened' }
  | { type: 'ban.fieldChanged'; field: keyof BanFormDraft; value: string }
  | { type: 'ban.cancelled' }
  | { type: 'ban.submitted' }
  | { type: 'warn.requested' }
  | { type: 'warn.reasonChanged'; value: string }
  | { type: 'warn.cancelled' }
  | { type: 'warn.submitted' }
  | { type: 'unban.requested' }
  | { type: 'delete.requested' };

export type BanFormField = 'reason' | 'days';

interface BanContext {
  adminId: string;
  user: AdminUser;
  draft: BanFormDraft;
  /** What is wrong with the ban form, beside its fields. */
  errors: FormErrors<BanFormField>;
  /** The reason the warned person will read. */
  warnReason: string;
  warnErrors: FormErrors<'reason'>;
}

/** The forms' element ids (fieldDomId): one pair per row. */
export const banFormId = (userId: string): string => `ban-${userId}`;
export const warnFormId = (userId: string): string => `warn-${userId}`;
const BAN_ORDER: readonly BanFormField[] = ['reason', 'days'];
const BAN_FIELDS: Record<string, BanFormField> = { reason: 'reason', duration_days: 'days' };

/** Not SPEC 8's: said beside an empty warning. */
export const WARNING_REASON_REQUIRED: Said = /*i18n*/ { id: 'admin.warningReasonRequired', message: 'Please write what the person should know: they will read it.' };

type UserCall = { adminId: string; userId: string };

export const banMachine = setup({
  types: {
    context: {} as BanContext,
    input: {} as { adminId: string; user: AdminUser },
    events: {} as BanEvent,
  },
  actors: {
    ban: fromPromise<ModerationAnswer, UserCall & { ban: BanRequest }>(({ input }) =>
      adminApi.ban(input.adminId, input.userId, input.ban),
    ),
    unban: fromPromise<ModerationAnswer, UserCall>(({ input }) =>
      adminApi.unban(input.adminId, input.userId, ADMIN_REASONS.unban),
    ),
    warn: fromPromise<unknown, UserCall & { reason: string }>(({ input }) => adminApi.warn(input.adminId, input.userId, input.reason)),
    remove: fromPromise<unknown, UserCall>(({ input }) => adminApi.remove(input.adminId, input.userId, ADMIN_REASONS.delete)),
  },
  guards: {
    isBanned: ({ context }) => context.user.is_banned,
    isDraftInvalid: ({ context }) => banFormError(banDraftOf(context.draft)) !== null,
    isWarningEmpty: ({ context }) => context.warnReason.trim() === '',
    isSessionGone,
  },
  actions: {
    // The users list drops the row of a deleted account.
    reportDeleted: sendParent(({ context }) => ({ type: 'row.deleted' as const, userId: context.user.id })),
    openForm: assign({ draft: emptyBanDraft, errors: NO_ERRORS }),
    updateDraft: assign(({ context, event }) => {
      assertEvent(event, 'ban.fieldChanged');
      const field = event.field === 'ban_type' ? 'days' : event.field;
      return { draft: { ...context.draft, [event.field]: event.value }, errors: withoutFieldError(context.errors, field) };
    }),
    showRuleBroken: assign({
      errors: ({ context }) => {
        const broken = banFormError(banDraftOf(context.draft))!;
        return fieldError(broken.field === 'duration_days' ? 'days' : 'reason', broken.message);
      },
    }),
    // The form stays open with what was typed and SPEC 8's words, so the admin can try again.
    showBanFailure: assign({
      errors: ({ event }) =>
        errorsFromFailure<BanFormField>(errorOf(event), {
          fields: BAN_FIELDS,
          fallback: MESSAGES.failedBanUser,
          fixed: MESSAGES.failedBanUser,
        }),
    }),
    focusBanError: ({ context }) => focusFirstError(banFormId(context.user.id), BAN_ORDER, context.errors),
    openWarning: assign({ warnReason: '', warnErrors: NO_ERRORS }),
    updateWarning: assign(({ event }) => {
      assertEvent(event, 'warn.reasonChanged');
      return { warnReason: event.value, warnErrors: NO_ERRORS };
    }),
    showWarningEmpty: assign({ warnErrors: fieldError('reason', WARNING_REASON_REQUIRED) }),
    showWarnFailure: assign({
      warnErrors: ({ event }) =>
        errorsFromFailure<'reason'>(errorOf(event), {
          fields: { reason: 'reason' },
          fallback: MESSAGES.failedWarnUser,
          fixed: MESSAGES.failedWarnUser,
        }),
    }),
    focusWarnError: ({ context }) => focusFirstError(warnFormId(context.user.id), ['reason'], context.warnErrors),
    succeeded: sendParent((_, params: { message: Said }) => ({ type: 'row.succeeded' as const, message: params.message })),
    // A 401 means the admin session is gone; the admin chart signs out instead of showing it.
    reportFailure: sendParent(({ event }, params: { message: Said }) => ({
      type: 'row.failed' as const,
      message: params.message,
      unauthorized: isUnauthorized(errorOf(event)),
    })),
  },
}).createMachine({
  id: 'ban',
  context: ({ input }) => ({
    adminId: input.adminId,
    user: input.user,
    draft: emptyBanDraft,
    errors: NO_ERRORS,
    warnReason: '',
    warnErrors: NO_ERRORS,
  }),
  initial: 'settling',
  states: {
    // Where a row starts, and where it returns after a failed call: the user decides.
    settling: {
      always: [{ guard: 'isBanned', target: 'banned' }, { target: 'active' }],
    },
    active: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'ban.formOpened': { target: 'editing', actions: 'openForm' },
            'warn.requested': { target: 'warnForm', actions: 'openWarning' },
            'delete.requested': '#ban.deleting',
          },
        },
        editing: {
          on: {
            'ban.fieldChanged': { actions: 'updateDraft' },
            'ban.cancelled': 'idle',
            'ban.submitted': [{ guard: 'isDraftInvalid', actions: ['showRuleBroken', 'focusBanError'] }, { target: '#ban.banning' }],
          },
        },
        // The reason the person will read, written before anything is sent.
        warnForm: {
          on: {
            'warn.reasonChanged': { actions: 'updateWarning' },
            'warn.cancelled': 'idle',
            'warn.submitted': [{ guard: 'isWarningEmpty', actions: ['showWarningEmpty', 'focusWarnError'] }, { target: 'warning' }],
          },
        },
        warning: {
          invoke: {
            src: 'warn',
            input: ({ context }) => ({ adminId: context.adminId, userId: context.user.id, reason: context.warnReason.trim() }),
            onDone: { target: 'idle', actions: { type: 'succeeded', params: { message: MESSAGES.warningIssued } } },
            onError: [
              { guard: 'isSessionGone', target: 'warnForm', actions: { type: 'reportFailure', params: { message: MESSAGES.failedWarnUser } } },
              { target: 'warnForm', actions: ['showWarnFailure', 'focusWarnError'] },
            ],
          },
        },
      },
    },
    banning: {
      invoke: {
        src: 'ban',
        input: ({ context }) => ({ adminId: context.adminId, userId: context.user.id, ban: banRequestOf(context.draft) }),
        onDone: {
          target: 'banned',
          actions: [
            assign({ user: ({ event }) => event.output.user }),
            { type: 'succeeded', params: { message: MESSAGES.userBanned } },
          ],
        },
        onError: [
          { guard: 'isSessionGone', target: 'active.editing', actions: { type: 'reportFailure', params: { message: MESSAGES.failedBanUser } } },
          { target: 'active.editing', actions: ['showBanFailure', 'focusBanError'] },
        ],
      },
    },
    banned: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'unban.requested': '#ban.unbanning',
            'delete.requested': '#ban.deleting',
          },
        },
      },
    },
    unbanning: {
      invoke: {
        src: 'unban',
        input: ({ context }) => ({ adminId: context.adminId, userId: context.user.id }),
        onDone: {
          target: 'active',
          actions: [
            assign({ user: ({ event }) => event.output.user }),
            { type: 'succeeded', params: { message: MESSAGES.userUnbanned } },
          ],
        },
        onError: { target: 'banned', actions: { type: 'reportFailure', params: { message: MESSAGES.failedUnbanUser } } },
      },
    },
    deleting: {
      invoke: {
        src: 'remove',
        input: ({ context }) => ({ adminId: context.adminId, userId: context.user.id }),
        onDone: {
          target: 'deleted',
          actions: [
            { type: 'succeeded', params: { message: MESSAGES.userDeleted } },
            'reportDeleted',
          ],
        },
        onError: { target: 'settling', actions: { type: 'reportFailure', params: { message: MESSAGES.failedDeleteUser } } },
      },
    },
    deleted: { type: 'final' },
  },
});

export type BanActorRef = ActorRefFrom<typeof banMachine>;
export type BanSnapshot = SnapshotFrom<typeof banMachine>;

/** What the row offers right now (SPEC 4): nothing while a call is under way. */
export const canBan = (s: BanSnapshot): boolean => s.matches({ active: 'idle' });
export const canWarn = (s: BanSnapshot): boolean => s.matches({ active: 'idle' });
export const canUnban = (s: BanSnapshot): boolean => s.matches({ banned: 'idle' });
export const isBanFormOpen = (s: BanSnapshot): boolean => s.matches({ active: 'editing' }) || s.matches('banning');
export const isWarnFormOpen = (s: BanSnapshot): boolean => s.matches({ active: 'warnForm' }) || s.matches({ active: 'warning' });
export const isBusy = (s: BanSnapshot): boolean =>
  s.matches('banning') || s.matches('unbanning') || s.matches('deleting') || s.matches({ active: 'warning' });
