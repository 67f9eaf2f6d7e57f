/**
 * "I need a break" in a chat (issue 18 item 3) on the real app, the network answered by
 * msw: the sheet (every closing line in full, a length), the calm screen after it, Unmute
 * now and Back to chats, a refusal said in the sheet with the choice kept, and a muted
 * chat's "Quiet until …" note in its header.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { CLOSING_LINES, EXIT_WORDS as EXIT_WORDS_SAID, MUTE_LENGTHS as MUTE_LENGTHS_SAID } from '../../contract/exit-plan';
import { ChatBreakAnswerSchema, ChatBreakBodySchema, ChatMuteSchema, type ChatBreakBody, type ChatMute } from '../../contract/social';
import { appMachine } from '../../machines/app.machine';
import { breakUntil } from '../../src/components/format';
import { answer, quietServer, renderModelApp, signIn } from '../model/app';
import { ada, sam, storedMessage } from '../model/fixtures';
import { english } from '../../contract/said';

const EXIT_WORDS = english(EXIT_WORDS_SAID);
const MUTE_LENGTHS = english(MUTE_LENGTHS_SAID);

const MINUTE = 60_000;
let breaks: ChatBreakBody[] = [];
let unmutes: string[] = [];
let mutes: ChatMute[] = [];
let refusal: { status: number; detail: string } | null = null;

quietServer(() => [
  http.get('*/api/chat/mutes', () => answer(ChatMuteSchema.array(), mutes)),
  http.post('*/api/chat/break', async ({ request }) => {
    const body = ChatBreakBodySchema.parse(await request.json());
    breaks.push(body);
    if (refusal) return HttpResponse.json({ detail: refusal.detail }, { status: refusal.status });
    const until = new Date(Date.now() + body.mute_minutes * MINUTE).toISOString();
    mutes = [{ user_id: body.to_user, until }];
    return answer(ChatBreakAnswerSchema, {
      message: storedMessage({ from_user: ada.id, to_user: sam.id, message: CLOSING_LINES.find((l) => l.id === body.line_id)!.text }),
      muted_until: until,
    });
  }),
  http.delete('*/api/chat/:otherUserId/mute', ({ params }) => {
    unmutes.push(String(params.otherUserId));
    mutes = [];
    return HttpResponse.json({ success: true });
  }),
]);

afterEach(() => {
  breaks = [];
  unmutes = [];
  mutes = [];
  refusal = null;
});

async function chatWithSam() {
  const app = renderModelApp(appMachine, () => {});
  await signIn(app.actor);
  await screen.findByRole('heading', { name: 'Events' });
  act(() => app.actor.send({ type: 'chat.opened', partner: sam }));
  await screen.findByRole('form', { name: `Message ${sam.name}` });
  return app;
}

const breakButton = () => screen.findByRole('button', { name: EXIT_WORDS.button });

describe('"I need a break"', () => {
  it('sends the chosen kind line, mutes for the chosen time, and lands on the calm screen; Unmute now, then Back to chats', async () => {
    // Noon, so half an hour on is the same day ("until 12:30", not "until tomorrow, …").
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 24, 12, 0));
    onTestFinished(() => void vi.useRealTimers());
    const user = userEvent.setup();
    await chatWithSam();
    await user.click(await breakButton());
    const sheet = await screen.findByRole('dialog', { name: EXIT_WORDS.sheetTitle });
    // Every line in full, as it will be sent; the first and an hour are chosen to begin with.
    for (const line of CLOSING_LINES) expect(within(sheet).getByRole('radio', { name: line.text })).toBeInTheDocument();
    expect(within(sheet).getByRole('radio', { name: CLOSING_LINES[0].text })).toBeChecked();
    expect(within(sheet).getByRole('radio', { name: 'For 1 hour' })).toBeChecked();
    for (const length of MUTE_LENGTHS) expect(within(sheet).getByRole('radio', { name: length.label })).toBeInTheDocument();

    const line = CLOSING_LINES[2];
    await user.click(within(sheet).getByRole('radio', { name: line.text }));
    await user.click(within(sheet).getByRole('radio', { name: 'For 30 minutes' }));
    await user.click(within(sheet).getByRole('button', { name: EXIT_WORDS.submit }));

    const heading = await screen.findByRole('heading', { name: EXIT_WORDS.calmHeading, level: 1 });
    expect(heading).toHaveFocus();
    expect(breaks).toEqual([{ to_user: sam.id, line_id: line.id, mute_minutes: 30, event_id: null }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText(line.text)).toBeInTheDocument();
    const quiet = screen.getByText(/^This chat is quiet until/);
    expect(quiet).toHaveTextContent(`This chat is quiet ${breakUntil(mutes[0]!.until)}.`);
    expect(quiet).toHaveTextContent(/until \d{2}:\d{2}/);

    await user.click(screen.getByRole('button', { name: EXIT_WORDS.unmute }));
    expect(await screen.findByText(EXIT_WORDS.unmuted)).toBeInTheDocument();
    expect(unmutes).toEqual([sam.id]);
    await user.click(screen.getByRole('button', { name: EXIT_WORDS.backToChats }));
    expect(await screen.findByRole('heading', { name: 'Chats' })).toBeInTheDocument();
  });

  it("says a refusal in the sheet in the server's words and keeps the choice; Cancel closes it, nothing muted", async () => {
    refusal = { status: 429, detail: 'Messages are coming too fast. Take a breath and try again in a moment.' };
    const user = userEvent.setup();
    await chatWithSam();
    await user.click(await breakButton());
    const sheet = await screen.findByRole('dialog', { name: EXIT_WORDS.sheetTitle });
    await user.click(within(sheet).getByRole('radio', { name: CLOSING_LINES[3].text }));
    await user.click(within(sheet).getByRole('button', { name: EXIT_WORDS.submit }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent(refusal.detail);
    expect(within(sheet).getByRole('radio', { name: CLOSING_LINES[3].text })).toBeChecked();
    expect(screen.queryByRole('heading', { name: EXIT_WORDS.calmHeading })).not.toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Quiet until/)).not.toBeInTheDocument();
  });

  it('a muted chat says "Quiet until …" in its header, and Unmute ends it', async () => {
    mutes = [{ user_id: sam.id, until: new Date(Date.now() + 45 * MINUTE).toISOString() }];
    const user = userEvent.setup();
    await chatWithSam();
    const note = await screen.findByText(`Quiet ${breakUntil(mutes[0]!.until)}`);
    await user.click(within(note.parentElement!).getByRole('button', { name: 'Unmute' }));
    await waitFor(() => expect(screen.queryByText(/^Quiet until/)).not.toBeInTheDocument());
    expect(unmutes).toEqual([sam.id]);
  });
});
