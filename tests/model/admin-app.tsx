/**
 * The whole app's admin area for the model tests of the admin charts: msw answers the
 * admin's sign-in and dashboard at once, and holds every call a path settles (a page of a
 * list, a moderation) until the path says how it ends. Every answer is checked against
 * the contract's zod schema (`answer`).
 */
import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { AdminLoginAnswerSchema, AdminSettingsSchema, AdminStatsSchema } from '../../contract/admin';
import { MESSAGES } from '../../contract/messages';
import type { ApiError } from '../../machines/api/client';
import type { FormErrors } from '../../machines/form-errors';
import { appMachine } from '../../machines/app.machine';
import { answer, renderModelApp, toastTexts } from './app';
import { admin } from './fixtures';
import { LOGIN_HEADING } from '../said';

/** Calls waiting for the path to say how they end, oldest first. */
const held: Array<{ kind: string; answer: (r: Response) => void }> = [];

/** A handler that holds its call as `kind` until `settle`. */
export const hold = (kind: string) => () => new Promise<Response>((resolve) => held.push({ kind, answer: resolve }));

/** The msw server of one model test file: the admin's sign-in and dashboard, then `handlers`. */
export function adminModelServer(handlers: RequestHandler[]): void {
  const server = setupServer(
    http.post('*/api/admin/login', () => answer(AdminLoginAnswerSchema, { admin })),
    http.get('*/api/admin/users/stats', () =>
      answer(AdminStatsSchema, { total_users: 1, active_users: 1, banned_users: 0, new_users_today: 0, open_reports: 0 }),
    ),
    http.get('*/api/admin/settings', () =>
      answer(AdminSettingsSchema, {
        username: admin.username,
        email: admin.email,
        role: admin.role,
        last_login: null,
        password_changed_at: null,
        created_at: '2026-10-01T09:00:00.000Z',
        recent_actions: [],
      }),
    ),
    ...handlers,
  );
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    held.length = 0;
  });
  afterAll(() => server.close());
}

/**
 * Answers the oldest waiting call of `kind` as the path chose, once the request has
 * reached msw; or the newest, dropping the older ones (a list asked again before its
 * first answer came: the chart listens only for the last).
 */
export async function settle(kind: string, response: Response, which: 'oldest' | 'newest' = 'oldest'): Promise<void> {
  const at = await vi.waitFor(() => {
    const i = which === 'oldest' ? held.findIndex((h) => h.kind === kind) : held.findLastIndex((h) => h.kind === kind);
    if (i < 0) throw new Error(`no ${kind} call is waiting`);
    return i;
  });
  const [call] = held.splice(at, 1);
  if (which === 'newest') for (let i = held.length - 1; i >= 0; i--) if (held[i]!.kind === kind) held.splice(i, 1);
  await act(async () => call!.answer(response));
}

/** A refusal as the server words it. */
export const failure = (error: ApiError): Response => HttpResponse.json({ detail: error.detail }, { status: error.status });

export interface AdminApp {
  user: UserEvent;
  unmount: () => void;
}

/** The app with the admin signed in and `view` opened from the navigation bar. */
export async function openAdminView(view: 'Users' | 'Events' | 'Reports' | 'Analytics', inspect: (e: InspectionEvent) => void): Promise<AdminApp> {
  const user = userEvent.setup();
  const app = renderModelApp(appMachine, inspect);
  act(() => app.actor.send({ type: 'admin.entryRequested' }));
  await user.type(await screen.findByLabelText('Admin username'), admin.username);
  await user.type(screen.getByLabelText('Password'), 'Wallflower2026');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await user.click(await within(await screen.findByRole('navigation', { name: 'Admin' })).findByRole('button', { name: view }));
  return { user, unmount: app.unmount };
}

/** The admin session was gone: back at the app's login, told so. */
export async function expectSignedOut(): Promise<void> {
  expect(await screen.findByRole('heading', { name: LOGIN_HEADING })).toBeInTheDocument();
  expect(toastTexts()).toContain(MESSAGES.adminUserNotLoaded.message);
}

/** A form says what its chart's errors say: beside the fields, and for the form. */
export function expectErrors(form: HTMLElement, errors: FormErrors, labels: Record<string, string>) {
  for (const [field, label] of Object.entries(labels)) {
    const message = errors.fields[field];
    const input = within(form).getByLabelText(label, { exact: false });
    if (message) expect(input).toHaveAccessibleDescription(expect.stringContaining(message.message));
    else expect(input).not.toHaveAttribute('aria-invalid', 'true');
  }
  if (errors.form) expect(within(form).getByRole('alert')).toHaveTextContent(errors.form.message);
  else expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
}
