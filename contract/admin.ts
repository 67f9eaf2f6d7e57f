/** SPEC 7 "Admin": the gate, admin sessions, user moderation, the admin's own account. */
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, BAN_DAYS_MAX, BAN_DAYS_MIN, PAGE_SIZE_MAX } from './constants';
import { AdminQuerySchema, IdSchema, IsoDateSchema } from './common';
import { isStrongAdminPassword, isValidAdminUsername } from './rules';
import { exactLine, line, lines } from './text';

export const REASON_MAX = 500;
const SEARCH_MAX = 100;

export const AdminSchema = z.object({
  id: IdSchema,
  username: z.string(),
  email: z.string(),
  role: z.string(),
});
export type Admin = z.infer<typeof AdminSchema>;

export const GateParamsSchema = z.object({ slug: z.string().min(1).max(200) });
export const GateAnswerSchema = z.object({ ok: z.literal(true) });
export type GateAnswer = z.infer<typeof GateAnswerSchema>;

export const AdminLoginBodySchema = z.object({
  username: line().min(1, { message: 'is required' }).max(100),
  password: exactLine().min(1, { message: 'is required' }).max(256),
});
export type AdminLoginBody = z.infer<typeof AdminLoginBodySchema>;
export const AdminLoginAnswerSchema = z.object({ admin: AdminSchema });
export type AdminLoginAnswer = z.infer<typeof AdminLoginAnswerSchema>;

/** GET /admin/session (issue 39): the admin whose session the cookie holds, or null. */
export const AdminSessionAnswerSchema = z.object({ admin: AdminSchema.nullable() });
export type AdminSessionAnswer = z.infer<typeof AdminSessionAnswerSchema>;

export const AdminStatsSchema = z.object({
  total_users: z.number().int(),
  active_users: z.number().int(),
  banned_users: z.number().int(),
  new_users_today: z.number().int(),
  /** Extension (issue 16): reports waiting for a moderator. */
  open_reports: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/** Query booleans arrive as text; only the two honest spellings are accepted. */
const queryBoolean = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .transform((v) => v === 'true');

/** The paging of every admin list: 1-based pages of ADMIN_PAGE_SIZE unless `limit` says otherwise. */
export const AdminPageQuerySchema = AdminQuerySchema.extend({
  page: z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(1_000_000)
    .default(1),
  limit: z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(PAGE_SIZE_MAX, { message: `must be at most ${PAGE_SIZE_MAX}` })
    .default(ADMIN_PAGE_SIZE),
});

export const AdminUsersQuerySchema = AdminPageQuerySchema.extend({
  search: line().max(SEARCH_MAX, { message: `must be at most ${SEARCH_MAX} characters` }).optional(),
  filter_banned: queryBoolean.optional(),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;

/** A user as the admin table shows them; is_banned means a ban in force now. */
export const AdminUserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  name: z.string(),
  email: z.string(),
  created_at: IsoDateSchema,
  is_active: z.boolean(),
  is_banned: z.boolean(),
  banned_until: IsoDateSchema.nullable(),
  ban_reason: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersAnswerSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminUsersAnswer = z.infer<typeof AdminUsersAnswerSchema>;

/** Admin action log entry (SPEC 3), with a copy of the target's name kept at the time. */
export const AdminActionSchema = z.object({
  id: IdSchema,
  action_type: z.string(),
  reason: z.string().nullable(),
  timestamp: IsoDateSchema,
  target_display_name: z.string().nullable(),
});
export type AdminAction = z.infer<typeof AdminActionSchema>;

export const AdminUserDetailSchema = AdminUserSchema.extend({
  age: z.number().int().nullable(),
  occupation: z.string().nullable(),
  interests: z.array(z.string()),
  communication_style: z.string(),
  plan_name: z.string(),
  events_attended: z.number().int(),
  connections: z.number().int(),
  recent_actions: z.array(AdminActionSchema),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

const reason = lines({ message: 'is required' })
  .min(1, { message: 'is required' })
  .max(REASON_MAX, { message: `must be at most ${REASON_MAX} characters` });
/** The reason an admin gives for an action: required, at most REASON_MAX characters. */
export const AdminReasonSchema = reason;

/** A ban's length in days (SPEC 5: 1 to 365). */
export const BanDaysSchema = z
  .number({ message: 'must be a whole number of days' })
  .int({ message: 'must be a whole number of days' })
  .min(BAN_DAYS_MIN, { message: `must be between ${BAN_DAYS_MIN} and ${BAN_DAYS_MAX}` })
  .max(BAN_DAYS_MAX, { message: `must be between ${BAN_DAYS_MIN} and ${BAN_DAYS_MAX}` });

export const BAN_TYPES = ['temporary', 'permanent'] as const;
export type BanType = (typeof BAN_TYPES)[number];

export const BanBodySchema = z
  .object({
    user_id: IdSchema,
    reason,
    duration_days: BanDaysSchema.nullable().default(null),
    ban_type: z.enum(BAN_TYPES, { message: 'must be temporary or permanent' }),
  })
  .superRefine((b, ctx) => {
    if (b.ban_type === 'temporary' && b.duration_days === null)
      ctx.addIssue({ code: 'custom', path: ['duration_days'], message: 'is required for a temporary ban' });
    if (b.ban_type === 'permanent' && b.duration_days !== null)
      ctx.addIssue({ code: 'custom', path: ['duration_days'], message: 'must be null for a permanent ban' });
  });
export type BanBody = z.input<typeof BanBodySchema>;

export const ReasonQuerySchema = AdminQuerySchema.extend({ reason });

/** Answer of ban and unban: success, and the row as it now stands. */
export const ModerationAnswerSchema = z.object({ success: z.literal(true), user: AdminUserSchema });
export type ModerationAnswer = z.infer<typeof ModerationAnswerSchema>;

export const AdminSettingsSchema = z.object({
  username: z.string(),
  email: z.string(),
  role: z.string(),
  last_login: IsoDateSchema.nullable(),
  password_changed_at: IsoDateSchema.nullable(),
  created_at: IsoDateSchema,
  recent_actions: z.array(AdminActionSchema),
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;

const currentPassword = exactLine({ message: 'is required' }).min(1, { message: 'is required' }).max(256);

export const AdminChangePasswordQuerySchema = AdminQuerySchema.extend({
  current_password: currentPassword,
  new_password: exactLine({ message: 'is required' })
    .max(256)
    .refine(isStrongAdminPassword, { message: 'must be at least 8 characters with upper case, lower case and digits' }),
});

export const AdminChangeUsernameQuerySchema = AdminQuerySchema.extend({
  current_password: currentPassword,
  new_username: exactLine({ message: 'is required' })
    .max(40, { message: 'must be at most 40 characters' })
    .refine(isValidAdminUsername, { message: 'must be at least 3 characters, letters and digits only' }),
});

/** Answer of the admin's own account changes: success, and the admin as they now are. */
export const AdminAccountAnswerSchema = z.object({ success: z.literal(true), admin: AdminSchema });
export type AdminAccountAnswer = z.infer<typeof AdminAccountAnswerSchema>;

/** The audit log's action types. */
export const ADMIN_ACTION_TYPES = [
  'ban',
  'unban',
  'warning',
  'delete',
  'change_password',
  'change_username',
  // Issue 16: a report reviewed without acting on the person, content taken down, events taken down.
  'dismiss_report',
  'remove_content',
  'hide_event',
  'unhide_event',
  'delete_event',
] as const;
export type AdminActionType = (typeof ADMIN_ACTION_TYPES)[number];
