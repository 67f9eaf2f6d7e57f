/**
 * The event view, the people and connection views in German (issue 20): their own words,
 * the people's cards and the Connect composer, and the English the charts and the server
 * write there (a refusal, the compatibility reasons, the feed, the anonymous name) said
 * in German too. On the real app with its calls faked.
 */
import { asWritten, saidOf, type SaidValues } from '../../contract/said';
import { compatibility, type CompatProfile } from '../../server/domain/compatibility';
import { iceBreakersFrom } from '../../server/domain/ice-breakers';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { PublicUser } from '../../contract/common';
import type { UserSearchBody } from '../../contract/discovery';
import type { FeedEntry } from '../../contract/media';
import { refusedWith } from '../../machines/api/request';
import { blockFailedMessage, blockQuestion } from '../../machines/safety/block';
import { feedMachine } from '../../machines/event/feed.machine';
import { userSearchMachine } from '../../machines/people/user-search.machine';
import { FeedList } from '../../src/components/EventFeed';
import { say as sayIt, showLanguage, whenLanguageShown } from '../../src/i18n/i18n';
import { pendingCapDetail } from '../../contract/social';
import { ada } from '../machines/app.fakes';
import { connectionsApp, sam, sampleAttendee, sampleConnection, sampleRequest, signIn, type ConnectionFakes } from '../machines/connections.fakes';
import { asChild, flush, sampleEntry, sampleEvent, samplePerson } from '../machines/discovery.fakes';
import { feedEntry } from '../machines/media.fakes';
import { renderApp, eventDrawn } from './renderApp';

afterEach(async () => {
  localStorage.clear();
  whenLanguageShown(() => {});
  await showLanguage('en');
});

const meetup = sampleEvent({ is_attending: true });
const hidden = samplePerson({ name: 'Anonymous attendee', username: null, is_anonymous: true });

/** Ada signed in, in German, in the meetup (when `inEvent`); the calls answer as the test says. */
async function renderGerman(f: ConnectionFakes = {}, charts: Parameters<typeof connectionsApp>[1] = {}, inEvent = true) {
  await showLanguage('de');
  const view = renderApp(undefined, { path: '/', online: true }, connectionsApp(f, charts).machine);
  await act(() => signIn(view.actor));
  if (inEvent) {
    act(() => view.actor.send({ type: 'event.opened', event: meetup }));
    await eventDrawn(meetup.name);
  }
  return view;
}

describe('the event view in German', () => {
  it('shows its tabs, actions, people and their cards in German, English nowhere', async () => {
    const user = userEvent.setup();
    await renderGerman({ people: async () => [sampleEntry(samplePerson({ name: 'Kim Lee' })), sampleEntry(hidden, 0.3)] });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Leute', 'Gruppen', 'Zonen', 'Infos']);
    const actions = screen.getByRole('navigation', { name: 'Bei diesem Event' });
    expect(within(actions).getByRole('button', { name: 'Vernetzen' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Per Code vernetzen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeInTheDocument();
    expect(screen.getByText('Deine Energie')).toBeInTheDocument();

    const people = await screen.findByRole('list', { name: 'Leute in der Nähe' });
    const kim = within(within(people).getByRole('article', { name: 'Kim Lee' }));
    expect(kim.getByText('82 % passend')).toBeInTheDocument();
    expect(kim.getByText('Viel gemeinsam')).toBeInTheDocument();
    expect(kim.getByText('Energie 7/10')).toBeInTheDocument();
    expect(kim.getByText('+2 weitere')).toBeInTheDocument();
    await user.click(kim.getByRole('button', { name: 'Mehr zu Kim Lee' }));
    expect(kim.getByRole('button', { name: 'Kim Lee melden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Alle Teilnehmenden ansehen/ })).toBeInTheDocument();
    await user.click(kim.getByRole('button', { name: /Details/ }));
    expect(kim.getByText('Warum ihr gut zusammenpassen könntet:')).toBeInTheDocument();
    expect(kim.getByText('Ihr mögt beide hiking')).toBeInTheDocument();

    // Someone browsing anonymously is named in German, on the card and in the question before blocking.
    const anonymous = within(within(people).getByRole('article', { name: 'Anonyme Person' }));
    expect(anonymous.getByText('Etwas zu entdecken')).toBeInTheDocument();
    await user.click(anonymous.getByRole('button', { name: 'Mehr zu Anonyme Person' }));
    await user.click(anonymous.getByRole('button', { name: 'Blockieren' }));
    expect(anonymous.getByRole('alertdialog', { name: /^Anonyme Person blockieren\? Die Person kann dich/ })).toBeInTheDocument();
    expect(anonymous.getByRole('button', { name: 'Abbrechen' })).toHaveFocus();

    expect(screen.queryByText(/People nearby|Your energy|Connect|Why you might|match|Anonymous|Energy|more$/)).toBeNull();
  });

  it('shows the event’s details and its groups in German', async () => {
    const user = userEvent.setup();
    await renderGerman();
    await user.click(screen.getByRole('tab', { name: 'Infos' }));
    const details = screen.getByLabelText('Details zum Event');
    expect(within(details).getByText('Wer')).toBeInTheDocument();
    expect(within(details).getByText('4 nehmen teil')).toBeInTheDocument();
    expect(within(details).getByText('Networking')).toBeInTheDocument();
    expect(within(details).getByText('Ruhige Räume')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fotos' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Gruppen' }));
    expect(await screen.findByText('Bei diesem Event gibt es noch keine Interessengruppen.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gruppenchats' })).toBeInTheDocument();
    expect(screen.queryByText(/Interest groups|Group chats|attending|Who|Quiet spaces/)).toBeNull();
  });
});

describe('the people and connection views in German', () => {
  it('attendees: the view, the cards and the Connect composer, the server’s refusal too', async () => {
    const user = userEvent.setup();
    await renderGerman({
      attendees: async () => [sampleAttendee(sam)],
      requestConnection: async () => {
        throw refusedWith(409, { id: 'error.alreadyConnected', message: 'You are already connected' });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Vernetzen' }));
    await screen.findByRole('heading', { name: 'Leute kennenlernen', level: 1 });
    expect(screen.getByText(/^Bei „Quiet Founders Meetup“\. Vernetz dich nur, wenn du magst/)).toBeInTheDocument();
    const card = within(await screen.findByRole('article', { name: 'Sam Reed' }));
    expect(card.getByText('Gardener · 30 · Ausgeglichen')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Vernetzen' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Mit Sam Reed vernetzen' }));
    expect(dialog.getByLabelText('Nachricht (freiwillig)')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Senden' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Ihr seid schon vernetzt');
    expect(screen.queryByText(/Connect with|Message \(optional\)|already connected|Cancel/)).toBeNull();
  });

  it('connection requests and connections', async () => {
    const t = await renderGerman({ requests: async () => [sampleRequest()], connections: async () => [sampleConnection()] }, {}, false);
    act(() => t.actor.send({ type: 'view.opened', view: 'connection-requests' }));
    await screen.findByRole('heading', { name: 'Kontaktanfragen', level: 1 });
    const request = within(await screen.findByRole('article', { name: 'Sam Reed' }));
    expect(request.getByRole('button', { name: 'Annehmen' })).toBeInTheDocument();
    expect(request.getByRole('button', { name: 'Ablehnen' })).toBeInTheDocument();
    expect(screen.queryByText(/Accept|Decline|Connection requests/)).toBeNull();

    act(() => t.actor.send({ type: 'view.opened', view: 'mutual-connections' }));
    await screen.findByRole('heading', { name: 'Deine Kontakte', level: 2 });
    const connection = within(await screen.findByRole('article', { name: 'Sam Reed' }));
    expect(connection.getByRole('list', { name: 'Eure gemeinsamen Interessen' })).toBeInTheDocument();
    expect(connection.getByRole('button', { name: 'Chatten' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Finden und antworten' })).toBeInTheDocument();
    expect(screen.queryByText(/Your connections|Exchange|Search$/)).toBeNull();
  });

  it('user search: the form, its own check and the results', async () => {
    const user = userEvent.setup();
    const userSearch = userSearchMachine.provide({
      actors: { searchUsers: fromPromise<PublicUser[], { userId: string; body: UserSearchBody }>(async () => [sam]) },
      actions: { logFailure: () => {} },
    });
    const t = await renderGerman({}, { userSearch }, false);
    act(() => t.actor.send({ type: 'view.opened', view: 'user-search' }));
    await screen.findByRole('heading', { name: 'Leute finden', level: 1 });
    expect(screen.getByRole('option', { name: 'Egal' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Introvertiert' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Alter von'), '40');
    await user.type(screen.getByLabelText('Alter bis'), '30');
    await user.click(screen.getByRole('button', { name: 'Leute suchen' }));
    expect(await screen.findByText('Das niedrigste Alter darf nicht über dem höchsten liegen.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Alter von'));
    await user.click(screen.getByRole('button', { name: 'Leute suchen' }));
    expect(await screen.findByRole('heading', { name: '1 Person gefunden' })).toBeInTheDocument();
    expect(screen.queryByText(/Find people|Search Users|Age from|person found|lowest age/)).toBeNull();
  });
});

describe('what the server and the charts write, in German', () => {
  it('the event feed', async () => {
    await showLanguage('de');
    const entries: FeedEntry[] = [
      feedEntry({
        id: 'connections-2030-05-01T18',
        kind: 'connection',
        text: '3 new connections were made',
        code: 'feed.connections',
        params: { count: 3 },
        actor_name: null,
        created_at: '2030-05-01T18:40:00.000Z',
      }),
      feedEntry({
        id: 'f1000000-0000-4000-8000-000000000002',
        kind: 'photo',
        text: 'Someone shared a photo',
        code: 'feed.sharedPhoto',
        params: { who: { id: 'feed.someone', message: 'Someone' } },
        actor_name: null,
        created_at: '2030-05-01T18:30:00.000Z',
      }),
      feedEntry({ created_at: '2030-05-01T18:20:00.000Z' }),
      feedEntry({
        id: 'f1000000-0000-4000-8000-000000000003',
        kind: 'community_join',
        text: 'Kim joined Board games',
        code: 'feed.joinedGroup',
        params: { who: asWritten('Kim'), group: 'Board games' },
        actor_name: 'Kim',
      }),
    ];
    const t = asChild(feedMachine.provide({ actors: { loadFeed: fromPromise<FeedEntry[], { userId: string; eventId: string }>(async () => entries) } }), {
      user: ada,
      event: meetup,
    });
    renderApp(<FeedList feed={t.child} />);
    await act(flush);
    expect(screen.getByRole('heading', { name: 'Was gerade passiert' })).toBeInTheDocument();
    const lines = within(screen.getByRole('list', { name: 'Was gerade passiert' }))
      .getAllByRole('listitem')
      .map((li) => li.firstChild!.textContent);
    expect(lines).toEqual([
      '3 neue Verbindungen sind entstanden',
      'Jemand hat ein Foto geteilt',
      'Sam ist jetzt beim Event dabei',
      'Kim ist „Board games“ beigetreten',
    ]);
  });

  it('blocking, requests and the reasons to connect', async () => {
    await showLanguage('de');
    expect(sayIt(blockQuestion(sam))).toBe('Sam Reed blockieren? Die Person kann dich dann nicht mehr sehen oder kontaktieren und erfährt nichts davon.');
    expect(sayIt(blockFailedMessage('Anonymous attendee'))).toBe('Anonyme Person konnte nicht blockiert werden. Bitte versuche es noch einmal.');
    expect(sayIt(pendingCapDetail(5, true))).toBe(
      'Du hast 5 Anfragen, die bei diesem Event auf eine Antwort warten. Jede macht Platz für eine neue, sobald sie beantwortet ist, spätestens nach zwei Tagen.',
    );
    // The server's reasons, by their ids and values (server/domain/compatibility.ts).
    const profile = { social_preferences: [], personality_traits: [], communication_style: 'extroverted' as const, social_battery: 9 };
    const reasons = (a: Partial<CompatProfile>, b: Partial<CompatProfile>) => {
      const c = compatibility({ ...profile, interests: [], ...a }, { ...profile, interests: [], social_battery: 2, communication_style: 'introverted' as const, ...b });
      return c.compatibility_reasons.map((english, i) => sayIt(saidOf(english, c.compatibility_reason_codes[i]!.code, c.compatibility_reason_codes[i]!.params as SaidValues)));
    };
    const five = ['jazz', 'hiking', 'chess', 'tea', 'go'];
    expect(reasons({ interests: five }, { interests: five })[0]).toBe('Ihr mögt beide chess, go, hiking und 2 weitere');
    expect(reasons({ social_preferences: ['small groups', 'quiet corners'] }, { social_preferences: ['small groups', 'quiet corners'] })[0]).toBe(
      'Ihr habt beide gern quiet corners und small groups',
    );
    expect(reasons({ occupation: 'Illustrator' }, { occupation: 'illustrator' })[0]).toBe('Ihr arbeitet beide als illustrator');
    expect(reasons({}, {})).toEqual(['Eine Gelegenheit, gemeinsam etwas Neues zu entdecken']);
    // The server's ice breakers, by their ids and values (server/domain/ice-breakers.ts).
    const [job] = iceBreakersFrom({ shared: [], occupation: 'Gardener', sameOccupation: false, eventName: 'Founders Meetup' });
    expect(job!.suggestion_text).toBe("What's the most interesting part of working as a gardener?");
    expect(sayIt(saidOf(job!.suggestion_text, job!.suggestion_code, job!.suggestion_params))).toBe('Was ist das Spannendste an deiner Arbeit als gardener?');
  });
});
