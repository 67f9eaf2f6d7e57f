/**
 * Passkeys (issue 41): the calls, and the browser's side of them through
 * `@simplewebauthn/browser`, fetched only when a person signs in with a passkey or adds
 * one, so neither the entry nor the login view carries it.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { LoginAnswer } from '../../contract/account';
import type { Passkey, PasskeyOptions } from '../../contract/passkeys';
import { createApi } from './client';
import { enc } from './request';

export function createPasskeysApi(request = createApi().request) {
  return {
    loginOptions: () => request<PasskeyOptions>('POST', '/auth/passkeys/login/options', { body: {} }),
    logIn: (response: AuthenticationResponseJSON) => request<LoginAnswer>('POST', '/auth/passkeys/login/verify', { body: { response } }),
    registerOptions: (userId: string, password: string) =>
      request<PasskeyOptions>('POST', '/auth/passkeys/register/options', { query: { user_id: userId }, body: { password } }),
    add: (userId: string, name: string, response: RegistrationResponseJSON) =>
      request<Passkey>('POST', '/auth/passkeys/register/verify', { query: { user_id: userId }, body: { name, response } }),
    list: (userId: string) => request<Passkey[]>('GET', '/auth/passkeys', { query: { user_id: userId } }),
    remove: (userId: string, id: string) => request<{ success: true }>('DELETE', `/auth/passkeys/${enc(id)}`, { query: { user_id: userId } }),
  };
}

export const passkeysApi = createPasskeysApi();

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The person closed the browser's passkey sheet, or it timed out: nothing went wrong to say. */
export const isPasskeyDismissed = (error: unknown): boolean => error instanceof Error && error.name === 'NotAllowedError';

/** Signs in with a passkey on this device: the server's challenge, the authenticator's answer, the session. */
export async function signInWithPasskey(): Promise<LoginAnswer> {
  const [{ startAuthentication }, options] = await Promise.all([import('@simplewebauthn/browser'), passkeysApi.loginOptions()]);
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return passkeysApi.logIn(response);
}

/** Adds a passkey on this device, once the current password has opened the way. */
export async function addPasskeyHere(userId: string, password: string, name: string): Promise<Passkey> {
  const [{ startRegistration }, options] = await Promise.all([import('@simplewebauthn/browser'), passkeysApi.registerOptions(userId, password)]);
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return passkeysApi.add(userId, name, response);
}
