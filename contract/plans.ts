/**
 * SPEC 7 "Subscription and other": plans and the user's plan, the business card and the
 * user's groups. PUT and DELETE /business-card are a documented extension, so a user
 * can keep their own card from the profile.
 */
import { z } from 'zod';
import { PLAN_NAMES } from './constants';
import { IdSchema } from './common';
import { isWebAddress, line, lines, WEB_ADDRESS_MESSAGE } from './text';

export const PlanSchema = z.object({
  name: z.enum(PLAN_NAMES),
  description: z.string(),
  /** US dollars per month; Free is 0. */
  price: z.number().min(0),
  /** snake_case labels. */
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof PlanSchema>;
export const PlanListSchema = z.array(PlanSchema);

export const SubscriptionSchema = z.object({ plan_name: z.enum(PLAN_NAMES) });
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const UserIdParamsSchema = z.object({ userId: IdSchema });

export const UpgradeQuerySchema = z.object({
  user_id: IdSchema,
  plan_name: z.enum(PLAN_NAMES, { message: `must be one of ${PLAN_NAMES.join(', ')}` }),
});
export const UpgradeAnswerSchema = z.object({ success: z.literal(true), plan_name: z.enum(PLAN_NAMES) });
export type UpgradeAnswer = z.infer<typeof UpgradeAnswerSchema>;

export const BusinessCardSchema = z.object({
  name: z.string(),
  title: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  linkedin: z.string(),
  website: z.string(),
  bio: z.string(),
});
export type BusinessCard = z.infer<typeof BusinessCardSchema>;
/** GET /business-card/{userId}: the card, or null when there is none the viewer may see (issue 39: never 404). */
export const BusinessCardAnswerSchema = BusinessCardSchema.nullable();
export type BusinessCardAnswer = z.infer<typeof BusinessCardAnswerSchema>;

export const CARD_LIMITS = { name: 100, title: 100, company: 100, email: 200, phone: 40, url: 300, bio: 500 } as const;

const text = (max: number) => line().max(max, { message: `must be at most ${max} characters` });
/** Empty clears the field; anything else must be a web address people can open. */
const webAddress = text(CARD_LIMITS.url).refine((s) => s === '' || isWebAddress(s), { message: WEB_ADDRESS_MESSAGE });

/** PUT /business-card body: any subset of the fields; the others stay as they are. */
export const BusinessCardBodySchema = z
  .object({
    name: text(CARD_LIMITS.name),
    title: text(CARD_LIMITS.title),
    company: text(CARD_LIMITS.company),
    email: text(CARD_LIMITS.email).refine((s) => s === '' || z.email().safeParse(s).success, {
      message: 'must be a valid email address',
    }),
    phone: text(CARD_LIMITS.phone).regex(/^[0-9+()\-.\s]*$/, {
      message: 'may use digits, spaces and + ( ) - . only',
    }),
    linkedin: webAddress,
    website: webAddress,
    bio: lines().max(CARD_LIMITS.bio, { message: `must be at most ${CARD_LIMITS.bio} characters` }),
  })
  .partial();
export type BusinessCardBody = z.input<typeof BusinessCardBodySchema>;

/** SPEC 3 "Group", with its id so a list can key it. */
export const GroupSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  category: z.string(),
  is_private: z.boolean(),
});
export type Group = z.infer<typeof GroupSchema>;
export const GroupListSchema = z.array(GroupSchema);
