/**
 * QR connect (issue 19): a person shows a short-lived code (a QR image of a signed token,
 * and a short code to type); whoever scans or types it is connected with them at once:
 * showing your code is your consent. A code lasts CONNECT_CODE_TTL_MS and works once.
 */
import { z } from 'zod';
import { IsoDateSchema } from './common';
import { ConnectionSchema } from './social';
import { line } from './text';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH, TOKEN_RE, normalizeShortCode } from './connect-words';

export * from './connect-words';

/** GET /connect/code: my code now. */
export const ConnectCodeSchema = z.object({
  /** What the QR image holds: `<nonce>.<signature>`, both base64url. */
  token: z.string(),
  short_code: z.string(),
  expires_at: IsoDateSchema,
});
export type ConnectCode = z.infer<typeof ConnectCodeSchema>;

const SHORT_CODE_RE = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

/** POST /connect/scan: exactly one of the scanned token or the typed short code. */
export const ConnectScanBodySchema = z
  .object({
    token: line().max(300).regex(TOKEN_RE, { message: 'is not a Wallflower code' }).optional(),
    short_code: line()
      .max(20)
      .transform(normalizeShortCode)
      .pipe(z.string().regex(SHORT_CODE_RE, { message: `must be ${SHORT_CODE_LENGTH} letters and digits` }))
      .optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.token === undefined) === (b.short_code === undefined))
      ctx.addIssue({ code: 'custom', path: [], message: 'give either token or short_code' });
  });
export type ConnectScanBody = z.input<typeof ConnectScanBodySchema>;

export const ConnectScanAnswerSchema = z.object({ success: z.literal(true), connection: ConnectionSchema });
export type ConnectScanAnswer = z.infer<typeof ConnectScanAnswerSchema>;
