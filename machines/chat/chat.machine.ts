/**
 * chat (SPEC 2 "Chat view", SPEC 4 "Starting a chat"): the history with one person
 * (oldest first, older pages on demand), their ice breakers, the message draft, and
 * whether they take messages from the user now (issue 16; the view explains when not).
 * Sending hands the message to the outbox (chat-outbox.machine.ts), which keeps it
 * while offline; stored messages come back from the outbox or the live channel and are
 * merged by id, so nothing shows twice. SPEC 5: empty or whitespace-only text is not
 * sent (trimmed only for that check) and the input clears after a send.
 *
 * Block (issue 16) asks first, as on the person's card, then blocks. The chat then stays
 * on screen read-only: the messages remain, each still reportable, nothing more is written
 * or loaded (the server no longer shows the two to each other), and the root is told, so
 * the outbox sends them nothing.
 *
 * "I need a break" (issue 18 item 3) opens a sheet: a kind closing line and how long to
 * keep the chat quiet. Send posts it (not through the outbox: the person waits for it,
 * and a failure is said in the sheet, the choice kept); once sent the chat is muted and
 * the calm screen shows instead of the conversation. Whether the chat is muted, and until
 * when, is read as the chat opens; the mute ends on its own clock, or with Unmute.
 *
 * "I'm heading off" (issue 43 item 5) opens a sheet of warm closing lines; a tap sends one
 * and rests the chat for both people. Whether it rests is read as the chat opens and
 * follows `chat_rest` live (either side may rest or wake it); Wake ends it for both.
 */
import { assertEvent, assign, raise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ChatBreakAnswer, ChatMessage, ChatMute, ChatPartner } from '../../contract/social';
import { ApiError, detailOr } from '../api/client';
import { CLOSING_LINES, EXIT_WORDS, MUTE_LENGTHS } from '../../contract/exit-plan';
import { KIND_ENDING_WORDS } from '../../contract/kind-endings';
import type { ChatRest } from '../../contract/recap';
import { blockFailedMessage, displayName } from '../safety/block';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { logFailure } from '../log';
import { CHAT_PAGE, isSendable, mergeById } from './messages';
import { chatActors } from './chat.actors';
import { chatDraftKey, draftOf, keepDraft } from './drafts';
import type { ChatBlocked, ChatContext, ChatEvent, ChatInput, ChatQueued } from './chat.types';

export { CHAT_PAGE, chatLines, isSendable, mergeById, type ChatLine } from './messages';
export type { ChatBlocked, ChatContext, ChatEvent, ChatInput, ChatQueued } from './chat.types';

export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    input: {} as ChatInput,
    events: {} as ChatEvent,
  },
  actors: chatActors,
  delays: {
    // Until the mute ends on the device's clock (never less than nothing).
    muteLeft: ({ context }) => Math.max(0, Date.parse(context.mutedUntil ?? '') - Date.now() || 0),
  },
  guards: {
    hasText: ({ context }) => isSendable(context.draft),
    mayWrite: ({ event }) => (event as { output?: ChatPartner }).output?.can_message !== false,
    hasOlder: ({ context }) => context.hasOlder && context.messages.length > 0,
    isSessionGone,
    // The server no longer holds a mute (it ended meanwhile, or on another device): as good as unmuted.
    isNotMuted: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return error instanceof ApiError && error.status === 404;
    },
    isRestingNow: ({ event }) => (event as unknown as { output: ChatRest }).output.resting,
    // A chat_rest about this chat (the live channel carries all of the user's).
    restsHere: ({ context, event }) => {
      assertEvent(event, 'live.chat_rest');
      return event.user_id === context.partner.id && event.resting;
    },
    wakesHere: ({ context, event }) => {
      assertEvent(event, 'live.chat_rest');
      return event.user_id === context.partner.id && !event.resting;
    },
    isMuted: ({ context }) => context.mutedUntil !== null && Date.parse(context.mutedUntil) > Date.now(),
    isKnownIceBreaker: ({ context, event }) => {
      assertEvent(event, 'chat.iceBreakerChosen');
      return context.iceBreakers.some((b) => b.id === event.iceBreakerId);
    },
    // Only messages between these two belong here (the live channel carries all of the user's).
    isOurs: ({ context, event }) => {
      assertEvent(event, ['live.new_message', 'outbox.sent']);
      const m = event.message;
      const me = context.user.id;
      const other = context.partner.id;
      return (m.from_user === me && m.to_user === other) || (m.from_user === other && m.to_user === me);
    },
  },
  actions: {
    queueDraft: sendParent(({ context }): ChatQueued => ({
      type: 'outbox.queued',
      message: {
        to_user: context.partner.id,
        // Trimmed only to decide whether to send; what was typed is what is sent.
        message: context.draft,
        message_type: 'text',
        ice_breaker_id: null,
        event_id: context.eventId,
      },
    })),
    queueIceBreaker: sendParent(({ context, event }): ChatQueued => {
      assertEvent(event, 'chat.iceBreakerChosen');
      const b = context.iceBreakers.find((x) => x.id === event.iceBreakerId)!;
      return {
        type: 'outbox.queued',
        message: {
          to_user: context.partner.id,
          message: event.text,
          message_type: 'ice_breaker',
          ice_breaker_id: b.id,
          event_id: context.eventId,
        },
      };
    }),
    clearDraft: assign(({ context }) => {
      keepDraft(chatDraftKey(context.user.id, context.partner.id), '');
      return { draft: '' };
    }),
    // Kept per conversation, so leaving the chat and coming back finds it (drafts.ts).
    setDraft: assign(({ context, event }) => {
      assertEvent(event, 'chat.draftChanged');
      keepDraft(chatDraftKey(context.user.id, context.partner.id), event.draft);
      return { draft: event.draft };
    }),
    tellBlocked: sendParent(({ context }): ChatBlocked => ({ type: 'chat.blocked', userId: context.partner.id })),
    // As a card's failed block: said in the banner, and Block is offered again.
    reportBlockFailed: sendParent(({ context }) => ({ type: 'error.show' as const, message: blockFailedMessage(displayName(context.partner)) })),
    mergeOne: assign({
      messages: ({ context, event }) => {
        assertEvent(event, ['live.new_message', 'outbox.sent']);
        return mergeById(context.messages, [event.message]);
      },
    }),
    mergeLatest: assign(({ context }, params: { page: ChatMessage[] }) => ({
      messages: mergeById(context.messages, params.page),
      // Only the first page decides; later reloads keep what older pages found.
      hasOlder: context.messages.length === 0 ? params.page.length >= CHAT_PAGE : context.hasOlder,
    })),
    mergeOlder: assign(({ context }, params: { page: ChatMessage[] }) => ({
      messages: mergeById(context.messages, params.page),
      hasOlder: params.page.length >= CHAT_PAGE,
    })),
    reportSessionGone: reportSessionGone(),
    takeMutes: assign({
      mutedUntil: ({ context, event }) =>
        (event as unknown as { output: ChatMute[] }).output.find((m) => m.user_id === context.partner.id)?.until ?? null,
    }),
    takeSent: assign(({ context, event }) => {
      const { message, muted_until } = (event as unknown as { output: ChatBreakAnswer }).output;
      return { messages: mergeById(context.messages, [message]), sentLine: message.message, mutedUntil: muted_until, exitError: null };
    }),
    // The server's own kind words (not allowed to write now, too fast), else a calm general line.
    sayExitFailed: assign({ exitError: ({ event }) => detailOr((event as { error?: unknown }).error, EXIT_WORDS.sendFailed) }),
    sayUnmuteFailed: assign({ exitError: EXIT_WORDS.unmuteFailed }),
    clearExitError: assign({ exitError: null }),
    forgetMute: assign({ mutedUntil: null }),
    takeRest: assign({ rest: ({ event }) => {
      const r = (event as unknown as { output: ChatRest }).output;
      return { resting: r.resting, byMe: r.by_me };
    } }),
    takeHeadedOff: assign(({ context, event }) => {
      const { message, rest } = (event as unknown as { output: { message: ChatMessage; rest: ChatRest } }).output;
      return { messages: mergeById(context.messages, [message]), rest: { resting: rest.resting, byMe: rest.by_me }, restError: null };
    }),
    takeLiveRest: assign({ rest: ({ event }) => {
      assertEvent(event, 'live.chat_rest');
      return { resting: event.resting, byMe: event.resting ? event.by_me : null };
    } }),
    forgetRest: assign({ rest: { resting: false, byMe: null } }),
    sayRestFailed: assign({ restError: ({ event }) => detailOr((event as { error?: unknown }).error, KIND_ENDING_WORDS.failed) }),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({
    ...input,
    messages: [],
    iceBreakers: [],
    draft: draftOf(chatDraftKey(input.user.id, input.partner.id)),
    hasOlder: false,
    exitChoice: { lineId: CLOSING_LINES[0].id, minutes: MUTE_LENGTHS[1].minutes },
    exitError: null,
    sentLine: null,
    mutedUntil: null,
    rest: { resting: false, byMe: null },
    restLine: null,
    restError: null,
  }),
  // A message sent before a block may still be answered: it was stored, so it shows.
  on: {
    'live.new_message': { guard: 'isOurs', actions: 'mergeOne' },
    'outbox.sent': { guard: 'isOurs', actions: 'mergeOne' },
  },
  initial: 'open',
  states: {
    open: {
      on: {
        'chat.draftChanged': { actions: 'setDraft' },
        'chat.submitted': { guard: 'hasText', actions: ['queueDraft', 'clearDraft'] },
        'chat.iceBreakerChosen': { guard: 'isKnownIceBreaker', actions: 'queueIceBreaker' },
      },
      type: 'parallel',
      states: {
        history: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadHistory',
                input: ({ context }) => ({ userId: context.user.id, otherId: context.partner.id }),
                onDone: { target: 'ready', actions: { type: 'mergeLatest', params: ({ event }) => ({ page: event.output }) } },
                onError: [
                  { guard: 'isSessionGone', target: 'failed', actions: 'reportSessionGone' },
                  // SPEC 8: a chat failure is only logged; the view offers to try again.
                  { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load chat history', error: event.error }) } },
                ],
              },
            },
            ready: {
              on: {
                'chat.olderRequested': { guard: 'hasOlder', target: 'loadingOlder' },
                'chat.reloaded': 'loading',
                'live.reconnected': 'loading',
              },
            },
            loadingOlder: {
              invoke: {
                src: 'loadHistory',
                input: ({ context }) => ({ userId: context.user.id, otherId: context.partner.id, before: context.messages[0]!.id }),
                onDone: { target: 'ready', actions: { type: 'mergeOlder', params: ({ event }) => ({ page: event.output }) } },
                onError: {
                  target: 'ready',
                  actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load older messages', error: event.error }) },
                },
              },
            },
            failed: { on: { 'chat.reloaded': 'loading', 'live.reconnected': 'loading' } },
          },
        },
        // Whether a message would be taken now (issue 16: a stranger may write only while both attend an event).
        permission: {
          initial: 'checking',
          states: {
            // The input is offered meanwhile: most chats are open, and a refused send is kept and explained.
            checking: {
              invoke: {
                src: 'loadPartner',
                input: ({ context }) => ({ userId: context.user.id, otherId: context.partner.id }),
                onDone: [{ guard: 'mayWrite', target: 'open' }, { target: 'closed' }],
                // Not known: the input stays, and the server decides as a message is sent.
                onError: {
                  target: 'open',
                  actions: { type: 'logFailure', params: ({ event }) => ({ what: 'check whether the chat is open', error: event.error }) },
                },
              },
            },
            open: {},
            closed: {},
          },
        },
        iceBreakers: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadIceBreakers',
                input: ({ context }) => ({ userId: context.user.id, otherId: context.partner.id, eventId: context.eventId }),
                onDone: { target: 'ready', actions: assign({ iceBreakers: ({ event }) => event.output }) },
                onError: {
                  target: 'ready',
                  actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load ice breakers', error: event.error }) },
                },
              },
            },
            ready: {},
          },
        },
        // "I need a break" (issue 18): the sheet, sending the closing line, and the calm screen after it.
        exit: {
          initial: 'idle',
          states: {
            idle: { on: { 'exit.opened': { target: 'choosing', actions: 'clearExitError' } } },
            choosing: {
              on: {
                'exit.lineChosen': { actions: assign({ exitChoice: ({ context, event }) => ({ ...context.exitChoice, lineId: event.lineId }) }) },
                'exit.lengthChosen': { actions: assign({ exitChoice: ({ context, event }) => ({ ...context.exitChoice, minutes: event.minutes }) }) },
                'exit.submitted': 'sending',
                'exit.cancelled': 'idle',
              },
            },
            sending: {
              invoke: {
                src: 'takeBreak',
                input: ({ context }) => ({
                  userId: context.user.id,
                  otherId: context.partner.id,
                  lineId: context.exitChoice.lineId,
                  minutes: context.exitChoice.minutes,
                  eventId: context.eventId,
                }),
                onDone: { target: 'calm', actions: ['takeSent', raise({ type: 'mute.started' })] },
                onError: [
                  { guard: 'isSessionGone', target: 'choosing', actions: 'reportSessionGone' },
                  // Said in the sheet; the choice stays, so Send tries again.
                  {
                    target: 'choosing',
                    actions: ['sayExitFailed', { type: 'logFailure', params: ({ event }) => ({ what: 'take a break from a chat', error: event.error }) }],
                  },
                ],
              },
            },
            // Instead of the conversation: "Take your time". Back to the chat leaves it.
            calm: { on: { 'exit.calmClosed': 'idle' } },
          },
        },
        // Whether the chat is muted for the user, until when; Unmute ends it, and so does its own clock.
        mute: {
          initial: 'loading',
          // After a reconnect it is read again: it may have been ended on another device meanwhile.
          on: { 'mute.started': '.muted', 'live.reconnected': '.loading' },
          states: {
            loading: {
              invoke: {
                src: 'loadMutes',
                input: ({ context }) => ({ userId: context.user.id }),
                onDone: [{ actions: 'takeMutes', target: 'checking' }],
                // Not known: the chat shows no note; messages come as the server decides.
                onError: { target: 'none', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load muted chats', error: event.error }) } },
              },
            },
            checking: { always: [{ guard: 'isMuted', target: 'muted' }, { target: 'none', actions: 'forgetMute' }] },
            none: {},
            muted: {
              after: { muteLeft: { target: 'none', actions: 'forgetMute' } },
              on: { 'exit.unmuteRequested': { target: 'unmuting', actions: 'clearExitError' } },
            },
            unmuting: {
              invoke: {
                src: 'unmute',
                input: ({ context }) => ({ userId: context.user.id, otherId: context.partner.id }),
                onDone: { target: 'none', actions: 'forgetMute' },
                onError: [
                  { guard: 'isNotMuted', target: 'none', actions: 'forgetMute' },
                  { guard: 'isSessionGone', target: 'muted', actions: 'reportSessionGone' },
                  {
                    target: 'muted',
                    actions: ['sayUnmuteFailed', { type: 'logFailure', params: ({ event }) => ({ what: 'unmute a chat', error: event.error }) }],
                  },
                ],
              },
            },
          },
        },
        // "I'm heading off" (issue 43 item 5): the sheet, sending a line, and the chat resting for both.
        rest: {
          initial: 'loading',
          on: { 'live.reconnected': '.loading' },
          states: {
            loading: {
              invoke: {
                src: 'loadRest',
                input: ({ context }) => ({ userId: context.user.id, otherId: context.partner.id }),
                onDone: [{ guard: 'isRestingNow', target: 'resting', actions: 'takeRest' }, { target: 'awake', actions: 'forgetRest' }],
                onError: { target: 'awake', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'read whether a chat rests', error: event.error }) } },
              },
            },
            awake: {
              on: {
                'rest.opened': { target: 'choosing', actions: assign({ restError: null }) },
                'live.chat_rest': { guard: 'restsHere', target: 'resting', actions: 'takeLiveRest' },
              },
            },
            choosing: {
              on: {
                // One tap sends the line.
                'rest.lineChosen': { target: 'sending', actions: assign({ restLine: ({ event }) => ({ lineId: event.lineId, language: event.language }) }) },
                'rest.cancelled': 'awake',
                'live.chat_rest': { guard: 'restsHere', target: 'resting', actions: 'takeLiveRest' },
              },
            },
            sending: {
              invoke: {
                src: 'headOff',
                input: ({ context }) => ({
                  userId: context.user.id,
                  otherId: context.partner.id,
                  lineId: context.restLine!.lineId,
                  language: context.restLine!.language,
                  eventId: context.eventId,
                }),
                onDone: { target: 'resting', actions: 'takeHeadedOff' },
                onError: [
                  { guard: 'isSessionGone', target: 'choosing', actions: 'reportSessionGone' },
                  { target: 'choosing', actions: ['sayRestFailed', { type: 'logFailure', params: ({ event }) => ({ what: 'head off from a chat', error: event.error }) }] },
                ],
              },
            },
            resting: {
              on: {
                'rest.wakeRequested': { target: 'waking', actions: assign({ restError: null }) },
                'live.chat_rest': [{ guard: 'wakesHere', target: 'awake', actions: 'takeLiveRest' }, { guard: 'restsHere', actions: 'takeLiveRest' }],
              },
            },
            waking: {
              invoke: {
                src: 'wakeChat',
                input: ({ context }) => ({ userId: context.user.id, otherId: context.partner.id }),
                onDone: { target: 'awake', actions: 'forgetRest' },
                onError: [
                  // Woken already (by the other person): as good as done.
                  { guard: 'isNotMuted', target: 'awake', actions: 'forgetRest' },
                  { guard: 'isSessionGone', target: 'resting', actions: 'reportSessionGone' },
                  { target: 'resting', actions: ['sayRestFailed', { type: 'logFailure', params: ({ event }) => ({ what: 'wake a chat', error: event.error }) }] },
                ],
              },
            },
          },
        },
        // Block asks first, as on the person's card (user-card.machine.ts), then blocks.
        block: {
          initial: 'idle',
          states: {
            idle: { on: { 'chat.blockRequested': 'confirming' } },
            confirming: { on: { 'chat.blockConfirmed': 'blocking', 'chat.blockCancelled': 'idle' } },
            blocking: {
              invoke: {
                src: 'blockUser',
                input: ({ context }) => ({ userId: context.user.id, blockedId: context.partner.id }),
                onDone: '#chat.blocked',
                onError: [
                  { guard: 'isSessionGone', target: 'idle', actions: 'reportSessionGone' },
                  {
                    target: 'idle',
                    actions: ['reportBlockFailed', { type: 'logFailure', params: ({ event }) => ({ what: 'block from a chat', error: event.error }) }],
                  },
                ],
              },
            },
          },
        },
      },
    },
    // Read-only (issue 16): the messages stay with their Report buttons; nothing is written, sent or loaded.
    blocked: { entry: ['clearDraft', 'tellBlocked'] },
  },
});

export type ChatActorRef = ActorRefFrom<typeof chatMachine>;
export type ChatSnapshot = SnapshotFrom<typeof chatMachine>;

/** The chat partner takes no messages from the user now: the view explains instead of offering the input. */
export const selectWriteClosed = (s: ChatSnapshot): boolean => s.matches({ open: { permission: 'closed' } });

/** Once blocked, what was loaded stays as it is ('ready'): nothing more loads. */
export const selectHistoryStatus = (s: ChatSnapshot): 'loading' | 'failed' | 'ready' | 'loadingOlder' =>
  s.matches({ open: { history: 'loading' } }) && s.context.messages.length === 0
    ? 'loading'
    : s.matches({ open: { history: 'failed' } })
      ? 'failed'
      : s.matches({ open: { history: 'loadingOlder' } })
        ? 'loadingOlder'
        : 'ready';

/** Older messages may be loaded: the first page was full, and the person is not blocked. */
export const selectHasOlder = (s: ChatSnapshot): boolean => s.matches('open') && s.context.hasOlder;

/** Where "I need a break" stands: not open, the sheet (choosing or sending), or the calm screen after it. */
export const selectExitStep = (s: ChatSnapshot): 'idle' | 'choosing' | 'sending' | 'calm' =>
  s.matches({ open: { exit: 'choosing' } })
    ? 'choosing'
    : s.matches({ open: { exit: 'sending' } })
      ? 'sending'
      : s.matches({ open: { exit: 'calm' } })
        ? 'calm'
        : 'idle';

/** Until when the chat is muted for the user (ISO), while it is; null otherwise. */
export const selectMutedUntil = (s: ChatSnapshot): string | null =>
  s.matches({ open: { mute: 'muted' } }) || s.matches({ open: { mute: 'unmuting' } }) ? s.context.mutedUntil : null;

/** Unmute is on its way. */
export const selectUnmuting = (s: ChatSnapshot): boolean => s.matches({ open: { mute: 'unmuting' } });

export type ChatBlockStep = 'idle' | 'confirming' | 'blocking' | 'blocked';

/** Where Block in the chat's header stands: offered, asking, on its way, or done (the chat is read-only). */
export const selectBlockStep = (s: ChatSnapshot): ChatBlockStep =>
  s.matches('blocked')
    ? 'blocked'
    : s.matches({ open: { block: 'confirming' } })
      ? 'confirming'
      : s.matches({ open: { block: 'blocking' } })
        ? 'blocking'
        : 'idle';


/** Where "I'm heading off" stands: nothing, the sheet (choosing or sending), resting for both, or waking. */
export const selectRestStep = (s: ChatSnapshot): 'awake' | 'choosing' | 'sending' | 'resting' | 'waking' =>
  s.matches({ open: { rest: 'choosing' } })
    ? 'choosing'
    : s.matches({ open: { rest: 'sending' } })
      ? 'sending'
      : s.matches({ open: { rest: 'resting' } })
        ? 'resting'
        : s.matches({ open: { rest: 'waking' } })
          ? 'waking'
          : 'awake';
