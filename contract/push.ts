/**
 * Web Push (issue 41 item 1): the server's VAPID key, and a device's subscription as the
 * browser gives it (PushSubscription.toJSON()), with what that device wants pushed.
 */
import { z } from 'zod';
import { noControlCharacters } from './text';

import { PUSH_KINDS, PUSH_LANGUAGES } from './push-kinds';

export { PUSH_KINDS, PUSH_LANGUAGES, type PushKind, type PushLanguage } from './push-kinds';

/** A base64url string without padding (the key and secret of a subscription, RFC 8291). */
const base64url = (max: number) =>
  z
    .string()
    .min(1, { message: 'is required' })
    .max(max, { message: `must be at most ${max} characters` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: 'must be base64url' });

export const PushKeySchema = z.object({
  /** The VAPID public key (an uncompressed P-256 point, base64url), for PushManager.subscribe's applicationServerKey. */
  public_key: z.string(),
});
export type PushKey = z.infer<typeof PushKeySchema>;

export const PUSH_ENDPOINT_MAX = 2048;

export const PushSubscriptionBodySchema = z.object({
  endpoint: z
    .string()
    .min(1, { message: 'is required' })
    .max(PUSH_ENDPOINT_MAX, { message: `must be at most ${PUSH_ENDPOINT_MAX} characters` })
    .check(noControlCharacters),
  /** Sent by browsers; not used (a gone subscription answers 404 or 410). */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The device's P-256 public key (65 bytes, base64url). */
    p256dh: base64url(200),
    /** The shared authentication secret (16 bytes, base64url). */
    auth: base64url(100),
  }),
  /** Extension: the language pushes to this device are written in (the app's language); English when absent. */
  language: z.enum(PUSH_LANGUAGES).optional(),
  /**
   * Extension: whether a push may say who it is from and what a message says (shown on a
   * locked screen); false when absent: "Someone sent you a message".
   */
  previews: z.boolean().optional(),
  /** Extension: the kinds of news pushed to this device; every kind when absent. */
  kinds: z.array(z.enum(PUSH_KINDS)).max(PUSH_KINDS.length).optional(),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushUnsubscribeBodySchema = z.object({
  endpoint: z
    .string()
    .min(1, { message: 'is required' })
    .max(PUSH_ENDPOINT_MAX, { message: `must be at most ${PUSH_ENDPOINT_MAX} characters` })
    .check(noControlCharacters),
});
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBodySchema>;

/** What a push carries, as the service worker reads it (public/sw-notifications.js). */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A same-origin path of the app (machines/addresses.ts), opened by a tap. */
  url: z.string().startsWith('/'),
  /** The notification's id: the key the app's toasts use, so one alert is shown once. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
