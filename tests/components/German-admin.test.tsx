/**
 * The admin panel and the server's notifications in German (issue 20): each admin view's
 * headings, buttons and labels and the admin charts' toasts, in the real app against a
 * small fake of the admin API (msw); then the notifications list and a live notification's
 * toast, the server's English titles and contents said in German, names kept as written.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSettings } from '../../contract/admin';
import { ADMIN_REASONS } from '../../contract/admin-messages';
import { EVENT_TAKEN_DOWN, type AdminEvent } from '../../contract/admin-events';
import { MEETING_WORDS } from '../../contract/meeting-words';
import { ADMIN_WARNING_TITLE } from '../../contract/messages';
import { eventStarts, ORGANIZER_NOTES } from '../../contract/organizer-words';
import { asWritten, type Said } from '../../contract/said';
import { REPORT_REVIEWED } from '../../contract/report-texts';
import { QUIET_SUMMARY, WELCOME_BACK } from '../../contract/safety-words';
import type { Notification } from '../../contract/social';
import { moderationDone } from '../../machines/admin/admin-event.machine';
import { resolvedMessage } from '../../machines/admin/admin-report.machine';
import { notificationToast } from '../../machines/session/notifications.machine';
import { say as sayIt, showLanguage, whenLanguageShown } from '../../src/i18n/i18n';
import { connectionsApp, sampleNotification, signIn as signInAttendee } from '../machines/connections.fakes';
import { adminEvent, analyticsDays, hiddenEvent, messageReport } from '../model/admin-fixtures';
import { ADMIN, PASSWORD, person } from './adminApp';
import { renderApp } from './renderApp';
import { notificationWords, LOGIN_HEADING_DE } from '../said';

let events: AdminEvent[];

const server = setupServer(
  http.post('/api/admin/login', () => HttpResponse.json({ admin: ADMIN })),
  http.get('/api/admin/users/stats', () =>
    HttpResponse.json({ total_users: 2, active_users: 1, banned_users: 1, new_users_today: 0, open_reports: 1 }),
  ),
  http.get('/api/admin/settings', () => {
    const settings: AdminSettings = {
      username: ADMIN.username,
      email: ADMIN.email,
      role: ADMIN.role,
      last_login: null,
      password_changed_at: null,
      created_at: '2030-01-01T00:00:00.000Z',
      recent_actions: [
        { id: crypto.randomUUID(), action_type: 'hide_event', reason: 'Spam event', timestamp: '2030-04-01T10:00:00.000Z', target_display_name: 'Jazz' },
        { id: crypto.randomUUID(), action_type: 'unban', reason: ADMIN_REASONS.unban, timestamp: '2030-03-01T10:00:00.000Z', target_display_name: 'Kit' },
      ],
    };
    return HttpResponse.json(settings);
  }),
  http.get('/api/admin/users', () => HttpResponse.json({ users: [person(1, false), person(2, true)], total: 2, page: 1, limit: 20 })),
  http.get('/api/admin/reports', () => HttpResponse.json({ reports: [messageReport(1)], total: 1, page: 1, limit: 20 })),
  http.get('/api/admin/events', () => HttpResponse.json({ events, total: events.length, page: 1, limit: 20 })),
  http.post('/api/admin/events/:id/hide', async ({ request, params }) => {
    const { reason } = (await request.json()) as { reason: string };
    const i = events.findIndex((e) => e.id === params.id);
    events[i] = hiddenEvent(events[i]!, reason);
    return HttpResponse.json({ success: true, event: events[i], attendees_told: 3 });
  }),
  http.get('/api/admin/analytics', ({ request }) =>
    HttpResponse.json({ per_day: analyticsDays(Number(new URL(request.url).searchParams.get('days'))) }),
  ),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  events = [adminEvent(1), hiddenEvent(adminEvent(2), 'Spam event')];
  await showLanguage('de');
});
afterEach(async () => {
  server.resetHandlers();
  localStorage.clear();
  whenLanguageShown(() => {});
  await showLanguage('en');
});

/** Opens admin-login the way the hidden key sequence does, and signs in through the German form. */
async function signIn() {
  const user = userEvent.setup();
  const app = renderApp();
  act(() => app.actor.send({ type: 'admin.entryRequested' }));
  await screen.findByRole('heading', { name: 'Admin-Anmeldung' });
  expect(screen.getByText('Für das Wallflower-Team. Alles, was du hier tust, wird im Audit-Log festgehalten.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Zurück zur App-Anmeldung' })).toBeInTheDocument();
  await user.type(screen.getByLabelText('Admin-Benutzername'), 'admin');
  await user.type(screen.getByLabelText('Passwort'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  await screen.findByRole('heading', { name: 'Übersicht', level: 1 });
  return user;
}

async function open(user: ReturnType<typeof userEvent.setup>, view: string) {
  await user.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('button', { name: view }));
  expect(await screen.findByRole('heading', { name: view, level: 1 })).toBeInTheDocument();
}

describe('the admin panel in German', () => {
  it('shows the navigation, the dashboard, the users table and the settings in German', async () => {
    const user = await signIn();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Übersicht',
      'Personen',
      'Events',
      'Meldungen',
      'Statistik',
      'Einstellungen',
      'Abmelden',
    ]);
    expect(screen.getByText('Admin-Bereich ·', { exact: false })).toBeInTheDocument();
    expect(await screen.findByText('Offene Meldungen')).toBeInTheDocument();
    expect(screen.getByText('Personen insgesamt')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Meldungen prüfen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Letzte Aktivität' })).toBeInTheDocument();
    expect(screen.getByText('Event ausgeblendet')).toBeInTheDocument();
    // An admin's own words as written, the panel's fixed reason in German.
    expect(screen.getByText('Spam event')).toBeInTheDocument();
    expect(screen.getByText('Vom Admin-Team entsperrt')).toBeInTheDocument();
    expect(screen.queryByText(/Dashboard|Total users|Review reports|Recent activity|Hid an event|Admin unban|Logout/)).toBeNull();

    await open(user, 'Personen');
    expect(await screen.findByText('1–2 von 2')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Personen' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Benutzername',
      'E-Mail',
      'Dabei seit',
      'Status',
      'Aktionen',
    ]);
    expect(within(table).getByText('Aktiv')).toBeInTheDocument();
    // Dates in German, in the time zone the tests run in.
    expect(within(table).getAllByText(/^\d+\. (Okt|Nov)\. 2026$/)).toHaveLength(2);
    expect(within(table).getByText(/^Gesperrt bis \d+\. (Nov|Dez)\. 2026$/)).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Person 2 entsperren' })).toHaveTextContent('Entsperren');
    await user.click(within(table).getByRole('button', { name: 'Person 1 sperren' }));
    expect(screen.getByRole('group', { name: 'Art der Sperre' })).toBeInTheDocument();
    expect(screen.getByLabelText('Dauer in Tagen')).toHaveValue('7');
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    expect(screen.getByText('Seite 1 von 1')).toBeInTheDocument();
    expect(screen.queryByText(/Showing|Banned|Search|Ban type|Duration|Page 1/)).toBeNull();

    await open(user, 'Einstellungen');
    expect(await screen.findByText('Rolle: Super-Admin')).toBeInTheDocument();
    expect(screen.getByText('Letzte Anmeldung').nextElementSibling).toHaveTextContent('Noch nie');
    expect(screen.getByRole('form', { name: 'Passwort ändern' })).toBeInTheDocument();
    expect(screen.getByText('Mindestens 8 Zeichen, mit Groß- und Kleinbuchstaben und Ziffern')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Benutzernamen ändern' })).toBeInTheDocument();
    expect(screen.queryByText(/Role|Last login|Never|Change password|At least 8/)).toBeNull();
  });

  it('shows the reports queue and the events table in German, and says the moderation toast in German', async () => {
    const user = await signIn();
    await open(user, 'Meldungen');
    expect(await screen.findByText('1–1 von 1 offenen Meldungen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Offen', pressed: true })).toBeInTheDocument();
    await user.click(within(screen.getByRole('list', { name: 'Offene Meldungen' })).getByRole('button'));
    const article = screen.getByRole('article');
    expect(within(article).getByRole('heading', { level: 2, name: 'Belästigung: eine Chatnachricht von Kit Loud' })).toBeInTheDocument();
    expect(within(article).getByRole('heading', { name: 'Was gemeldet wurde' })).toBeInTheDocument();
    expect(within(article).getByRole('list', { name: 'Das Gespräch drumherum' })).toBeInTheDocument();
    expect(within(article).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Zurück zur Liste',
      'Verwerfen',
      'Nachricht entfernen',
      'Kit Loud verwarnen',
      'Kit Loud sperren',
    ]);
    expect(screen.queryByText(/Harassment|Dismiss|What was reported|Their history|open reports/)).toBeNull();

    await open(user, 'Events');
    const table = await screen.findByRole('table', { name: 'Events' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toContain('Beginn');
    expect(within(table).getByText('Ausgeblendet')).toBeInTheDocument();
    expect(within(table).getByText('Sichtbar')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: `${events[0]!.name} ausblenden` }));
    await user.type(screen.getByLabelText('Grund'), 'Not a real event');
    await user.click(screen.getByRole('button', { name: 'Event ausblenden' }));
    expect(await screen.findByText('Event ausgeblendet; 3 Teilnehmende wurden benachrichtigt')).toBeInTheDocument();
    expect(screen.queryByText(/Event hidden|Starts|Shown|Hide event|attendees were told/)).toBeNull();
  });

  it('shows the analytics in German, with German dates', async () => {
    const user = await signIn();
    await open(user, 'Statistik');
    expect(await screen.findByText('Registrierungen pro Tag')).toBeInTheDocument();
    expect(screen.getByLabelText('Zeitraum')).toHaveDisplayValue('Letzte 30 Tage');
    expect(screen.getByLabelText('Zahlen in den letzten 30 Tagen')).toBeInTheDocument();
    expect(screen.getAllByText('In den letzten 30 Tagen.')).toHaveLength(4);
    expect(
      screen.getByRole('img', { name: /^Registrierungen in den letzten 30 Tagen: insgesamt \d+ Registrierungen; die meisten, \d+, am (Mo|Di|Mi|Do|Fr|Sa|So)\., \d+\. \p{L}+\.? 2030\.$/u }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Fr., 31. Mai 2030')).toHaveLength(4);
    expect(screen.getByText('Kontaktanfragen pro Tag, Tag für Tag')).toBeInTheDocument();
    expect(screen.queryByText(/Sign-ups|Per day in UTC|Over the last|day by day/)).toBeNull();
  });
});

/** A sentence as the server writes it (server/use-cases/connections.ts and chat.ts). */
const said = (id: string, message: string, values: Record<string, string> = {}): Said => ({ id, message, values });

describe('the server’s notifications in German', () => {
  const meetup = 'Jazz “Late” Night';
  // As the server writes them (server/use-cases/connections.ts and chat.ts say the first two).
  const warning = said(ADMIN_WARNING_TITLE.id, ADMIN_WARNING_TITLE.message);
  const written: Array<Partial<Notification>> = [
    [said('notification.request.title', 'New connection request'), said('notification.request.content', 'Sam Reed would like to connect with you.', { name: 'Sam Reed' })],
    [
      said('notification.contactShared.title', 'Contact details shared with you'),
      said('notification.contactShared.content', 'Sam Reed shared their phone number with you.', { name: 'Sam Reed', what: 'phone' }),
    ],
    [EVENT_TAKEN_DOWN.hidden.title({ name: meetup }), EVENT_TAKEN_DOWN.hidden.content({ name: meetup })],
    [ORGANIZER_NOTES.cancelled.title({ name: meetup }), ORGANIZER_NOTES.cancelled.content(meetup, 'The venue flooded.')],
    [
      ORGANIZER_NOTES.changed.title,
      ORGANIZER_NOTES.changed.content({
        name: meetup,
        when: eventStarts({ weekday: 'thu', day: 12, month: 'sep', time: '18:00', zone: 'Europe/Berlin' }),
        where: 'Hall 2, at the back',
      }),
    ],
    [MEETING_WORDS.reminder.title, MEETING_WORDS.reminder.content({ name: 'Sam Reed', when: '14:05', place: asWritten('the coffee bar') })],
    [QUIET_SUMMARY.title, QUIET_SUMMARY.content({ messages: 2, requests: 1, cards: 0, other: 0 })],
    [WELCOME_BACK.title, WELCOME_BACK.withRequests({ n: 1 })],
    [REPORT_REVIEWED.title, REPORT_REVIEWED.content],
    [warning, asWritten('Please be kinder in the group chat.')],
  ].map(([title, content]) => notificationWords(title!, content!));

  it('lists each title and content in German, names and people’s own words as written', async () => {
    const app = connectionsApp({ notifications: async () => written.map((n) => sampleNotification(n)) });
    const { actor } = renderApp(undefined, { path: '/', online: true }, app.machine);
    await screen.findByRole('heading', { name: LOGIN_HEADING_DE });
    await act(() => signInAttendee(actor));
    act(() => actor.send({ type: 'view.opened', view: 'notifications' }));
    await screen.findByRole('heading', { name: 'Benachrichtigungen', level: 1 });
    const list = screen.getByRole('list', { name: 'Liste der Benachrichtigungen' });
    expect(within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace('Ungelesen: ', ''))).toEqual([
      'Neue Kontaktanfrage',
      'Kontaktdaten mit dir geteilt',
      '„Jazz “Late” Night“ wurde heruntergenommen',
      '„Jazz “Late” Night“ wurde abgesagt',
      'Ein Event hat sich geändert',
      'Treffen in 5 Minuten',
      'Während du Energie getankt hast',
      'Willkommen zurück',
      'Meldung geprüft',
      'Eine Nachricht vom Wallflower-Team',
    ]);
    for (const content of [
      'Sam Reed möchte sich mit dir vernetzen.',
      'Sam Reed hat die Telefonnummer mit dir geteilt.',
      '„Jazz “Late” Night“ ist nicht mehr verfügbar: Unser Moderationsteam hat das Event heruntergenommen. Tut uns leid, dass sich deine Pläne dadurch ändern.',
      '„Jazz “Late” Night“ wurde von den Veranstaltenden abgesagt. Sie schreiben: „The venue flooded.“ Tut uns leid, dass sich deine Pläne dadurch ändern.',
      '„Jazz “Late” Night“ hat sich geändert: Es beginnt jetzt am Do., 12. Sept., um 18:00 Uhr (Europe/Berlin), Ort: Hall 2, at the back.',
      'Mit Sam Reed um 14:05 Uhr, the coffee bar.',
      '2 Nachrichten und 1 Kontaktanfrage sind eingegangen. Alles wartet in deinen Chats und Hinweisen, wann immer du bereit bist.',
      'Deine Pause ist vorbei. Eine Kontaktanfrage hat auf dich gewartet.',
      'Danke – jemand aus unserem Moderationsteam hat deine Meldung geprüft. Danke, dass du hilfst, Wallflower freundlich zu halten.',
      'Please be kinder in the group chat.',
    ])
      expect(within(list).getByText(content)).toBeInTheDocument();
    expect(within(list).queryByText(/connect with you|shared their|was taken down|cancelled|has changed|came in|break is over|reviewed|A note from/)).toBeNull();
  });

  it('says a live notification’s toast in German', async () => {
    const app = connectionsApp();
    const { actor } = renderApp(undefined, { path: '/', online: true }, app.machine);
    await screen.findByRole('heading', { name: LOGIN_HEADING_DE });
    await act(() => signInAttendee(actor));
    act(() => {
      app.socket().report({ type: 'socket.opened' });
      app.socket().report({
        type: 'socket.messageReceived',
        message: { type: 'notification', notification: sampleNotification(
          notificationWords(
            said('notification.accepted.title', 'Connection accepted'),
            said('notification.accepted.content', 'You and Sam Reed are now connected. You can now chat.', { name: 'Sam Reed' }),
          ),
        ),
      },
      });
    });
    // One toast at a time: the sign-in's toast goes first (its Dismiss), then the notification's.
    const toasts = screen.getByRole('status', { name: 'Benachrichtigungen' });
    if (within(toasts).queryByRole('button', { name: 'Schließen' })) await userEvent.click(within(toasts).getByRole('button', { name: 'Schließen' }));
    expect(await screen.findByText('Kontaktanfrage angenommen — Du und Sam Reed seid jetzt verbunden. Ihr könnt jetzt chatten.')).toBeInTheDocument();
    expect(screen.queryByText(/Connection accepted|unread/)).toBeNull();
  });

  it('says the admin charts’ toasts and a warning’s toast in German', () => {
    expect(sayIt(moderationDone('remove', 1))).toBe('Event entfernt; 1 teilnehmende Person wurde benachrichtigt');
    expect(sayIt(moderationDone('hide', 0))).toBe('Event ausgeblendet; es hatte keine Teilnehmenden, die benachrichtigt werden mussten');
    expect(sayIt(resolvedMessage('warn', ['a', 'b']))).toBe('Verwarnung ausgesprochen (zusammen mit 1 weiteren Meldung zum selben Inhalt)');
    const warning = sampleNotification(notificationWords(ADMIN_WARNING_TITLE, asWritten('Please be kind.')));
    expect(sayIt(notificationToast(warning))).toBe('Eine Nachricht vom Wallflower-Team: „Please be kind.“');
  });
});
