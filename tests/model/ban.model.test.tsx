/**
 * Model-based test of a user's ban state in the admin table (SPEC 4, SPEC 6): paths
 * generated from the production ban chart, replayed on the whole app's admin area.
 * The moderation calls go through the real API client to msw, each held until the path
 * says how it ends; after every step the row, its forms and the app's toasts and banner
 * are checked.
 *
 * The root spawns the admin chart (issue 14), so the root's inspector sees the rows.
 */
import { act, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { expect } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { AdminUsersAnswerSchema, ModerationAnswerSchema } from '../../contract/admin';
import type { AdminUser } from '../../contract/admin';
import { SuccessSchema } from '../../contract/common';
import { MESSAGES } from '../../contract/messages';
import type { ApiError } from '../../machines/api/client';
import type { BanFormDraft } from '../../machines/admin/ban.machine';
import type { FormErrors } from '../../machines/form-errors';
import { adminModelServer, expectErrors, expectSignedOut, failure, hold, openAdminView, settle, type AdminApp } from './admin-app';
import { answer, toastTexts } from './app';
import {
  BAN_DONE,
  BAN_ERROR,
  banModel,
  DELETE_DONE,
  DELETE_ERROR,
  sessionGone,
  UNBAN_DONE,
  UNBAN_ERROR,
  WARN_DONE,
  WARN_ERROR,
} from './charts/ban';
import type { ModelStep } from './harness';
import { describeModel } from './suite';

/** The rows' charts as the admin chart creates them, newest last. */
const adminRows: AnyActorRef[] = [];

let users: AdminUser[] = [];

adminModelServer([
  http.get('*/api/admin/users', () => answer(AdminUsersAnswerSchema, { users, total: users.length, page: 1, limit: 20 })),
  http.post('*/api/admin/users/:id/ban', hold('ban')),
  http.post('*/api/admin/users/:id/unban', hold('unban')),
  http.post('*/api/admin/users/:id/warning', hold('warning')),
  http.delete('*/api/admin/users/:id', hold('delete')),
]);

const NAME = 'Kim Park';
const row = () => screen.getByRole('row', { name: `${NAME} (@kim)` });
const banForm = () => screen.getByRole('form', { name: `Ban ${NAME}` });
const warnForm = () => screen.getByRole('form', { name: `Warn ${NAME}` });
const rowButtons = () => within(row()).queryAllByRole('button').map((b) => b.getAttribute('aria-label'));

const context = (step: ModelStep) => step.state.context as { user: AdminUser; draft: BanFormDraft; errors: FormErrors; warnReason: string; warnErrors: FormErrors };

describeModel<AdminApp>(banModel, {
  async start(path, inspect) {
    adminRows.length = 0;
    const observe = (e: InspectionEvent) => {
      inspect(e);
      if (e.type === '@xstate.actor' && (e.actorRef as unknown as { logic?: { id?: string } }).logic?.id === 'ban') adminRows.push(e.actorRef as AnyActorRef);
    };
    users = [(path.start.input as { user: AdminUser }).user];
    const app = await openAdminView('Users', observe);
    await screen.findByRole('row', { name: `${NAME} (@kim)` });
    return app;
  },
  events: {
    'ban.formOpened': ({ user }) => user.click(within(row()).getByRole('button', { name: `Ban ${NAME}` })),
    'warn.requested': ({ user }) => user.click(within(row()).getByRole('button', { name: `Warn ${NAME}` })),
    'unban.requested': ({ user }) => user.click(within(row()).getByRole('button', { name: `Unban ${NAME}` })),
    'ban.fieldChanged': async ({ user }, e) => {
      const field = within(banForm()).getByLabelText(e.field === 'reason' ? 'Reason' : 'Duration in days', { exact: false });
      await user.clear(field);
      await user.paste(e.value as string);
    },
    'ban.cancelled': ({ user }) => user.click(within(banForm()).getByRole('button', { name: 'Cancel' })),
    'ban.submitted': ({ user }) => user.click(within(banForm()).getByRole('button', { name: 'Ban user' })),
    'warn.reasonChanged': async ({ user }, e) => {
      await user.click(within(warnForm()).getByLabelText('What should they know?', { exact: false }));
      await user.paste(e.value as string);
    },
    'warn.cancelled': ({ user }) => user.click(within(warnForm()).getByRole('button', { name: 'Cancel' })),
    'warn.submitted': ({ user }) => user.click(within(warnForm()).getByRole('button', { name: 'Send warning' })),
    // SPEC 6: wired, no button; the event goes to the row's chart, as the admin chart created it.
    'delete.requested': async () => {
      const rowChart = adminRows.at(-1);
      if (!rowChart) throw new Error('no row chart seen');
      act(() => rowChart.send({ type: 'delete.requested' }));
    },
    [BAN_DONE]: (_t, e) => settle('ban', answer(ModerationAnswerSchema, e.output as never)),
    [UNBAN_DONE]: (_t, e) => settle('unban', answer(ModerationAnswerSchema, e.output as never)),
    [WARN_DONE]: () => settle('warning', answer(SuccessSchema, { success: true })),
    [DELETE_DONE]: () => settle('delete', answer(SuccessSchema, { success: true })),
    [BAN_ERROR]: (_t, e) => settle('ban', failure(e.error as ApiError)),
    [WARN_ERROR]: (_t, e) => settle('warning', failure(e.error as ApiError)),
    [UNBAN_ERROR]: (_t, e) => settle('unban', failure(e.error as ApiError)),
    [DELETE_ERROR]: (_t, e) => settle('delete', failure(e.error as ApiError)),
  },
  states: {
    'active.idle': async (_t, step) => {
      expect(within(row()).getByText('Active')).toBeInTheDocument();
      expect(rowButtons()).toEqual([`Ban ${NAME}`, `Warn ${NAME}`]);
      expect(screen.queryByRole('form', { name: `Ban ${NAME}` })).not.toBeInTheDocument();
      expect(screen.queryByRole('form', { name: `Warn ${NAME}` })).not.toBeInTheDocument();
      if (step.event.type === WARN_DONE) expect(toastTexts()).toContain(MESSAGES.warningIssued.message);
      if (step.event.type === UNBAN_DONE) expect(toastTexts()).toContain(MESSAGES.userUnbanned.message);
      if (step.event.type === DELETE_ERROR) expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.failedDeleteUser.message);
    },
    'active.editing': async (_t, step) => {
      if (sessionGone(step.event)) return expectSignedOut();
      const c = context(step);
      const form = banForm();
      expect(within(form).getByLabelText('Reason', { exact: false })).toHaveValue(c.draft.reason);
      expect(within(form).getByLabelText('Duration in days', { exact: false })).toHaveValue(c.draft.days);
      expect(within(form).getByRole('button', { name: 'Ban user' })).toBeEnabled();
      expectErrors(form, c.errors, { reason: 'Reason', days: 'Duration in days' });
      expect(within(row()).getByText('Ban form open below')).toBeInTheDocument();
    },
    banning: async () => {
      expect(within(banForm()).getByRole('button', { name: 'Banning…' })).toBeDisabled();
      expect(rowButtons()).toEqual([]);
    },
    'active.warnForm': async (_t, step) => {
      if (sessionGone(step.event)) return expectSignedOut();
      const c = context(step);
      const form = warnForm();
      expect(within(form).getByLabelText('What should they know?', { exact: false })).toHaveValue(c.warnReason);
      expect(within(form).getByRole('button', { name: 'Send warning' })).toBeEnabled();
      expectErrors(form, c.warnErrors, { reason: 'What should they know?' });
    },
    'active.warning': async () => {
      expect(within(warnForm()).getByRole('button', { name: 'Sending…' })).toBeDisabled();
      expect(rowButtons()).toEqual([]);
    },
    'banned.idle': async (_t, step) => {
      expect(within(row()).getByText(/^Banned until /)).toBeInTheDocument();
      expect(rowButtons()).toEqual([`Unban ${NAME}`]);
      if (step.event.type === BAN_DONE) expect(toastTexts()).toContain(MESSAGES.userBanned.message);
      if (step.event.type === UNBAN_ERROR) expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.failedUnbanUser.message);
      if (step.event.type === DELETE_ERROR) expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.failedDeleteUser.message);
    },
    unbanning: async () => {
      expect(within(row()).getByText('Working…')).toBeInTheDocument();
      expect(rowButtons()).toEqual([]);
    },
    deleting: async () => {
      expect(within(row()).getByText('Working…')).toBeInTheDocument();
      expect(rowButtons()).toEqual([]);
    },
    deleted: async () => {
      expect(await screen.findByText('No users match.')).toBeInTheDocument();
      expect(screen.queryByRole('row', { name: `${NAME} (@kim)` })).not.toBeInTheDocument();
      expect(toastTexts()).toContain(MESSAGES.userDeleted.message);
    },
  },
  stop: ({ unmount }) => unmount(),
});
