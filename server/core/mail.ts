/**
 * The mail port (issue 41): what a use case hands over to be sent, and the sender it is
 * handed to. Sending never holds up the request that caused it: `send` and `later` return
 * at once and their failures are logged (by what was being sent, never by address or
 * link). plugins/mail.ts implements it on nodemailer: SMTP when SMTP_URL is set, else .eml
 * files in <DATA_DIR>/outbox/.
 */

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Where mail goes: an SMTP server, or the outbox folder. */
  readonly kind: 'smtp' | 'outbox';
  /** Sends after the answer; `what` names it in the log if it fails ("password reset"). */
  send(mail: Mail, what: string): void;
  /** Runs work after the answer (a link written, then its mail sent); a failure is logged as `what`. */
  later(what: string, work: () => Promise<void>): void;
  /** Resolves when everything handed over so far is done (tests; closing). */
  settled(): Promise<void>;
  close(): Promise<void>;
}
