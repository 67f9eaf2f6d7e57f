/**
 * The chat group's views in German (issue 20), on the real app with the network answered
 * by msw: the Chats list, a 1:1 chat and the meeting sheet beside it, the group chat, My
 * meetings, Connect by code, Cards and Shared with, sharing contact details, the photos
 * and the business card. Their words, and the charts' and the server's sentences, are
 * German, and the English ones are gone.
 */
import { eventDrawn } from './renderApp';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardSchema, SharedCardSchema, type Card, type SharedCard } from '../../contract/cards';
import { ConnectCodeSchema } from '../../contract/connect';
import { CARD_WORDS } from '../../contract/card-words';
import { CONNECT_VIEW_WORDS, CONNECT_WORDS } from '../../contract/connect-words';
import { IceBreakerSchema, SafeZoneListSchema } from '../../contract/discovery';
import { PhotoSchema, type Photo } from '../../contract/media';
import { MEETING_PLACE_MAX, MEETING_WORDS } from '../../contract/meeting-words';
import { FreeSlotsSchema, MyMeetingsSchema } from '../../contract/meetings';
import {
  ConversationsAnswerSchema,
  GroupChatPeopleSchema,
  GroupChatSchema,
  GroupMessageSchema,
  SAFE_SPACE_DETAIL,
  STRANGER_WRITE_DETAIL,
  type Conversation,
} from '../../contract/social';
import { appMachine } from '../../machines/app.machine';
import { CARD_MESSAGES } from '../../machines/profile/business-card.machine';
import { UNSENT_FALLBACK } from '../../machines/chat/chat-outbox.machine';
import { contactExchangeToast, EXCHANGE_FAILED, NOTHING_CHOSEN } from '../../machines/cards/contact-exchange.machine';
import { MEETING_SHEET_WORDS } from '../../machines/meetings/meeting-sheet.machine';
import { MEETINGS_WORDS } from '../../machines/meetings/meetings.machine';
import { likedByText, PHOTO_NOTES } from '../../machines/event/photo-gallery.machine';
import { MEETING_SHEET } from '../../src/i18n/en/meeting-sheet';
import { say, showLanguage, words } from '../../src/i18n/i18n';
import { plainDetail } from '../../contract/field-errors';
import { myMeetings, sampleMeeting } from '../machines/meetings/meetings.fakes';
import { answer, quietServer, renderModelApp, signIn } from '../model/app';
import { ada, meetup, quietRoom, sam } from '../model/fixtures';
import { refusalOf } from '../../contract/said';
import { eventChatNamed, writtenTitle } from '../said';

// jsdom draws no canvas: the QR library's drawing is stood in for (as in Connect.test.tsx).
vi.mock('../../machines/connect/qr-libs', () => ({
  qrDataUrl: async (text: string) => `data:image/png;base64,${btoa(text)}`,
  readQrPixels: () => null,
}));

const GROUP_CHAT = { id: 'c2000000-0000-4000-8000-000000000001', ...eventChatNamed('Quiet Founders'), event_id: meetup.id, community_id: null, closed: false, last_message: null };
const SLOTS = ['2030-05-01T18:00:00.000Z', '2030-05-01T18:15:00.000Z', '2030-05-01T19:00:00.000Z'];

const withSam: Conversation = {
  kind: 'direct',
  id: sam.id,
  ...writtenTitle(sam.name),
  partner: sam,
  event_id: null,
  last_message: { message: 'See you by the stage', from_name: 'You', timestamp: '2030-05-01T18:00:00.000Z' },
  unread: 2,
};
/** The event's group chat, where Kim wrote last. */
const kimsLine = { message: 'Anyone for the quiet room?', from_name: 'Kim', timestamp: '2030-05-01T17:00:00.000Z' };
const everyone: Conversation = { kind: 'group', id: GROUP_CHAT.id, title: GROUP_CHAT.name, title_code: GROUP_CHAT.name_code, title_params: GROUP_CHAT.name_params, partner: null, event_id: meetup.id, last_message: kimsLine, unread: 1 };

// 20:15 to 20:30 in Berlin, waiting for Ada's answer.
const meeting = sampleMeeting(1, {
  id: 'd0000000-0000-4000-8000-000000000001',
  event_id: meetup.id,
  with: sam,
  start_time: SLOTS[1]!,
  end_time: '2030-05-01T18:30:00.000Z',
  zone_id: quietRoom.id,
});

const samsCard: Card = {
  id: 'c0000000-0000-4000-8000-0000000000c1',
  from_user: sam.id,
  from_name: sam.name,
  contact_data: { email: 'sam@example.org', phone: '+44 20 7946 0000' },
  exchange_type: 'phone',
  event_id: null,
  created_at: '2030-05-01T18:00:00.000Z',
  kept: false,
};
const toSam: SharedCard = { id: 'c0000000-0000-4000-8000-0000000000c2', to_user: sam.id, to_name: sam.name, fields: ['linkedin', 'company'], created_at: '2030-05-01T18:00:00.000Z' };

const photo: Photo = {
  id: 'f0000000-0000-4000-8000-000000000001',
  event_id: meetup.id,
  user_id: sam.id,
  photo_data: 'AAAA',
  caption: null,
  created_at: '2030-05-01T18:05:00.000Z',
  likes: [{ user_id: sam.id, name: sam.name }],
  like_count: 2,
  liked_by_me: false,
};

quietServer(() => [
  http.get('*/api/conversations', () => answer(ConversationsAnswerSchema, { conversations: [withSam, everyone], unread_total: 3 })),
  http.get('*/api/ice-breakers/:otherUserId', () =>
    answer(IceBreakerSchema.array(), [{ id: 'b0000000-0000-4000-8000-000000000001', suggestion_text: 'What brought you here?', suggestion_code: '', suggestion_params: {}, category: 'event' }]),
  ),
  http.post('*/api/chat/send', () => HttpResponse.json(refusalOf(STRANGER_WRITE_DETAIL), { status: 403 })),
  http.get('*/api/meetings/free-slots', () => answer(FreeSlotsSchema, { slots: SLOTS })),
  http.get('*/api/meetings', () => answer(MyMeetingsSchema, myMeetings({ proposed_to_me: [meeting] }))),
  http.post('*/api/meetings/:id/respond', () => HttpResponse.json(refusalOf(MEETING_WORDS.notOpen), { status: 409 })),
  http.get('*/api/safe-zones/:eventId', () => answer(SafeZoneListSchema, [quietRoom])),
  http.get('*/api/events/:eventId/group-chats', () => answer(GroupChatSchema.array(), [GROUP_CHAT])),
  http.get('*/api/group-chats/:id/messages', () => answer(GroupMessageSchema.array(), [])),
  http.get('*/api/group-chats/:id/people', () => answer(GroupChatPeopleSchema, { members: [{ id: sam.id, name: sam.name }], listening: 2, me: null })),
  http.get('*/api/connect/code', () =>
    answer(ConnectCodeSchema, { token: 'nonce1nonce1nonce1.signature1signature1', short_code: 'ABCDEF', expires_at: '2030-05-01T18:01:00.000Z' }),
  ),
  http.post('*/api/connect/scan', () => HttpResponse.json(refusalOf(CONNECT_WORDS.expired), { status: 410 })),
  http.get('*/api/cards/shared', () => answer(SharedCardSchema.array(), [toSam])),
  http.get('*/api/cards', () => answer(CardSchema.array(), [samsCard])),
  http.get('*/api/business-card/:ownerId', () => HttpResponse.json(null)),
  http.get('*/api/events/:eventId/photos', () => answer(PhotoSchema.array(), [photo])),
]);

afterEach(async () => {
  await showLanguage('en');
});

/** Ada signed in with the app in German, at the events list; `atEvent`: with the meetup open. */
async function inGerman(atEvent = false) {
  await showLanguage('de');
  const app = renderModelApp(appMachine, () => {});
  await signIn(app.actor);
  await screen.findByRole('heading', { name: 'Events', level: 1 });
  if (atEvent) {
    act(() => app.actor.send({ type: 'event.opened', event: meetup }));
    await eventDrawn(meetup.name);
  }
  return { ...app, user: userEvent.setup() };
}

describe('the chat group’s views in German', () => {
  it('shows the Chats list in German', async () => {
    const { actor } = await inGerman();
    act(() => actor.send({ type: 'view.opened', view: 'chats' }));
    await screen.findByRole('heading', { name: 'Chats', level: 1 });
    expect(await screen.findByText('3 ungelesene Nachrichten')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Unterhaltungen' });
    const sams = within(list).getByRole('button', { name: /^Sam Reed.*\(2 ungelesen\)$/ });
    expect(within(sams).getByText('Du: See you by the stage')).toBeInTheDocument();
    expect(within(list).getByText('Gruppe')).toBeInTheDocument();
    expect(screen.queryByText(/unread|^Group$|You:/)).toBeNull();
  });

  it('shows a chat in German: its input, ice breakers, the person’s actions, and the server’s refusal', async () => {
    const { actor, user } = await inGerman(true);
    act(() => actor.send({ type: 'chat.opened', partner: sam }));
    await screen.findByRole('heading', { name: 'Chat mit Sam Reed', level: 1 });
    const form = await screen.findByRole('form', { name: 'Nachricht an Sam Reed' });
    expect(within(form).getByPlaceholderText('Schreib deine Nachricht...')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Senden' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mehr zu Sam Reed' }));
    expect(screen.getByRole('button', { name: 'Sam Reed melden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sam Reed blockieren' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ich brauche eine Pause' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Treffen vorschlagen' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Eisbrecher' })).toHaveTextContent('Du weißt nicht, was du sagen sollst?');
    expect(screen.getByText('Noch keine Nachrichten. Mit einem Eisbrecher fällt die erste leichter.')).toBeInTheDocument();
    expect(screen.queryByText(/Ice breakers|No messages yet|Report Sam|Block Sam|Suggest a meeting/)).toBeNull();

    // The server refuses the message: its reason, in German, takes the input's place.
    await user.type(within(form).getByRole('textbox'), 'Hello!');
    await user.click(within(form).getByRole('button', { name: 'Senden' }));
    const closed = await screen.findByRole('status', { name: 'Keine Nachrichten möglich' });
    expect(closed).toHaveTextContent(/^Du kannst deinen Kontakten schreiben oder jemandem auf einem Event/);
    expect(screen.queryByText(STRANGER_WRITE_DETAIL.message)).toBeNull();
  });

  it('shows the group chat in German, with the calm choice between joining in and listening', async () => {
    const { actor } = await inGerman(true);
    act(() => actor.send({ type: 'groupChat.opened', chatId: GROUP_CHAT.id }));
    await screen.findByRole('heading', { name: 'Gruppenchat', level: 1 });
    expect(await screen.findByText('Noch hat niemand etwas geschrieben. Ein einfaches Hallo reicht völlig.')).toBeInTheDocument();
    const place = await screen.findByRole('region', { name: 'Dein Platz in diesem Chat' });
    expect(within(place).getByRole('button', { name: 'Mitmachen' })).toBeInTheDocument();
    expect(within(place).getByRole('button', { name: 'Nur zuhören' })).toBeInTheDocument();
    expect(screen.getByText('2 hören zu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mitglieder (1)' })).toBeInTheDocument();
    // The event's chat is named in German too (issue 39), not "— everyone".
    expect(screen.getByRole('form', { name: 'Nachricht an Quiet Founders – alle' })).toBeInTheDocument();
    expect(screen.queryByText(/Join in|Just listen|listening|Nobody has said/)).toBeNull();
  });

  it('shows My meetings in German, its day in German words, the server’s refusal, and the sheet for another time', async () => {
    const { actor, user } = await inGerman();
    act(() => actor.send({ type: 'address.opened', path: '/meetings' }));
    await screen.findByRole('heading', { name: 'Meine Treffen', level: 1 });
    const waiting = await screen.findByRole('region', { name: 'Warten auf dich' });
    expect(within(waiting).getByRole('heading', { name: 'Mit Sam Reed' })).toBeInTheDocument();
    expect(within(waiting).getByText(/^Mi\.?, 1\. Mai, 20:15–20:30$/)).toBeInTheDocument();
    await user.click(within(waiting).getByRole('button', { name: 'Annehmen' }));
    expect(await within(waiting).findByRole('alert')).toHaveTextContent('Auf dieses Treffen kann man nicht mehr antworten.');

    await user.click(within(screen.getByRole('region', { name: 'Warten auf dich' })).getByRole('button', { name: 'Andere Zeit vorschlagen' }));
    const sheet = await screen.findByRole('dialog', { name: 'Sam Reed eine andere Zeit vorschlagen' });
    expect(within(sheet).getByRole('group', { name: 'Wann (Zeit des Events)' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Diese Zeit vorschlagen' })).toBeInTheDocument();
    expect(screen.queryByText(/Waiting for you|Accept|Suggest another time|When \(event time\)/)).toBeNull();
  });

  it('shows Connect by code in German, and the server’s refusal of a code', async () => {
    const { actor, user } = await inGerman();
    act(() => actor.send({ type: 'view.opened', view: 'connect' }));
    await screen.findByRole('heading', { name: 'Per Code verbinden', level: 1 });
    const mine = screen.getByRole('region', { name: 'Mein Code' });
    expect(await within(mine).findByRole('img', { name: 'Dein QR-Code' })).toBeInTheDocument();
    expect(within(mine).getByLabelText('Dein Kurzcode: A B C D E F')).toBeInTheDocument();
    const scan = screen.getByRole('region', { name: 'Code scannen' });
    await user.type(within(scan).getByLabelText('Stattdessen einen Code eintippen'), 'ABCDEF');
    await user.click(within(scan).getByRole('button', { name: 'Verbinden' }));
    expect(await within(scan).findByRole('alert')).toHaveTextContent('Dieser Code ist abgelaufen. Bitte um einen neuen.');
    expect(screen.queryByText(/My code|Scan a code|has expired/)).toBeNull();
  });

  it('shows Cards and Shared with in German', async () => {
    const { actor, user } = await inGerman();
    act(() => actor.send({ type: 'view.opened', view: 'cards' }));
    await screen.findByRole('heading', { name: 'Karten', level: 1 });
    const card = await screen.findByRole('article', { name: sam.name });
    expect(within(card).getByText('Telefon')).toBeInTheDocument();
    expect(within(card).getByText(/^Geteilt am /)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Karte von Sam Reed behalten' })).toHaveTextContent('Behalten');
    expect(screen.queryByText(/^Shared |^Phone$|^Keep$/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Geteilt mit' }));
    await screen.findByRole('heading', { name: 'Geteilt mit', level: 1 });
    const shared = await screen.findByRole('article', { name: sam.name });
    expect(within(shared).getByText('LinkedIn, Firma')).toBeInTheDocument();
    expect(within(shared).getByRole('button', { name: 'Zurücknehmen: was du mit Sam Reed geteilt hast' })).toBeInTheDocument();
  });

  it('shares contact details in German, and says in German what is missing', async () => {
    const { actor, user } = await inGerman();
    act(() => actor.send({ type: 'contactExchange.opened', partner: sam }));
    await screen.findByRole('heading', { name: 'Deine Kontaktdaten teilen', level: 1 });
    const form = await screen.findByRole('form', { name: 'Kontaktaustausch' });
    expect(within(form).getByRole('option', { name: 'Visitenkarte' })).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Was du teilen möchtest'), 'phone');
    await user.click(within(form).getByRole('button', { name: 'Anfrage zum Kontaktaustausch senden' }));
    expect(await within(form).findByText('Füll mindestens eine Angabe zum Teilen aus.')).toBeInTheDocument();
    expect(screen.queryByText(/What to share|Send Contact Exchange Request|Fill in at least/)).toBeNull();
  });

  it('shows the photos in German, who liked one too', async () => {
    const { actor } = await inGerman(true);
    act(() => actor.send({ type: 'view.opened', view: 'photo-gallery' }));
    await screen.findByRole('heading', { name: 'Fotos', level: 1 });
    expect(screen.getByRole('form', { name: 'Ein Foto teilen' })).toBeInTheDocument();
    expect(screen.getByText('Foto auswählen')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Fotos von ${meetup.name}` })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: `Foto von ${meetup.name}` })).toBeInTheDocument();
    expect(screen.getByText('2 Likes')).toBeInTheDocument();
    expect(screen.getByText('Gefällt Sam Reed und einer weiteren Person')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gefällt mir' })).toBeInTheDocument();
    expect(screen.queryByText(/Share a photo|Liked by|likes/)).toBeNull();
  });

  it('shows the business card in the profile in German', async () => {
    const { actor, user } = await inGerman();
    act(() => actor.send({ type: 'view.opened', view: 'profile' }));
    const card = await screen.findByRole('region', { name: 'Visitenkarte' });
    expect(await within(card).findByText('Noch keine Visitenkarte')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Erstellen' }));
    expect(within(card).getByLabelText('Name auf der Karte')).toHaveValue(ada.name);
    expect(within(card).getByLabelText('Berufsbezeichnung')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Speichern' })).toBeInTheDocument();
    expect(within(card).queryByText(/Business card|Job title|Name on the card/)).toBeNull();
  });

  it('knows the charts’ and the server’s sentences by their ids', async () => {
    await showLanguage('de');
    const english = [
      MEETINGS_WORDS.actionFailed,
      MEETING_SHEET_WORDS.failed,
      MEETING_SHEET_WORDS.chooseTime,
      MEETING_SHEET_WORDS.nameSpot,
      CONNECT_VIEW_WORDS.codeFailed,
      CONNECT_VIEW_WORDS.scanFailed,
      CONNECT_VIEW_WORDS.cameraFailed,
      CONNECT_VIEW_WORDS.noCodeInPicture,
      ...Object.values(CONNECT_WORDS),
      CARD_WORDS.declined,
      CARD_WORDS.actionFailed,
      CARD_WORDS.revoked({ name: sam.name }),
      ...Object.values(CARD_MESSAGES),
      NOTHING_CHOSEN,
      EXCHANGE_FAILED,
      contactExchangeToast({ from_name: sam.name, exchange_type: 'phone', contact_data: { phone: '+44 20 7946 0000' } }),
      UNSENT_FALLBACK,
      STRANGER_WRITE_DETAIL,
      SAFE_SPACE_DETAIL,
      ...Object.values(PHOTO_NOTES),
      likedByText({ ...photo, likes: [{ user_id: ada.id, name: ada.name }, { user_id: sam.id, name: sam.name }], like_count: 4 }, ada.id)!,
      MEETING_WORDS.connectionsOnly,
      MEETING_WORDS.outsideEvent,
      MEETING_WORDS.inThePast,
      MEETING_WORDS.alreadyProposed({ name: sam.name }),
      MEETING_WORDS.ownClash({ name: sam.name, from: '20:00', to: '20:15' }),
      MEETING_WORDS.theirClash,
      MEETING_WORDS.notYourTurn({ name: sam.name }),
      MEETING_WORDS.notOpen,
      MEETING_WORDS.notFound,
    ];
    for (const sentence of english) {
      const written = sentence.message;
      const shown = say(sentence);
      expect(shown, written).not.toBe(written);
    }
    expect(say(likedByText({ ...photo, likes: [{ user_id: ada.id, name: ada.name }, { user_id: sam.id, name: sam.name }], like_count: 4 }, ada.id)!)).toBe(
      `Gefällt dir, ${sam.name} und 2 weiteren Personen`,
    );
    // The server's field details, as the forms make them sentences (contract/field-errors.ts).
    expect(say(plainDetail('contact_data: needs at least one of instagram, twitter'))).toBe('Bitte gib deinen Instagram-Namen oder deinen Twitter-Namen ein.');
    expect(say(plainDetail('phone: Too big: expected string to have <=30 characters'))).toBe('Deine Telefonnummer darf höchstens 30 Zeichen lang sein.');
    expect(words(MEETING_SHEET).spotHint).toContain(`${MEETING_PLACE_MAX} Zeichen`);
  });
});
