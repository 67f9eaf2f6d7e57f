/**
 * Passkeys (issue 41, beyond SPEC 7): WebAuthn sign-in without a password. The options
 * and responses are the WebAuthn JSON forms (`@simplewebauthn/browser` makes and reads
 * them); the server checks them with `@simplewebauthn/server`.
 */
import { z } from 'zod';
import { IdSchema } from './common';
import { exactLine, line } from './text';

/** A WebAuthn binary field as JSON carries it: base64url, bounded. */
const b64url = (max: number) =>
  z
    .string()
    .min(1, { message: 'is required' })
    .max(max, { message: 'is too long' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: 'must be base64url' });

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** Every failed passkey sign-in, said the same way (server and app). */
export const PASSKEY_SIGN_IN_FAILED = /*i18n*/ {
  id: 'passkey.signInFailed',
  message: 'That passkey did not sign you in. Try again, or use your password.',
};

/** What a passkey is called in the list: the name given when it was added. */
export const PASSKEY_NAME_MAX = 60;
export const PasskeyNameSchema = line().min(1, { message: 'is required' }).max(PASSKEY_NAME_MAX);

/** Adding a passkey asks for the current password, as changing the password does. */
export const PasskeyOptionsBodySchema = z.object({
  password: exactLine().min(1, { message: 'is required' }).max(256),
});

/** Options for `navigator.credentials.create` / `.get`, in their JSON form. */
export const PasskeyOptionsSchema = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof PasskeyOptionsSchema>;

/** The extension results the server reads (whether the key is discoverable); the rest is dropped. */
const ExtensionResultsSchema = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }).default({});

export const RegistrationResponseSchema = z.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16_384),
    authenticatorData: b64url(16_384).optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ExtensionResultsSchema,
});

export const PasskeyRegisterBodySchema = z.object({
  name: PasskeyNameSchema,
  response: RegistrationResponseSchema,
});
export type PasskeyRegisterBody = z.input<typeof PasskeyRegisterBodySchema>;

export const AuthenticationResponseSchema = z.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(16_384),
    signature: b64url(1024),
    userHandle: b64url(256).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ExtensionResultsSchema,
});

export const PasskeyLoginBodySchema = z.object({ response: AuthenticationResponseSchema });
export type PasskeyLoginBody = z.input<typeof PasskeyLoginBodySchema>;

/** A passkey as its owner's list shows it: never its key. */
export const PasskeySchema = z.object({
  id: IdSchema,
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;
export const PasskeyListSchema = z.array(PasskeySchema);
