/**
 * A real SMTP server on loopback (smtp-server, from nodemailer's authors) that keeps what
 * it receives, parsed by mailparser, so tests read the emails the app sends as a person's
 * mail program would.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  mails: ParsedMail[];
  /** Mails to this address, in order of arrival. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtp(opts: { refuse?: boolean } = {}): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (opts.refuse) {
        const err = Object.assign(new Error(`550 mailbox ${address.address} unavailable`), { responseCode: 550 });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  const addressesOf = (m: ParsedMail) =>
    [m.to ?? []].flat().flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address) => mails.filter((m) => addressesOf(m).includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the first link to `path` in a mail's text. */
export function linkToken(mail: ParsedMail, path: '/reset-password' | '/verify-email'): string {
  const m = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!m) throw new Error(`no ${path} link in the mail`);
  return m[1]!;
}
