/**
 * The ban chart as QA's model: one row of the admin table (SPEC 4, SPEC 6) — ban with
 * its form, warn with its reason, unban, and the delete that is wired without a button.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AdminUser } from '../../../contract/admin';
import { MESSAGES } from '../../../contract/messages';
import { banMachine, type BanFormDraft } from '../../../machines/admin/ban.machine';
import type { FormErrors } from '../../../machines/form-errors';
import { admin, kim } from '../fixtures';
import { invocationEvent, type ChartModel } from '../harness';
import { SIGNED_OUT, sessionGone, trouble } from './admin-common';

export const BAN_DONE = invocationEvent(banMachine, 'ban.banning', 'done');
export const BAN_ERROR = invocationEvent(banMachine, 'ban.banning', 'error');
export const WARN_DONE = invocationEvent(banMachine, 'ban.active.warning', 'done');
export const WARN_ERROR = invocationEvent(banMachine, 'ban.active.warning', 'error');
export const UNBAN_DONE = invocationEvent(banMachine, 'ban.unbanning', 'done');
export const UNBAN_ERROR = invocationEvent(banMachine, 'ban.unbanning', 'error');
export const DELETE_DONE = invocationEvent(banMachine, 'ban.deleting', 'done');
export const DELETE_ERROR = invocationEvent(banMachine, 'ban.deleting', 'error');

export const REASON = 'Repeated unkind messages';
export const WARNING = 'Please keep your messages kind.';
export const BANNED_UNTIL = '2030-05-08T00:00:00.000Z';

interface Row {
  user: AdminUser;
  draft: BanFormDraft;
  errors: FormErrors;
  warnReason: string;
  warnErrors: FormErrors;
}
const ctx = (s: AnyMachineSnapshot) => s.context as Row;


function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  const c = ctx(s);
  switch (type) {
    case 'ban.formOpened':
    case 'ban.cancelled':
    case 'ban.submitted':
    case 'warn.requested':
    case 'warn.cancelled':
    case 'warn.submitted':
    case 'unban.requested':
      return [{ type }];
    // No button in the table (SPEC 6: "wired but has no visible button"): sent to the row's chart.
    case 'delete.requested':
      return [{ type }];
    case 'ban.fieldChanged':
      return [
        ...(c.draft.reason === '' ? [{ type, field: 'reason', value: REASON, variant: 'reason' }] : []),
        c.draft.days === '400' ? { type, field: 'days', value: '30', variant: '30 days' } : { type, field: 'days', value: '400', variant: '400 days' },
      ];
    case 'warn.reasonChanged':
      return c.warnReason === '' ? [{ type, value: WARNING }] : [];
    case BAN_DONE:
      return [{ type, output: { success: true, user: { ...c.user, is_banned: true, banned_until: BANNED_UNTIL, ban_reason: c.draft.reason } } }];
    case UNBAN_DONE:
      return [{ type, output: { success: true, user: { ...c.user, is_banned: false, banned_until: null, ban_reason: null } } }];
    case WARN_DONE:
    case DELETE_DONE:
      return [{ type, output: { success: true } }];
    case BAN_ERROR:
    case WARN_ERROR:
      return trouble('both').map((v) => ({ type, ...v }));
    case UNBAN_ERROR:
    case DELETE_ERROR:
      return trouble('server trouble').map((v) => ({ type, ...v }));
    default:
      return undefined;
  }
}

export { sessionGone };

export const banModel: ChartModel = {
  name: 'ban',
  machine: banMachine,
  starts: [false, true].map((banned) => ({
    label: `the admin opens Users; Kim Park's row shows ${banned ? 'a week’s ban' : 'an active account'}`,
    input: { adminId: admin.id, user: kim(banned) },
  })),
  events,
  serializeState: (s) => {
    const c = ctx(s);
    return JSON.stringify([s.value, c.user.is_banned, c.draft, c.errors, c.warnReason, c.warnErrors]);
  },
  endsPath: sessionGone,
  say: (e) => {
    switch (e.type) {
      case 'ban.formOpened':
        return 'the admin presses Ban';
      case 'ban.fieldChanged':
        return e.field === 'reason' ? `the admin writes the reason “${e.value}”` : `the admin sets the duration to ${e.value} days`;
      case 'ban.cancelled':
      case 'warn.cancelled':
        return 'the admin presses Cancel';
      case 'ban.submitted':
        return 'the admin presses Ban user';
      case 'warn.requested':
        return 'the admin presses Warn';
      case 'warn.reasonChanged':
        return `the admin writes “${e.value}”`;
      case 'warn.submitted':
        return 'the admin presses Send warning';
      case 'unban.requested':
        return 'the admin presses Unban';
      case 'delete.requested':
        return 'the row is told to delete Kim (no button: SPEC 6)';
      case BAN_DONE:
      case WARN_DONE:
      case UNBAN_DONE:
      case DELETE_DONE:
        return 'the server agrees';
      default:
        return sessionGone(e) ? 'the server says the admin’s session is gone' : 'the server fails';
    }
  },
  see: {
    'active.idle': (_s, e) =>
      e.type === WARN_DONE
        ? `Kim active, Ban and Warn, and the toast “${MESSAGES.warningIssued.message}”`
        : e.type === UNBAN_DONE
          ? `Kim active, Ban and Warn, and the toast “${MESSAGES.userUnbanned.message}”`
          : e.type === DELETE_ERROR
            ? `Kim still there, Ban and Warn, and “${MESSAGES.failedDeleteUser.message}”`
            : 'Kim active, with Ban and Warn',
    'active.editing': (s, e) => {
      if (sessionGone(e)) return SIGNED_OUT;
      const c = ctx(s);
      const said = [...Object.values(c.errors.fields), c.errors.form].filter(Boolean);
      return `the ban form${said.length ? ` saying “${said.map((m) => m?.message).join('”, “')}”` : ''}`;
    },
    'active.warnForm': (s, e) => {
      if (sessionGone(e)) return SIGNED_OUT;
      const c = ctx(s);
      const said = [...Object.values(c.warnErrors.fields), c.warnErrors.form].filter(Boolean);
      return `the warning form${said.length ? ` saying “${said.map((m) => m?.message).join('”, “')}”` : ''}`;
    },
    'active.warning': () => 'the warning form’s button says Sending…',
    banning: () => 'the ban form’s button says Banning…',
    unbanning: () => 'the row working, no buttons',
    deleting: () => 'the row working, no buttons',
    'banned.idle': (_s, e) =>
      e.type === BAN_DONE
        ? `Kim banned until the date, Unban, and the toast “${MESSAGES.userBanned.message}”`
        : e.type === UNBAN_ERROR
          ? `Kim still banned, Unban, and “${MESSAGES.failedUnbanUser.message}”`
          : e.type === DELETE_ERROR
            ? `Kim still banned, Unban, and “${MESSAGES.failedDeleteUser.message}”`
            : 'Kim banned until the date, with Unban',
    deleted: () => `the table without Kim, and the toast “${MESSAGES.userDeleted.message}”`,
  },
  about:
    'One row of the admin users table, in the whole app’s admin area. The moderation calls are answered by msw, each ' +
    'held until the path says how it ends; delete has no button (SPEC 6), so the test sends it to the row’s chart.',
};
