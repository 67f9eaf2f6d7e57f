/** Issue 41's settings: SMTP_URL, MAIL_FROM and PUBLIC_URL, and the origin links are made from. */
import { describe, expect, it } from 'vitest';
import { configFromEnv, publicOrigin } from '../../server/config';

describe('mail settings', () => {
  it('has no mail server, a sender and no public address by default', () => {
    const c = configFromEnv({});
    expect(c.smtpUrl).toBeNull();
    expect(c.mailFrom).toBe('Wallflower <wallflower@localhost>');
    expect(c.publicUrl).toBeNull();
  });

  it.each(['smtp://mail.example:587', 'smtps://user:secret@mail.example', 'smtp://localhost'])('takes SMTP_URL %s', (url) => {
    expect(configFromEnv({ SMTP_URL: url }).smtpUrl).toBe(url);
  });

  it.each(['http://mail.example', 'mail.example:25', 'not a url'])('refuses SMTP_URL %s without quoting it back', (url) => {
    expect(() => configFromEnv({ SMTP_URL: url })).toThrow('SMTP_URL must be an smtp:// or smtps:// address');
  });

  it('keeps PUBLIC_URL as an origin, and refuses anything but http(s)', () => {
    expect(configFromEnv({ PUBLIC_URL: 'https://wallflower.example/some/path/' }).publicUrl).toBe('https://wallflower.example');
    expect(() => configFromEnv({ PUBLIC_URL: 'ftp://wallflower.example' })).toThrow(/PUBLIC_URL/);
  });

  it('makes links from PUBLIC_URL, else from HOST and PORT', () => {
    expect(publicOrigin({ publicUrl: 'https://w.example', host: '127.0.0.1', port: 8080 })).toBe('https://w.example');
    expect(publicOrigin(configFromEnv({ HOST: '192.168.1.20', PORT: '3000' }))).toBe('http://192.168.1.20:3000');
    expect(publicOrigin(configFromEnv({ HOST: '0.0.0.0' }))).toBe('http://127.0.0.1:8080');
    expect(publicOrigin(configFromEnv({ HOST: '::1', PORT: '9000' }))).toBe('http://[::1]:9000');
  });
});
