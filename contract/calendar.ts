/** The calendar feed (issue 42, beyond SPEC 7): the secret address a calendar subscribes to. */
import { z } from 'zod';

export const CalendarFeedSchema = z.object({
  /** https: (or http:) address of the `text/calendar` feed; it needs no cookie, so it is kept secret. */
  url: z.string(),
  /** The same address as `webcal:`, which phones open in their calendar app. */
  webcal_url: z.string(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

export const CalendarTokenParamsSchema = z.object({
  token: z.string().min(1).max(128).regex(/^[A-Za-z0-9_-]+$/, { message: 'is not a calendar address' }),
});
