/**
 * The text rules every request schema uses for what people type. PostgreSQL text cannot
 * hold NUL, and no other control character (C0, DEL, C1) is anything a person means to
 * type in a field, so they are refused with a 400 that names the field rather than
 * reaching the database. Text that may span lines keeps tab, line feed and carriage
 * return.
 */
import { z } from 'zod';

export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

/** \p{Cc} is exactly C0, DEL and C1 (U+0000-U+001F, U+007F-U+009F). */
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;

/** Refuses every control character. A search for one character: cheap on a 12 MB photo too. */
export const noControlCharacters = z.refine<string>((s) => !CONTROL.test(s), { message: CONTROL_CHARACTERS_MESSAGE });
/** Refuses every control character but tab, line feed and carriage return. */
export const noControlCharactersButLineBreaks = z.refine<string>((s) => !CONTROL_BUT_LINE_BREAKS.test(s), {
  message: CONTROL_CHARACTERS_MESSAGE,
});

type StringParams = Parameters<typeof z.string>[0];

/** One line of text, trimmed: a name, a username, a search, a reason given in a query. */
export const line = (params?: StringParams) => z.string(params).trim().check(noControlCharacters);

/** Text that may span lines, trimmed: a message, a description, a caption, a bio. */
export const lines = (params?: StringParams) => z.string(params).trim().check(noControlCharactersButLineBreaks);

/** One line taken exactly as typed (passwords): not trimmed, since every character counts. */
export const exactLine = (params?: StringParams) => z.string(params).check(noControlCharacters);

const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** A web address people can open: http or https, with a host. */
export function isWebAddress(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A handle or a web address: text with no scheme at all (`@maya`,
 * `linkedin.com/in/maya`) or an http(s) address, so a stored link can never be
 * `javascript:` or any other scheme a browser would run or hand to an app.
 */
export const isHandleOrWebAddress = (s: string): boolean => !SCHEME.test(s) || isWebAddress(s);

export const WEB_ADDRESS_MESSAGE = 'must be a web address starting with http:// or https://';
export const HANDLE_OR_WEB_ADDRESS_MESSAGE = 'must be a handle like @maya or a web address starting with http:// or https://';
