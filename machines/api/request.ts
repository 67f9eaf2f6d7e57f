/**
 * The client's own pieces: how a call reaches the server, how a refusal reads, and the
 * few calls the root chart makes itself (`rootApi`). Apart from client.ts so the entry
 * script carries these and not every call of `api`, which the charts' chunks bring.
 */
import type { SessionAnswer } from '../../contract/account';
import type { BanNotice } from '../../contract/common';
import type { PrivacySettings } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import type { ChatPartner } from '../../contract/social';
import { isSaid, type Said, type SaidValue, type SaidValues } from '../../contract/said';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    /** A banned account's 403 says why and until when. */
    readonly ban: BanNotice | null = null,
    /** The detail's message id and its values (issue 38), by which another language says it. */
    readonly code: string | null = null,
    readonly params: SaidValues = {},
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

/** The error the server's refusal saying `said` becomes. */
export const refusedWith = (status: number, said: Said): ApiError => new ApiError(status, said.message, null, said.id, said.values ?? {});

/** What the server said, as a sentence for a person: its detail, with its code. */
export const saidBy = (err: unknown): Said | null =>
  err instanceof ApiError && err.detail
    ? { id: err.code ?? '', message: err.detail, ...(Object.keys(err.params).length ? { values: err.params } : {}) }
    : null;

/** The server's detail when it gave one, else the SPEC 8 fallback. */
export const detailOr = (err: unknown, fallback: Said): Said => saidBy(err) ?? fallback;

/** The account is banned: the answer says why (login, or a session the ban ended). */
export const banOf = (err: unknown): BanNotice | null => (err instanceof ApiError ? err.ban : null);

/** The session is gone: none (401), or ended by a ban (403 with the ban). */
export const isUnauthorized = (err: unknown): boolean =>
  err instanceof ApiError && (err.status === 401 || (err.status === 403 && err.ban !== null));

/**
 * What a chart tells the root when a call finds the session gone; a ban comes with its
 * reason, so the person is told why rather than "User not logged in".
 */
export type SessionExpired = { type: 'session.expired'; ban?: BanNotice };
export const sessionExpiredBy = (event: object): SessionExpired => {
  const ban = banOf(errorOf(event));
  return ban ? { type: 'session.expired', ban } : { type: 'session.expired' };
};

/**
 * The error a failed call's event carries. The charts' guards and actions see their own
 * event union, which does not name xstate's error events, so this reads it without a cast.
 */
export const errorOf = (event: object): unknown => ('error' in event ? event.error : undefined);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The `params` of an error answer: its words and numbers. */
function paramsIn(params: unknown): SaidValues {
  if (!isRecord(params)) return {};
  const value = (v: unknown): SaidValue | null =>
    typeof v === 'string' || typeof v === 'number' ? v : isSaid(v) ? { id: v.id, message: v.message, values: paramsIn(v.values) } : null;
  return Object.fromEntries(Object.entries(params).flatMap(([k, v]) => (value(v) === null ? [] : [[k, value(v)!]])));
}

/** The `ban` of an error answer, when it has the contract's shape. */
function banIn(data: unknown): BanNotice | null {
  const ban = isRecord(data) ? data.ban : null;
  if (!isRecord(ban)) return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return { reason: text(ban.reason), until: text(ban.until), contact: text(ban.contact) };
}

/**
 * A failure worth trying again later: no answer at all (offline, the server unreachable),
 * a timeout, too many requests, or the server's own trouble. Any other 4xx is final.
 */
export const isRetryable = (err: unknown): boolean =>
  !(err instanceof ApiError) || err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500;

/** A page of history: `before` (a message id) asks for older messages. */
export const enc = encodeURIComponent;

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

export type Fetch = typeof fetch;

/** The page's own fetch: every call's, unless a test gives its own. */
export const pageFetch: Fetch = (...a) => fetch(...a);

/** How long an answer asked ahead waits for the call it was asked for. */
export const AHEAD_MS = 10_000;

/** Answers asked ahead (askAhead) by address, each for the next call there; one never taken lapses. */
const ahead = new Map<string, [at: number, answer: Promise<unknown>]>();
let askingAhead = false;

/**
 * Makes the reads in `calls` now, for a chart that will make the same reads in a moment:
 * the next GET of each address (within AHEAD_MS) takes this answer instead of asking again,
 * and the one after it asks anew. Opening the app at an event's address asks its lists
 * while the event itself loads, one round trip sooner on a slow network (issue 44 item 1).
 * Returns what `calls` returns: a caller may use an answer itself and share it too.
 */
export function askAhead<T>(calls: () => T): T {
  askingAhead = true;
  try {
    return calls();
  } finally {
    askingAhead = false;
  }
}

/** The one way every call reaches the server: JSON in and out, a refusal thrown as an ApiError. */
export function createRequest(base = '/api', fetchImpl: Fetch = pageFetch) {
  return function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
    const url = `${base}${path}${qs.size ? `?${qs}` : ''}`;
    if (method === 'GET' && !opts.signal) {
      const early = ahead.get(url);
      ahead.delete(url);
      if (askingAhead) {
        const answer = send<T>(url, method, opts);
        // Its refusal is for the call that takes it; until then, no one's.
        answer.catch(() => {});
        ahead.set(url, [Date.now(), answer]);
        return answer;
      }
      if (early && Date.now() - early[0] < AHEAD_MS) return early[1] as Promise<T>;
    }
    return send<T>(url, method, opts);
  };

  async function send<T>(url: string, method: string, opts: RequestOptions): Promise<T> {
    const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
    if (opts.signal) init.signal = opts.signal;
    if (opts.body !== undefined) {
      init.body = JSON.stringify(opts.body);
      init.headers = { ...init.headers, 'content-type': 'application/json' };
    }
    let res: Response;
    try {
      res = await fetchImpl(url, init);
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') throw err;
      throw new ApiError(0, null);
    }
    const text = await res.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!res.ok) {
      const answer = isRecord(data) ? data : {};
      const detail = 'detail' in answer ? String(answer.detail) : null;
      const code = typeof answer.code === 'string' ? answer.code : null;
      throw new ApiError(res.status, detail, banIn(data), code, paramsIn(answer.params));
    }
    return data as T;
  }
}

export type Request = ReturnType<typeof createRequest>;

/**
 * The calls the root chart makes itself, apart so the entry script carries only these
 * (`rootApi`); `api` has them too, with every other call, in the charts' chunks.
 */
export function rootCalls(request: Request) {
  return {
    /** The app's probe when it opens: the session's user, or null (200 either way, so no console error). */
    sessionUser: () => request<SessionAnswer>('GET', '/auth/session').then((a) => a.user),
    checkAdminGate: (slug: string) => request<{ ok: true }>('GET', `/admin/secure-access/${encodeURIComponent(slug)}`),
    getEvent: (userId: string, eventId: string) => request<Event>('GET', `/events/${enc(eventId)}`, { query: { user_id: userId } }),
    getPrivacy: (userId: string) => request<PrivacySettings>('GET', '/users/privacy', { query: { user_id: userId } }),
    // The other person of a chat as the user may see them, for opening a chat from its address (extension).
    chatPartner: (userId: string, otherUserId: string) =>
      request<ChatPartner>('GET', `/chat/${enc(otherUserId)}/partner`, { query: { user_id: userId } }),
  };
}

export const rootApi = rootCalls(createRequest());
