/** SPEC 7 "Contact exchange" (POST /contact-exchange): what is shared, by type (SPEC 3: the keys depend on the type). */
import { z } from 'zod';
import { EXCHANGE_TYPES, type ExchangeType } from './constants';
import { IdSchema, IsoDateSchema, OptionalIdSchema } from './common';
import { HANDLE_OR_WEB_ADDRESS_MESSAGE, isHandleOrWebAddress, line } from './text';

/** Contact details: each value at most this long. */
export const CONTACT_VALUE_MAX = 200;

export const CONTACT_FIELDS: Record<ExchangeType, readonly string[]> = {
  social_media: ['instagram', 'twitter'],
  business_card: ['linkedin', 'company'],
  phone: ['phone'],
  email: ['email'],
};

/** Details a client may show as a link: a handle or an http(s) address, never another scheme. */
const LINK_FIELDS: readonly string[] = ['instagram', 'twitter', 'linkedin', 'website'];

const emailCheck = z.email();

export const ContactExchangeBodySchema = z
  .object({
    to_user: IdSchema,
    exchange_type: z.enum(EXCHANGE_TYPES, { message: `must be one of ${EXCHANGE_TYPES.join(', ')}` }),
    contact_data: z.record(
      z.string(),
      line({ message: 'must be text' }).max(CONTACT_VALUE_MAX, { message: `must be at most ${CONTACT_VALUE_MAX} characters` }),
    ),
    event_id: OptionalIdSchema,
  })
  .superRefine((b, ctx) => {
    const allowed = CONTACT_FIELDS[b.exchange_type];
    for (const key of Object.keys(b.contact_data)) {
      if (!allowed.includes(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['contact_data', key],
          message: `is not a detail of ${b.exchange_type} (use ${allowed.join(', ')})`,
        });
      }
    }
    for (const [key, value] of Object.entries(b.contact_data)) {
      if (LINK_FIELDS.includes(key) && !isHandleOrWebAddress(value)) {
        ctx.addIssue({ code: 'custom', path: ['contact_data', key], message: HANDLE_OR_WEB_ADDRESS_MESSAGE });
      }
    }
    const email = b.contact_data.email;
    if (b.exchange_type === 'email' && email && !emailCheck.safeParse(email).success) {
      ctx.addIssue({ code: 'custom', path: ['contact_data', 'email'], message: 'must be a valid email address' });
    }
    if (!Object.values(b.contact_data).some((v) => v !== '')) {
      ctx.addIssue({ code: 'custom', path: ['contact_data'], message: `needs at least one of ${allowed.join(', ')}` });
    }
  })
  // Empty details are dropped, so only what the sender filled in is passed on.
  .transform((b) => ({
    ...b,
    contact_data: Object.fromEntries(Object.entries(b.contact_data).filter(([, v]) => v !== '')),
  }));
export type ContactExchangeBody = z.input<typeof ContactExchangeBodySchema>;

export const ContactExchangeSchema = z.object({
  id: IdSchema,
  from_user: IdSchema,
  from_name: z.string(),
  to_user: IdSchema,
  exchange_type: z.enum(EXCHANGE_TYPES),
  contact_data: z.record(z.string(), z.string()),
  event_id: IdSchema.nullable(),
  created_at: IsoDateSchema,
});
export type ContactExchange = z.infer<typeof ContactExchangeSchema>;

export const ContactExchangeAnswerSchema = z.object({ success: z.literal(true), exchange: ContactExchangeSchema });
