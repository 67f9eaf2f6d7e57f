/**
 * Reporting on the real app (issue 16): the Report buttons where a person, a message or a
 * photo is shown, the report sheet on its real chart and the real API client against a
 * small fake of the report, block and reports calls (msw), and "Your reports" in privacy
 * settings. The other calls are faked at the charts' edge (connections.fakes.ts).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMachine, fromPromise, type AnyEventObject } from 'xstate';
import type { BlockedUser } from '../../contract/discovery';
import { PRIVACY_DEFAULTS } from '../../contract/discovery';
import type { Photo } from '../../contract/media';
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS as REPORT_REASON_LABELS_SAID, REPORT_REASONS, REPORT_REVIEWED, REPORT_THANKS as REPORT_THANKS_SAID, type MyReport } from '../../contract/reports';
import type { GroupChat, GroupMessage } from '../../contract/social';
import type { appMachine } from '../../machines/app.machine';
import { MY_REPORTS_PAGE } from '../../machines/safety/my-reports.machine';
import { photoGalleryMachine } from '../../machines/event/photo-gallery.machine';
import { blockedInChat as blockedInChat_SAID } from '../../contract/safety-words';
import { blockFailedMessage, blockQuestion } from '../../machines/safety/block';
import { REPORT_REASON_NEEDED, blockedAfterReport, blockOffer } from '../../machines/safety/report.machine';
import { PhotoGalleryBody } from '../../src/views/PhotoGalleryView';
import { ada } from '../machines/app.fakes';
import { connectionsApp, sam, sampleChat, sampleNotification, signIn, type ConnectionFakes } from '../machines/connections.fakes';
import { asChild, flush, sampleEvent } from '../machines/discovery.fakes';
import { samplePhoto } from '../machines/media.fakes';
import { sampleMyReport } from '../machines/safety/report.fakes';
import { renderApp } from './renderApp';
import { english } from '../../contract/said';
import { eventChatNamed } from '../said';
import { notificationWords } from '../said';

const REPORT_REASON_LABELS = english(REPORT_REASON_LABELS_SAID);
const REPORT_THANKS = english(REPORT_THANKS_SAID);
const blockedInChat = english(blockedInChat_SAID);

const meetup = sampleEvent({ is_attending: true });
const REPORT_ID = 'd0000000-0000-4000-8000-000000000001';

/** What the fake server answers and what it was asked. */
let reportAnswer: () => Promise<Response> | Response;
let mine: (offset: number) => Response;
let filed: Array<{ query: Record<string, string>; body: unknown }>;
let blocks: Array<Record<string, string>>;
let blockedPeople: BlockedUser[];

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

const server = setupServer(
  http.post('/api/reports', async ({ request }) => {
    filed.push({ query: query(request), body: await request.json() });
    return reportAnswer();
  }),
  http.post('/api/users/block', ({ request }) => {
    blocks.push(query(request));
    return HttpResponse.json({ success: true });
  }),
  http.get('/api/reports/mine', ({ request }) => mine(Number(query(request).offset ?? 0))),
  http.get('/api/users/blocked', () => HttpResponse.json(blockedPeople)),
  http.get('/api/users/privacy', () => HttpResponse.json(PRIVACY_DEFAULTS)),
  // Opening a chat marks it read (the inbox's marker), which these tests do not look at.
  http.put('/api/conversations/read', () => HttpResponse.json({ success: true, unread_total: 0 })),
  // What a chat loads beside its messages: nobody muted, and a group chat's people.
  http.get('/api/chat/mutes', () => HttpResponse.json([])),
  http.get('/api/group-chats/:id/people', () => HttpResponse.json({ members: [], listening: 0, me: null })),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  reportAnswer = () => HttpResponse.json({ success: true, report_id: REPORT_ID });
  mine = () => HttpResponse.json([]);
  filed = [];
  blocks = [];
  blockedPeople = [];
});
afterEach(() => server.resetHandlers());

async function renderSignedIn(f: ConnectionFakes = {}) {
  const app = connectionsApp(f);
  const view = renderApp(undefined, { path: '/', online: true }, app.machine);
  await act(() => signIn(view.actor));
  return { ...view, ...app };
}

const fromSam = sampleChat({ message: 'Why are you ignoring me?' });
const fromAda = sampleChat({ from_user: ada.id, to_user: sam.id, message: 'Please stop writing to me.' });

async function openChat(f: ConnectionFakes = {}) {
  const t = await renderSignedIn({ history: async () => [fromSam, fromAda], ...f });
  act(() => t.actor.send({ type: 'chat.opened', partner: sam }));
  await screen.findByRole('log', { name: 'Messages with Sam Reed' });
  // Report and Block wait under More in the chat's header (issue 39).
  fireEvent.click(screen.getByRole('button', { name: 'More for Sam Reed' }));
  return t;
}

/** The sheet, once open: it has taken focus (Modal moves it in an effect, after it shows). */
const sheet = async (name: string) => {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
};

describe('Report from a chat', () => {
  it("offers Report on the other person's messages (not one's own) and beside their name", async () => {
    await openChat();
    const log = screen.getByRole('log', { name: 'Messages with Sam Reed' });
    const buttons = within(log).getAllByRole('button', { name: 'Report message from Sam Reed' });
    expect(buttons).toHaveLength(1);
    // Described by the message itself (a screen reader hears whose it is first).
    expect(buttons[0]).toHaveAccessibleDescription(expect.stringContaining(fromSam.message));
    expect(screen.getByRole('button', { name: 'Report Sam Reed' })).toBeInTheDocument();
  });

  it('reports a message: a reason from the contract and a note, the thank-you at once, then the offer to block', async () => {
    const user = userEvent.setup();
    await openChat();
    await user.click(screen.getByRole('button', { name: 'Report message from Sam Reed' }));
    const dialog = await sheet('Report a message from Sam Reed');
    expect(within(dialog).getByLabelText('What you are reporting')).toHaveTextContent(fromSam.message);
    const reasons = within(dialog).getByRole('group', { name: 'What happened?' });
    expect(within(reasons).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(REPORT_REASONS.map((r) => REPORT_REASON_LABELS[r]));
    expect(within(reasons).getByRole('radio', { name: REPORT_REASON_LABELS.harassment })).toHaveFocus();

    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.harassment }));
    const note = within(dialog).getByLabelText("Anything you'd like to add? (optional)");
    expect(note).toHaveAttribute('maxLength', String(REPORT_NOTE_MAX));
    await user.type(note, 'Third time today');
    expect(note).toHaveAccessibleDescription(`16 of ${REPORT_NOTE_MAX} characters`);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(within(dialog).getByText(REPORT_THANKS)).toHaveFocus());
    expect(filed).toEqual([
      { query: { user_id: ada.id }, body: { target_type: 'message', target_id: fromSam.id, reason: 'harassment', note: 'Third time today' } },
    ]);
    expect(within(dialog).getByText(blockOffer('Sam Reed').message)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Block them too' }));
    expect(await within(dialog).findByText(blockedAfterReport('Sam Reed').message)).toHaveFocus();
    expect(blocks).toEqual([{ user_id: ada.id, block_user_id: sam.id }]);
    expect(within(dialog).queryByRole('button', { name: 'Block them too' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a reason before sending anything', async () => {
    const user = userEvent.setup();
    await openChat();
    await user.click(screen.getByRole('button', { name: 'Report Sam Reed' }));
    const dialog = await sheet('Report Sam Reed');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(REPORT_REASON_NEEDED.message);
    expect(filed).toEqual([]);
  });

  it("says the server's refusal in the sheet, keeps the reason and the note, and sends again", async () => {
    const user = userEvent.setup();
    reportAnswer = () => HttpResponse.json({ detail: 'Too many reports in a short while. Please try again later.' }, { status: 429 });
    await openChat();
    await user.click(screen.getByRole('button', { name: 'Report Sam Reed' }));
    const dialog = await sheet('Report Sam Reed');
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.spam }));
    await user.type(within(dialog).getByRole('textbox'), 'Links every minute');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many reports in a short while. Please try again later.');
    expect(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.spam })).toBeChecked();
    expect(within(dialog).getByRole('textbox')).toHaveValue('Links every minute');

    reportAnswer = () => HttpResponse.json({ success: true, report_id: REPORT_ID });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(REPORT_THANKS)).toBeInTheDocument();
    expect(filed).toHaveLength(2);
  });

  it('closes on Escape or Cancel, but not while the report is on its way', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    reportAnswer = async () => {
      await new Promise<void>((r) => (release = r));
      return HttpResponse.json({ success: true, report_id: REPORT_ID });
    };
    await openChat();
    await user.click(screen.getByRole('button', { name: 'Report Sam Reed' }));
    await user.click(within(await sheet('Report Sam Reed')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Report Sam Reed' }));
    await sheet('Report Sam Reed');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Report Sam Reed' }));
    const dialog = await sheet('Report Sam Reed');
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.other }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(filed).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await act(async () => {
      release();
      await delay(0);
    });
    expect(await within(dialog).findByText(REPORT_THANKS)).toBeInTheDocument();
  });
});

describe('Block in a chat, then report (issue 16: a block never stops a report)', () => {
  const ask = () => screen.getByRole('alertdialog', { name: blockQuestion(sam).message });

  it("asks first, with the card's question and the calm choice focused; Cancel blocks nobody", async () => {
    const user = userEvent.setup();
    await openChat();
    await user.click(screen.getByRole('button', { name: 'Block Sam Reed' }));
    expect(within(ask()).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // Block beside the name gives way to the question's own.
    expect(screen.getAllByRole('button', { name: 'Block Sam Reed' })).toEqual([within(ask()).getByRole('button', { name: 'Block Sam Reed' })]);
    await user.click(within(ask()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(blocks).toEqual([]);
    expect(screen.getByRole('form', { name: 'Message Sam Reed' })).toBeInTheDocument();
  });

  it('blocks: the conversation stays, read-only, each message still reportable; the sheet thanks and offers no block', async () => {
    const user = userEvent.setup();
    const t = await openChat({ iceBreakers: async () => [{ id: 'b0000000-0000-4000-8000-000000000009', suggestion_text: 'Enjoying the talks?', suggestion_code: '', suggestion_params: {}, category: 'event' }] });
    expect(await screen.findByRole('region', { name: 'Ice breakers' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Block Sam Reed' }));
    await user.click(within(ask()).getByRole('button', { name: 'Block Sam Reed' }));

    const note = await screen.findByRole('status', { name: 'Messages are closed' });
    expect(note).toHaveTextContent(blockedInChat({ name: 'Sam Reed' }));
    expect(note).toHaveFocus();
    expect(blocks).toEqual([{ user_id: ada.id, block_user_id: sam.id }]);
    expect(screen.queryByRole('form', { name: 'Message Sam Reed' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ice breakers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block Sam Reed' })).not.toBeInTheDocument();
    const log = screen.getByRole('log', { name: 'Messages with Sam Reed' });
    expect(within(log).getByText(fromSam.message)).toBeInTheDocument();
    expect(within(log).getByText(fromAda.message)).toBeInTheDocument();
    expect(t.calls.history).toHaveBeenCalledTimes(1);

    await user.click(within(log).getByRole('button', { name: 'Report message from Sam Reed' }));
    const dialog = await sheet('Report a message from Sam Reed');
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.harassment }));
    await user.type(within(dialog).getByRole('textbox'), 'Kept writing after I said no');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(REPORT_THANKS)).toBeInTheDocument();
    expect(filed).toEqual([
      { query: { user_id: ada.id }, body: { target_type: 'message', target_id: fromSam.id, reason: 'harassment', note: 'Kept writing after I said no' } },
    ]);
    expect(within(dialog).queryByText(blockOffer('Sam Reed').message)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Block them too' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Report beside the name offers no block either.
    await user.click(screen.getByRole('button', { name: 'Report Sam Reed' }));
    const again = await sheet('Report Sam Reed');
    await user.click(within(again).getByRole('radio', { name: REPORT_REASON_LABELS.uncomfortable }));
    await user.click(within(again).getByRole('button', { name: 'Send report' }));
    expect(await within(again).findByText(REPORT_THANKS)).toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: 'Block them too' })).not.toBeInTheDocument();
    expect(blocks).toHaveLength(1);
  });

  it('sends nothing more to them: what still waited in the outbox goes', async () => {
    const user = userEvent.setup();
    const t = await openChat();
    act(() => t.actor.send({ type: 'connectivity.changed', online: false }));
    const form = screen.getByRole('form', { name: 'Message Sam Reed' });
    await user.type(within(form).getByLabelText('Message'), 'Please answer');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    const log = screen.getByRole('log', { name: 'Messages with Sam Reed' });
    expect(await within(log).findByText('Please answer')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Block Sam Reed' }));
    await user.click(within(ask()).getByRole('button', { name: 'Block Sam Reed' }));
    await screen.findByText(blockedInChat({ name: 'Sam Reed' }));
    expect(within(log).queryByText('Please answer')).not.toBeInTheDocument();
    act(() => t.actor.send({ type: 'connectivity.changed', online: true }));
    await act(flush);
    expect(t.calls.sendChat).not.toHaveBeenCalled();
  });

  it('says so when the block does not go through, and offers Block again', async () => {
    const user = userEvent.setup();
    server.use(http.post('/api/users/block', () => HttpResponse.json({ detail: 'Internal error' }, { status: 500 })));
    await openChat();
    await user.click(screen.getByRole('button', { name: 'Block Sam Reed' }));
    await user.click(within(ask()).getByRole('button', { name: 'Block Sam Reed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(blockFailedMessage('Sam Reed').message);
    expect(screen.getByRole('button', { name: 'Block Sam Reed' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Message Sam Reed' })).toBeInTheDocument();
  });
});

describe('Report in a group chat', () => {
  const everyone: GroupChat = { id: 'c2000000-0000-4000-8000-000000000001', ...eventChatNamed('Meetup'), event_id: meetup.id, community_id: null, closed: false, last_message: null };
  const hidden: GroupMessage = {
    id: 'f1000000-0000-4000-8000-000000000002',
    group_id: everyone.id,
    from_user: null,
    from_name: 'Anonymous attendee',
    message: 'You all look so awkward',
    timestamp: '2030-05-01T18:01:00.000Z',
  };
  const mineToo: GroupMessage = { ...hidden, id: 'f1000000-0000-4000-8000-000000000003', from_user: ada.id, from_name: ada.name, message: 'Hello all' };

  it('reports a message by someone hidden: the thank-you, and no offer to block (nobody to name)', async () => {
    const user = userEvent.setup();
    const t = await renderSignedIn({ groupChats: async () => [everyone], groupHistory: async () => [hidden, mineToo] });
    act(() => {
      t.actor.send({ type: 'event.opened', event: meetup });
      t.actor.send({ type: 'view.opened', view: 'group-chat' });
    });
    const log = await screen.findByRole('log', { name: 'Messages in Meetup — everyone' });
    expect(within(log).getAllByRole('button', { name: /^Report message from/ })).toHaveLength(1);
    await user.click(within(log).getByRole('button', { name: 'Report message from Anonymous attendee' }));
    const dialog = await sheet('Report a message from Anonymous attendee');
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.inappropriate }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(REPORT_THANKS)).toBeInTheDocument();
    expect(filed[0]!.body).toEqual({ target_type: 'group_message', target_id: hidden.id, reason: 'inappropriate', note: null });
    expect(within(dialog).queryByRole('button', { name: 'Block them too' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });
});

describe('Report a photo', () => {
  it("offers Report on others' photos, not one's own, and opens the sheet about that photo", async () => {
    const heard: AnyEventObject[] = [];
    const root = createMachine({ on: { '*': { actions: ({ event }) => void heard.push(event) } } });
    const theirs: Photo = samplePhoto({ user_id: sam.id, caption: 'Crowd by the stage' });
    const own: Photo = samplePhoto({ user_id: ada.id, caption: 'My tea' });
    const loadPhotos = fromPromise<Photo[], { userId: string; eventId: string }>(async () => [theirs, own]);
    const gallery = asChild(photoGalleryMachine.provide({ actors: { loadPhotos } }), { user: ada, event: meetup });
    renderApp(<PhotoGalleryBody gallery={gallery.child} />, { path: '/' }, root as unknown as typeof appMachine);
    await act(flush);
    expect(within(screen.getByRole('figure', { name: 'My tea' })).queryByRole('button', { name: 'Report this photo' })).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('figure', { name: 'Crowd by the stage' })).getByRole('button', { name: 'Report this photo' }));
    expect(heard).toEqual([
      {
        type: 'report.opened',
        target: { type: 'photo', id: theirs.id, personId: sam.id, personName: 'the person who shared it', excerpt: 'Crowd by the stage', blocked: false },
      },
    ]);
  });
});

const myReport = (n: number, overrides: Partial<MyReport> = {}) => sampleMyReport(n, { target_id: fromSam.id, ...overrides });

async function openPrivacy() {
  const t = await renderSignedIn();
  act(() => t.actor.send({ type: 'view.opened', view: 'privacy-settings' }));
  await screen.findByRole('heading', { name: 'Your reports' });
  return t;
}

const yourReports = () => screen.getByRole('region', { name: 'Your reports' });

describe('Your reports, in privacy settings', () => {
  it('says it is loading, then that there are none', async () => {
    let answer: () => void = () => {};
    server.use(
      http.get('/api/reports/mine', async () => {
        await new Promise<void>((r) => (answer = r));
        return HttpResponse.json([]);
      }),
    );
    await openPrivacy();
    expect(await within(yourReports()).findByText('Loading your reports…')).toBeInTheDocument();
    await act(async () => {
      answer();
      await delay(0);
    });
    expect(await within(yourReports()).findByText("You haven't reported anything.")).toBeInTheDocument();
  });

  it('lists each report with what it was about, the reason, the note and where it stands (never the outcome)', async () => {
    mine = () =>
      HttpResponse.json([
        myReport(1, { note: 'Third time today' }),
        myReport(2, { target_type: 'photo', reason: 'inappropriate', status: 'reviewed', reviewed_at: '2030-05-02T09:00:00.000Z' }),
      ]);
    await openPrivacy();
    const items = await within(yourReports()).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('A message: Sam Reed');
    expect(items[0]).toHaveTextContent('Open: a moderator will look at it');
    expect(items[0]).toHaveTextContent(REPORT_REASON_LABELS.harassment);
    expect(items[0]).toHaveTextContent('“Third time today”');
    expect(items[1]).toHaveTextContent('A photo: Sam Reed');
    expect(items[1]).toHaveTextContent('Reviewed');
    expect(items[1]).toHaveTextContent(REPORT_REASON_LABELS.inappropriate);
    expect(items[1]).toHaveTextContent(/reviewed \w/);
  });

  it('shows older reports a page at a time', async () => {
    mine = (offset) => HttpResponse.json(offset === 0 ? Array.from({ length: MY_REPORTS_PAGE }, (_, i) => myReport(i)) : [myReport(MY_REPORTS_PAGE)]);
    await openPrivacy();
    expect(await within(yourReports()).findAllByRole('listitem')).toHaveLength(MY_REPORTS_PAGE);
    await userEvent.click(within(yourReports()).getByRole('button', { name: 'Show older reports' }));
    await waitFor(() => expect(within(yourReports()).getAllByRole('listitem')).toHaveLength(MY_REPORTS_PAGE + 1));
    expect(within(yourReports()).queryByRole('button', { name: 'Show older reports' })).not.toBeInTheDocument();
  });

  it('says so when the list does not load, and Try again loads it', async () => {
    mine = () => HttpResponse.json({ detail: 'Internal error' }, { status: 500 });
    await openPrivacy();
    expect(await within(yourReports()).findByText("We couldn't load your reports just now.")).toBeInTheDocument();
    mine = () => HttpResponse.json([myReport(1)]);
    await userEvent.click(within(yourReports()).getByRole('button', { name: 'Try again' }));
    expect(await within(yourReports()).findByText('A message: Sam Reed')).toBeInTheDocument();
  });

  it('reports someone from the blocked list (a block never stops a report): no offer to block, and the list shows it', async () => {
    const user = userEvent.setup();
    blockedPeople = [{ id: sam.id, name: 'Sam Reed', username: 'sam', blocked_at: '2030-05-01T18:00:00.000Z' }];
    const reports: MyReport[] = [];
    mine = () => HttpResponse.json(reports);
    await openPrivacy();
    const blockedList = await screen.findByRole('list', { name: 'Blocked people' });
    await user.click(within(blockedList).getByRole('button', { name: 'Report Sam Reed' }));
    const dialog = await sheet('Report Sam Reed');
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.uncomfortable }));
    reports.push(myReport(1, { target_type: 'user', target_id: sam.id, reason: 'uncomfortable' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(REPORT_THANKS)).toBeInTheDocument();
    expect(filed[0]!.body).toEqual({ target_type: 'user', target_id: sam.id, reason: 'uncomfortable', note: null });
    expect(within(dialog).queryByRole('button', { name: 'Block them too' })).not.toBeInTheDocument();
    expect(await within(yourReports()).findByText('A person: Sam Reed')).toBeInTheDocument();
  });
});

describe('The "reviewed" notification', () => {
  it('says in general words that a moderator reviewed the report, and opens nothing', async () => {
    const reviewed = sampleNotification(notificationWords(REPORT_REVIEWED.title, REPORT_REVIEWED.content));
    const t = await renderSignedIn({ notifications: async () => [reviewed] });
    act(() => t.actor.send({ type: 'view.opened', view: 'notifications' }));
    const item = await screen.findByRole('article', { name: new RegExp(REPORT_REVIEWED.title.message) });
    expect(item).toHaveTextContent(REPORT_REVIEWED.content.message);
    expect(within(item).getAllByRole('button').map((b) => b.textContent)).toEqual(['Mark Read']);
  });
});
