/**
 * What a banned person is told (DESIGN 4: "the detail says until when"): the detail for
 * tools, and beside it `ban` with the reason the admin gave, the end, and where to write,
 * so the app can say it in the person's own time zone and words.
 */
import type { BanNotice } from '../../contract/common';
import { HttpError, forbidden } from '../core/errors';
import { type Said, sentence } from '../../contract/said';

interface Banned {
  bannedUntil: Date | null;
  banReason: string | null;
}

/** A ban whose end has passed no longer counts (it lifts by itself). */
export const isBanActive = (row: { isBanned: boolean; bannedUntil: Date | null }, now: Date): boolean =>
  row.isBanned && (row.bannedUntil === null || row.bannedUntil > now);

const bannedUntil = sentence(
  /*i18n*/ { id: 'error.bannedUntil', message: 'This account is banned until {until}' },
  ({ until }: { until: string }) => `This account is banned until ${until}`,
);
const BANNED_FOR_GOOD: Said = /*i18n*/ { id: 'error.bannedPermanently', message: 'This account is banned permanently' };

export function banDetail(until: Date | null): Said {
  return until ? bannedUntil({ until: until.toISOString() }) : BANNED_FOR_GOOD;
}

export const banNotice = (row: Banned, contact: string | null): BanNotice => ({
  reason: row.banReason,
  until: row.bannedUntil?.toISOString() ?? null,
  contact,
});

/** The 403 a banned account's login, or a call on a session its ban ended, is answered with. */
export const bannedError = (row: Banned, contact: string | null): HttpError =>
  forbidden(banDetail(row.bannedUntil), { ban: banNotice(row, contact) });
