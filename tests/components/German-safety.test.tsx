/**
 * The safety group's views in German (issue 20): privacy settings with the blocked list
 * and "Your reports", the report sheet, the organizer screen, a new event, the zone
 * editor, the plan chooser, the profile photo and the analytics charts, each with the
 * sentences its chart writes said in German too, and none of their English left.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { BlockedUsersAnswerSchema } from '../../contract/discovery';
import { EventListSchema, EventSchema, type Event } from '../../contract/events';
import { AnnouncementsAnswerSchema, OrganizersAnswerSchema } from '../../contract/organizer';
import { MyReportsAnswerSchema } from '../../contract/reports';
import { StatusAnswerSchema, StatusBodySchema } from '../../contract/status';
import { appMachine } from '../../machines/app.machine';
import { plansMachine, type PlanChoice } from '../../machines/profile/plans.machine';
import { profilePhotoMachine } from '../../machines/profile/profile-photo.machine';
import { zoneEditorMachine } from '../../machines/organizer/zone-editor.machine';
import { AnalyticsFigures, CompatibilityChart, ConnectionsByHourChart } from '../../src/components/AnalyticsCharts';
import { PlanDialog } from '../../src/components/PlanChooser';
import { ProfilePhotoPanel } from '../../src/components/ProfilePhotoSection';
import { ZoneEditor } from '../../src/components/ZoneEditor';
import { showLanguage, whenLanguageShown } from '../../src/i18n/i18n';
import { theme } from '../../src/theme/theme';
import { asChild, flush } from '../machines/discovery.fakes';
import { PLANS, sampleAnalytics } from '../machines/media.fakes';
import { answer, quietServer, renderModelApp, signIn } from '../model/app';
import { ada, meetup, sam } from '../model/fixtures';
import { renderApp } from './renderApp';

/** Ada's own event, so the organizer screen is hers. */
const walk: Event = { ...meetup, created_by: ada.id, organizer_role: 'organizer', time_zone: 'Europe/Berlin' };

quietServer(() => [
  http.get('*/api/events', () => answer(EventListSchema, [walk])),
  http.get('*/api/events/:eventId', () => answer(EventSchema, walk)),
  http.get('*/api/events/:eventId/organizers', () => answer(OrganizersAnswerSchema, { organizers: [{ id: ada.id, name: ada.name, role: 'organizer' }] })),
  http.get('*/api/events/:eventId/announcements', () => answer(AnnouncementsAnswerSchema, { announcements: [], left_this_hour: 3, next_at: null })),
  http.get('*/api/users/blocked', () =>
    answer(BlockedUsersAnswerSchema, [{ id: sam.id, name: sam.name, username: sam.username, blocked_at: '2030-05-01T18:00:00.000Z' }]),
  ),
  http.get('*/api/reports/mine', () => answer(MyReportsAnswerSchema, [])),
  http.put('*/api/users/status', async ({ request }) => {
    const body = StatusBodySchema.parse(await request.json());
    return answer(StatusAnswerSchema, { success: true, status: { status: body.status, custom_message: body.custom_message, emoji: body.emoji, until: body.until } });
  }),
]);

afterEach(async () => {
  whenLanguageShown(() => {});
  await showLanguage('en');
});

/** Ada signed in, the app in German, then `view` opened (about her event). */
async function openInGerman(view: 'privacy-settings' | 'organizer' | 'create-event') {
  await showLanguage('de');
  const app = renderModelApp(appMachine, () => {});
  await signIn(app.actor);
  act(() => {
    app.actor.send({ type: 'event.opened', event: walk });
    app.actor.send({ type: 'view.opened', view });
  });
  return { app, user: userEvent.setup() };
}

describe('the safety group’s views in German', () => {
  it('shows privacy settings, the blocked list and the report sheet in German', async () => {
    const { user } = await openInGerman('privacy-settings');
    await screen.findByRole('heading', { name: 'Privatsphäre', level: 1 });
    expect(screen.getByRole('group', { name: 'Wer dich sehen kann' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Nur Kontakte' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Mein Profilbild zeigen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Privatsphäre-Einstellungen speichern' })).toBeInTheDocument();
    expect(await screen.findByText('Du hast noch nichts gemeldet.')).toBeInTheDocument();
    const blocked = screen.getByRole('region', { name: 'Leute, die du blockiert hast' });
    await user.click(await within(blocked).findByRole('button', { name: 'Sam Reed nicht mehr blockieren' }));
    expect(within(blocked).getByText(/^Sam Reed nicht mehr blockieren\? Ihr seid dann wieder Fremde/)).toBeInTheDocument();
    expect(within(blocked).getByRole('button', { name: 'Blockiert lassen' })).toBeInTheDocument();
    expect(screen.queryByText(/Privacy settings|Who can see you|Your reports|People you blocked|Unblock|Keep blocked/)).toBeNull();

    await user.click(within(blocked).getByRole('button', { name: 'Blockiert lassen' }));
    await user.click(within(blocked).getByRole('button', { name: 'Sam Reed melden' }));
    const sheet = await screen.findByRole('dialog', { name: 'Sam Reed melden' });
    expect(within(sheet).getByRole('radio', { name: 'Belästigung' })).toBeInTheDocument();
    expect(within(sheet).getByText('0 von 1000 Zeichen')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Meldung senden' }));
    expect(await within(sheet).findByText('Wähle, was passiert ist, damit das Moderationsteam weiß, worauf es achten soll.')).toBeInTheDocument();
    expect(within(sheet).queryByText(/What happened|Send report|Cancel|characters/)).toBeNull();
  });

  it('shows the organizer screen in German, dates in German too', async () => {
    await openInGerman('organizer');
    await screen.findByRole('heading', { name: 'Verwalten', level: 1 });
    for (const name of ['Details des Events', 'Geschützte Zonen', 'Interessengruppen', 'Mitveranstaltende', 'Ankündigungen', 'Auswertung', 'Event absagen']) {
      expect(screen.getByRole('heading', { name, level: 2 })).toBeInTheDocument();
    }
    const details = screen.getByRole('region', { name: 'Details des Events' });
    await waitFor(() => expect(within(details).getByText('Beginn').nextElementSibling).toHaveTextContent(/^Mi\., 1\. Mai, 20:00/));
    expect(await screen.findByText('Noch keine Zonen. Ein ruhiger Raum ist ein guter Anfang.')).toBeInTheDocument();
    expect(await screen.findByText('Du kannst in dieser Stunde noch 3 senden (höchstens 3 pro Stunde).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dieses Event absagen…' })).toBeInTheDocument();
    expect(screen.queryByText(/Organize|Event details|Safe zones|Announcements|Cancel this event|your time/)).toBeNull();
  });

  it('shows a new event’s form in German, and says what is missing in German', async () => {
    const { user } = await openInGerman('create-event');
    const form = await screen.findByRole('form', { name: 'Event erstellen' });
    expect(within(form).getByLabelText('Art des Events')).toBeInTheDocument();
    expect(within(form).getByRole('option', { name: 'Konferenz' })).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Ruhige Räume' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Event erstellen' }));
    expect(await within(form).findByText('Bitte gib den Namen ein.')).toBeInTheDocument();
    expect(within(form).getByText('Bitte wähle die Art des Events aus.')).toBeInTheDocument();
    expect(screen.queryByText(/Create an event|Anxiety-friendly|Please fill in|Starts|Ends/)).toBeNull();
  });

  it('takes a break in German: the sheet, then the banner with its end in German words', async () => {
    await showLanguage('de');
    const user = userEvent.setup();
    const app = renderModelApp(appMachine, () => {});
    await signIn(app.actor);
    await user.click(await screen.findByRole('button', { name: 'Pause machen' }));
    const sheet = await screen.findByRole('dialog', { name: 'Pause machen' });
    expect(within(sheet).getByRole('radio', { name: 'Für 1 Stunde' })).toBeChecked();
    expect(within(sheet).getByRole('radio', { name: 'Blatt' })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('radio', { name: 'Bis ich zurückkomme' }));
    await user.click(within(sheet).getByRole('button', { name: 'Pause beginnen' }));
    const banner = await screen.findByRole('status', { name: 'Deine Pause' });
    expect(within(banner).getByText('Du machst Pause bis du zurückkommst.')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Ich bin zurück' })).toBeInTheDocument();
    expect(screen.queryByText(/on a break|I'm back|Take a break|until/)).toBeNull();
  });

  it('shows the zone editor in German, with its placing and its checks', async () => {
    await showLanguage('de');
    const t = asChild(zoneEditorMachine, { userId: ada.id, eventId: walk.id, zone: null });
    renderApp(<ZoneEditor actor={t.child} />);
    const form = screen.getByRole('form', { name: 'Geschützte Zone hinzufügen' });
    expect(within(form).getByRole('status')).toHaveTextContent(/^Noch keine Mitte\./);
    expect(within(form).getByRole('option', { name: 'Bereich mit Einschränkungen' })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Zone speichern' }));
    expect(await within(form).findByText('Bitte gib den Namen der Zone ein.')).toBeInTheDocument();
    expect(within(form).getByText(/^Bitte leg die Mitte der Zone fest/)).toBeInTheDocument();
    expect(screen.queryByText(/Add a safe zone|Where it is|No centre yet|Please/)).toBeNull();
  });

  it('shows the plan chooser in German, prices and the server’s features too', async () => {
    await showLanguage('de');
    const machine = plansMachine.provide({
      actors: { loadPlans: fromPromise<PlanChoice, { userId: string }>(async () => ({ loaded: PLANS, current: 'Free' })) },
    });
    const t = asChild(machine, { user: ada });
    renderApp(<PlanDialog plans={t.child} />);
    await act(flush);
    const dialog = screen.getByRole('dialog', { name: 'Wähle deinen Tarif' });
    expect(within(dialog).getByText('Dein aktueller Tarif')).toBeInTheDocument();
    expect(within(dialog).getByText('9,99 $ im Monat')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Leute in der Nähe')).toHaveLength(3);
    expect(within(dialog).getByRole('button', { name: 'Upgraden zu Premium' })).toBeInTheDocument();
    expect(within(dialog).queryByText(/Choose your plan|Current plan|month|Nearby people|Upgrade to/)).toBeNull();
  });

  it('shows the profile photo section in German', async () => {
    await showLanguage('de');
    const t = asChild(profilePhotoMachine, { user: ada });
    renderApp(<ProfilePhotoPanel photo={t.child} />);
    const section = within(screen.getByRole('region', { name: 'Profilfoto' }));
    expect(section.getByText('Foto hinzufügen')).toBeInTheDocument();
    expect(section.getByText(/„Mein Profilbild zeigen“/)).toBeInTheDocument();
    expect(section.queryByText(/Add a photo|Profile photo|Privacy/)).toBeNull();
  });

  it('shows the analytics figures and charts in German', async () => {
    await showLanguage('de');
    render(
      <ThemeProvider theme={theme}>
        <AnalyticsFigures analytics={sampleAnalytics()} />
        <CompatibilityChart analytics={sampleAnalytics()} />
        <ConnectionsByHourChart analytics={sampleAnalytics()} />
      </ThemeProvider>,
    );
    expect(screen.getByText('Teilnehmende', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText('Wie gut die Leute zueinander passen')).toBeInTheDocument();
    expect(screen.getByText('Über die 6 Kontakte, die hier entstanden sind.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Passung über 6 Kontakte, die hier entstanden sind: 2 Viel gemeinsam/ })).toBeInTheDocument();
    expect(screen.getByText('Kontakte pro Stunde')).toBeInTheDocument();
    expect(screen.queryByText(/Attendees|How well matched|Connections|average|Lots in common/)).toBeNull();
  });
});
