/** contract/text.ts: the control-character rule and the link rule every request schema uses. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LoginBodySchema, RegisterBodySchema } from '../../contract/account';
import { BusinessCardBodySchema } from '../../contract/plans';
import { ContactExchangeBodySchema } from '../../contract/social';
import {
  CONTROL_CHARACTERS_MESSAGE,
  HANDLE_OR_WEB_ADDRESS_MESSAGE,
  exactLine,
  isHandleOrWebAddress,
  isWebAddress,
  line,
  lines,
} from '../../contract/text';

/** The first issue's message, or null when the value passes. */
function refusal(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'refused');
}

const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
const C1_AND_DEL = Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i));
const LINE_BREAKS = ['\t', '\n', '\r'];

describe('line', () => {
  it('refuses NUL and every other C0, DEL and C1 control character, anywhere in the text', () => {
    for (const c of [...C0, ...C1_AND_DEL]) {
      expect(refusal(line(), `Ma${c}ya`), `U+${c.charCodeAt(0).toString(16)}`).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });

  it('takes ordinary text in any script and trims it', () => {
    expect(line().parse('  Zoë Ōtsuka 🙂 — café  ')).toBe('Zoë Ōtsuka 🙂 — café');
    expect(line().parse('')).toBe('');
  });

  it('trims a line break at either end before looking, as it did before the rule', () => {
    expect(line().parse('maya\n')).toBe('maya');
  });

  it('keeps the constraints chained after it', () => {
    const name = line().min(1, { message: 'is required' }).max(5);
    expect(refusal(name, '   ')).toBe('is required');
    expect(refusal(name, 'abcdef')).not.toBeNull();
    expect(refusal(name, `a${'\u0000'}b`)).toBe(CONTROL_CHARACTERS_MESSAGE);
  });
});

describe('lines', () => {
  it('lets tab, line feed and carriage return through', () => {
    expect(lines().parse('Dear Maya,\r\n\tsee you at the quiet table.\nA.')).toBe('Dear Maya,\r\n\tsee you at the quiet table.\nA.');
  });

  it('refuses every other control character', () => {
    for (const c of [...C0, ...C1_AND_DEL].filter((c) => !LINE_BREAKS.includes(c))) {
      expect(refusal(lines(), `Hello${c}there`), `U+${c.charCodeAt(0).toString(16)}`).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });

  it('looks through a long text quickly and without running out of stack', () => {
    const big = 'QUJD\n'.repeat(2_000_000);
    expect(lines().parse(big)).toBe(big.trim());
    expect(refusal(lines(), `${big}\u0000`)).toBe(CONTROL_CHARACTERS_MESSAGE);
  });
});

describe('exactLine', () => {
  it('keeps every character, spaces included, and refuses control characters', () => {
    expect(exactLine().parse('  pass word ')).toBe('  pass word ');
    expect(refusal(exactLine(), 'secret\u0000123')).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(refusal(exactLine(), 'secret\t123')).toBe(CONTROL_CHARACTERS_MESSAGE);
  });
});

describe('the request schemas name the field that holds a control character', () => {
  const register = {
    username: 'maya_k',
    name: 'Maya',
    email: 'maya@example.com',
    password: 'wallflower',
  };

  it('in a password, which is never trimmed', () => {
    const r = RegisterBodySchema.safeParse({ ...register, password: 'wall\u0000flower' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['password'], message: CONTROL_CHARACTERS_MESSAGE });
    expect(RegisterBodySchema.parse(register).password).toBe('wallflower');
  });

  it('in a list item and a login name', () => {
    const r = RegisterBodySchema.safeParse({ ...register, interests: ['jazz', 'hi\u0000king'] });
    expect(r.error?.issues[0]).toMatchObject({ path: ['interests', 1], message: CONTROL_CHARACTERS_MESSAGE });
    const l = LoginBodySchema.safeParse({ username_or_email: 'ma\u0000ya', password: 'x' });
    expect(l.error?.issues[0]).toMatchObject({ path: ['username_or_email'], message: CONTROL_CHARACTERS_MESSAGE });
  });
});

describe('web addresses and handles', () => {
  it('a web address is http or https with a host', () => {
    expect(isWebAddress('https://www.linkedin.com/in/maya')).toBe(true);
    expect(isWebAddress('http://maya.example.com')).toBe(true);
    for (const s of ['javascript:alert(7)', 'data:text/html,hi', 'ftp://x.org', 'http://', 'linkedin.com/in/maya', '@maya']) {
      expect(isWebAddress(s), s).toBe(false);
    }
  });

  it('a handle or web address refuses every scheme but http(s), in any case', () => {
    for (const s of ['javascript:alert(7)', 'JavaScript:alert(7)', 'vbscript:msgbox', 'data:text/html,<b>', 'mailto:a@b.c', 'file:///etc/passwd']) {
      expect(isHandleOrWebAddress(s), s).toBe(false);
    }
    for (const s of ['@maya', 'maya', 'linkedin.com/in/maya', 'https://twitter.com/maya', 'HTTPS://instagram.com/maya']) {
      expect(isHandleOrWebAddress(s), s).toBe(true);
    }
  });

  it('contact details that can be links take handles and http(s) addresses only', () => {
    const to_user = '7d1f0c2e-8a4b-4c3d-9e5f-0a1b2c3d4e5f';
    const social = (contact_data: Record<string, string>) =>
      ContactExchangeBodySchema.safeParse({ to_user, exchange_type: 'social_media', contact_data });
    expect(social({ twitter: '@maya', instagram: 'https://instagram.com/maya' }).success).toBe(true);
    const refused = social({ twitter: 'javascript:alert(7)' });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['contact_data', 'twitter'], message: HANDLE_OR_WEB_ADDRESS_MESSAGE });
    const card = ContactExchangeBodySchema.safeParse({
      to_user,
      exchange_type: 'business_card',
      contact_data: { linkedin: 'data:text/html,hi', company: 'Clay: the studio' },
    });
    expect(card.error?.issues.map((i) => i.path.join('.'))).toEqual(['contact_data.linkedin']);
  });

  it('business-card links are web addresses', () => {
    expect(BusinessCardBodySchema.safeParse({ linkedin: 'javascript:alert(7)' }).error?.issues[0]?.path).toEqual(['linkedin']);
    expect(BusinessCardBodySchema.safeParse({ website: 'https://nova.example.com', linkedin: '' }).success).toBe(true);
  });
});
