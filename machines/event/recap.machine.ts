/**
 * recap (issue 43 item 4): an ended event's recap in the event view. Closed, it is an
 * offer ("See who you met"); opened, it reads GET /events/{id}/recap and lists the people
 * with how the two met, the person's own private note on each (edited one at a time and
 * saved with PUT .../recap/notes/{userId}), and their contact cards as one vCard file:
 * shared through the system's share sheet where the browser can share files, else shared
 * as text where it can share at all, else downloaded.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Recap, RecapPerson } from '../../contract/recap';
import type { Said } from '../../contract/said';
import { detailOr } from '../api/client';
import { recapApi, recapCardsUrl } from '../api/recap';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { logFailure } from '../log';

export const RECAP_WORDS = {
  noteFailed: /*i18n*/ { id: 'recap.noteFailed', message: "Your note couldn't be saved just now. Please try again." },
  cardsFailed: /*i18n*/ { id: 'recap.cardsFailed', message: "The contact cards couldn't be fetched just now. Please try again." },
} as const;

export interface RecapInput {
  userId: string;
  eventId: string;
  eventName: string;
}

interface RecapContext extends RecapInput {
  people: RecapPerson[];
  /** The note being written: whose (their id as the recap names them) and its draft. */
  editing: { personId: string; draft: string } | null;
  noteError: Said | null;
  /** How the cards went last: shared, downloaded, or nothing yet. */
  cardsOutcome: 'shared' | 'downloaded' | null;
  cardsError: Said | null;
}

type RecapEvent =
  | { type: 'recap.opened' }
  | { type: 'recap.closed' }
  | { type: 'recap.retried' }
  | { type: 'note.edited'; personId: string }
  | { type: 'note.changed'; draft: string }
  | { type: 'note.saved' }
  | { type: 'note.cancelled' }
  | { type: 'cards.requested' };

/**
 * The vCard file, shared or downloaded. Web Share takes a file where the browser can
 * (phones), else text; a person who closes the share sheet has not failed.
 */
export async function shareCards(input: { userId: string; eventId: string; eventName: string }): Promise<'shared' | 'downloaded'> {
  const res = await fetch(recapCardsUrl(input.userId, input.eventId), { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`recap.vcf answered ${res.status}`);
  const text = await res.text();
  const name = 'recap.vcf';
  const nav = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { canShare?: (d: ShareData) => boolean });
  if (nav?.share) {
    const file = typeof File === 'undefined' ? null : new File([text], name, { type: 'text/vcard' });
    const data: ShareData = file && nav.canShare?.({ files: [file] }) ? { files: [file], title: input.eventName } : { text, title: input.eventName };
    try {
      await nav.share(data);
      return 'shared';
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'shared';
      // Not allowed here (no user gesture left, a desktop without a share target): download instead.
    }
  }
  const url = URL.createObjectURL(new Blob([text], { type: 'text/vcard' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'downloaded';
}

export const recapMachine = setup({
  types: { context: {} as RecapContext, input: {} as RecapInput, events: {} as RecapEvent },
  actors: {
    loadRecap: fromPromise<Recap, RecapInput>(({ input }) => recapApi.recap(input.userId, input.eventId)),
    saveNote: fromPromise<{ note: string | null }, { userId: string; eventId: string; personId: string; note: string }>(({ input }) =>
      recapApi.saveNote(input.userId, input.eventId, input.personId, input.note),
    ),
    shareCards: fromPromise<'shared' | 'downloaded', RecapInput>(({ input }) => shareCards(input)),
  },
  guards: { isSessionGone },
  actions: {
    reportSessionGone: reportSessionGone(),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'recap',
  context: ({ input }) => ({ ...input, people: [], editing: null, noteError: null, cardsOutcome: null, cardsError: null }),
  initial: 'closed',
  states: {
    closed: { on: { 'recap.opened': 'open' } },
    open: {
      on: { 'recap.closed': { target: 'closed', actions: assign({ editing: null }) } },
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadRecap',
            input: ({ context }) => ({ userId: context.userId, eventId: context.eventId, eventName: context.eventName }),
            onDone: { target: 'ready', actions: assign({ people: ({ event }) => event.output.people }) },
            onError: [
              { guard: 'isSessionGone', target: 'failed', actions: 'reportSessionGone' },
              { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load the recap', error: event.error }) } },
            ],
          },
        },
        failed: { on: { 'recap.retried': 'loading' } },
        ready: {
          type: 'parallel',
          states: {
            note: {
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    'note.edited': {
                      target: 'editing',
                      actions: assign(({ context, event }) => ({
                        editing: { personId: event.personId, draft: context.people.find((p) => p.user.id === event.personId)?.note ?? '' },
                        noteError: null,
                      })),
                    },
                  },
                },
                editing: {
                  on: {
                    'note.changed': { actions: assign({ editing: ({ context, event }) => context.editing && { ...context.editing, draft: event.draft } }) },
                    'note.saved': 'saving',
                    'note.cancelled': { target: 'idle', actions: assign({ editing: null, noteError: null }) },
                  },
                },
                saving: {
                  invoke: {
                    src: 'saveNote',
                    input: ({ context }) => ({ userId: context.userId, eventId: context.eventId, personId: context.editing!.personId, note: context.editing!.draft }),
                    onDone: {
                      target: 'idle',
                      actions: assign(({ context, event }) => ({
                        people: context.people.map((p) => (p.user.id === context.editing?.personId ? { ...p, note: event.output.note } : p)),
                        editing: null,
                        noteError: null,
                      })),
                    },
                    onError: [
                      { guard: 'isSessionGone', target: 'editing', actions: 'reportSessionGone' },
                      {
                        target: 'editing',
                        actions: [
                          assign({ noteError: ({ event }) => detailOr(event.error, RECAP_WORDS.noteFailed) }),
                          { type: 'logFailure', params: ({ event }) => ({ what: 'save a recap note', error: event.error }) },
                        ],
                      },
                    ],
                  },
                },
              },
            },
            cards: {
              initial: 'idle',
              states: {
                idle: { on: { 'cards.requested': { target: 'sharing', actions: assign({ cardsError: null, cardsOutcome: null }) } } },
                sharing: {
                  invoke: {
                    src: 'shareCards',
                    input: ({ context }) => ({ userId: context.userId, eventId: context.eventId, eventName: context.eventName }),
                    onDone: { target: 'idle', actions: assign({ cardsOutcome: ({ event }) => event.output }) },
                    onError: {
                      target: 'idle',
                      actions: [
                        assign({ cardsError: RECAP_WORDS.cardsFailed }),
                        { type: 'logFailure', params: ({ event }) => ({ what: 'share the recap cards', error: event.error }) },
                      ],
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type RecapActorRef = ActorRefFrom<typeof recapMachine>;
export type RecapSnapshot = SnapshotFrom<typeof recapMachine>;

export const selectRecapStep = (s: RecapSnapshot): 'closed' | 'loading' | 'failed' | 'ready' =>
  s.matches('closed') ? 'closed' : s.matches({ open: 'loading' }) ? 'loading' : s.matches({ open: 'failed' }) ? 'failed' : 'ready';
export const selectNoteSaving = (s: RecapSnapshot): boolean => s.matches({ open: { ready: { note: 'saving' } } });
export const selectSharing = (s: RecapSnapshot): boolean => s.matches({ open: { ready: { cards: 'sharing' } } });
/** Whether anyone of the recap shared details the vCard file holds. */
export const selectHasCards = (s: RecapSnapshot): boolean => s.context.people.some((p) => p.has_card);
