/**
 * The typed API client the machines invoke. Answer types come from the contract as
 * types only, so zod never ships to the browser; the server checks every shape.
 */
import type { LoginAnswer, RegisterBody, ProfileBody } from '../../contract/account';
import type { User } from '../../contract/common';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

/** The server's detail when it gave one, else the SPEC 8 fallback. */
export const detailOr = (err: unknown, fallback: string): string =>
  err instanceof ApiError && err.detail ? err.detail : fallback;

export const isUnauthorized = (err: unknown): boolean => err instanceof ApiError && err.status === 401;

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

export type Fetch = typeof fetch;

export function createApi(base = '/api', fetchImpl: Fetch = (...a) => fetch(...a)) {
  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
    const url = `${base}${path}${qs.size ? `?${qs}` : ''}`;
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
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!res.ok) {
      const detail = data && typeof data === 'object' && 'detail' in data ? String((data as { detail: unknown }).detail) : null;
      throw new ApiError(res.status, detail);
    }
    return data as T;
  }

  return {
    request,
    register: (body: RegisterBody) => request<User>('POST', '/auth/register', { body }),
    login: (body: { username_or_email: string; password: string }) => request<LoginAnswer>('POST', '/auth/login', { body }),
    logout: (userId: string) => request<{ success: true }>('POST', '/auth/logout', { query: { user_id: userId } }),
    changePassword: (userId: string, current_password: string, new_password: string) =>
      request<{ success: true }>('PUT', '/auth/change-password', { query: { user_id: userId, current_password, new_password } }),
    updateProfile: (userId: string, body: ProfileBody) => request<User>('PUT', '/auth/profile', { query: { user_id: userId }, body }),
    deactivate: (userId: string) => request<{ success: true }>('PUT', '/auth/deactivate', { query: { user_id: userId } }),
    checkAdminGate: (slug: string) => request<{ ok: true }>('GET', `/admin/secure-access/${encodeURIComponent(slug)}`),
  };
}

export type Api = ReturnType<typeof createApi>;
export const api: Api = createApi();
