/**
 * The mailer (core/mail.ts) on nodemailer. With SMTP_URL, mail goes to that server
 * (smtp:// with STARTTLS when offered, smtps:// over TLS from the start); without it, each
 * message is built by nodemailer's stream transport and written as an .eml file under
 * <DATA_DIR>/outbox/, so the embedded default works with no mail server and a person
 * running it can still open the link.
 *
 * Nothing is awaited by the request that caused a mail: work runs after the answer, and a
 * failure is logged by what was being sent and the error's code only (an SMTP refusal
 * quotes the address, and the message holds a link: neither is ever logged).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Mail, Mailer } from '../core/mail';

/** Each SMTP step waits at most this long, so a stuck server never keeps a mail (or the close) forever. */
const SMTP_TIMEOUT_MS = 15_000;

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** The time in the outbox's file names (the app's clock). */
  clock: () => Date;
}

/** What a failure may say: its code, never its message (which can quote the address). */
function failureCode(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown };
  return [e.code, e.responseCode].filter((x) => typeof x === 'string' || typeof x === 'number').join(' ') || 'unknown';
}

export function createMailer(opts: MailerOptions): Mailer {
  const smtp = opts.smtpUrl
    ? createTransport({
        url: opts.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
        // The address and the link stay out of nodemailer's own logging too.
        logger: false,
        debug: false,
      })
    : null;
  const builder = smtp ? null : createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const outbox = join(opts.dataDir, 'outbox');
  const pending = new Set<Promise<void>>();

  const deliver = async (mail: Mail) => {
    const message = {
      from: opts.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      // RFC 3834: sent by a program, so out-of-office replies stay away.
      headers: { 'Auto-Submitted': 'auto-generated' },
    };
    if (smtp) {
      await smtp.sendMail(message);
      return;
    }
    const info = await builder!.sendMail(message);
    await mkdir(outbox, { recursive: true, mode: 0o700 });
    const stamp = opts.clock().toISOString().replace(/[:.]/g, '-');
    // The file holds a live link: readable by the server's user only.
    await writeFile(join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`), info.message as Buffer, { mode: 0o600 });
  };

  const track = (what: string, work: () => Promise<void>) => {
    const run = (async () => {
      // After the answer: the request that caused it never waits for this.
      await new Promise<void>((resolve) => setImmediate(resolve));
      try {
        await work();
      } catch (err) {
        opts.log.warn(`mail: ${what} not sent (${failureCode(err)})`);
      }
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  };

  return {
    kind: smtp ? 'smtp' : 'outbox',
    send: (mail, what) => track(what, () => deliver(mail)),
    later: track,
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.settled();
      smtp?.close();
    },
  };
}
