import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** A file sent with a message (a MIME part with base64 content). */
export interface MailAttachment {
  readonly filename: string;
  readonly content: Buffer;
  readonly contentType: string;
}

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly attachments?: readonly MailAttachment[];
}

/** The nodemailer form of a message: attachments as a fresh mutable list. */
function toNodemailer(message: MailMessage) {
  const { attachments, ...rest } = message;
  return attachments === undefined
    ? rest
    : { ...rest, attachments: attachments.map((attachment) => ({ ...attachment })) };
}

/** Sends e-mail; the implementation is SMTP in production and an outbox folder otherwise. */
export interface Mailer {
  sendMail(message: MailMessage): Promise<void>;
}

/** Sends through the SMTP server of `smtpUrl` (e.g. `smtps://user:pass@smtp.example.org`). */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async sendMail(message) {
      await transport.sendMail({ from: options.from, ...toNodemailer(message) });
    },
  };
}

/** A file-name-safe form of a recipient address. */
function fileSafe(text: string): string {
  return text.replace(/[^a-zA-Z0-9@._-]+/g, '_').slice(0, 80);
}

/**
 * Writes each message as an RFC 822 `.eml` file into `outboxDir`, named by timestamp and
 * recipient, for installations without SMTP and for tests.
 */
export function createOutboxMailer(options: {
  outboxDir: string;
  from: string;
  now?: () => Date;
}): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const now = options.now ?? (() => new Date());
  let sequence = 0;
  return {
    async sendMail(message) {
      const info = await transport.sendMail({ from: options.from, ...toNodemailer(message) });
      const content: unknown = info.message;
      if (!Buffer.isBuffer(content))
        throw new Error('Mail transport did not produce a message buffer');
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      sequence += 1;
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(sequence).padStart(4, '0')}-${fileSafe(message.to)}.eml`;
      await writeFile(path.join(options.outboxDir, name), content, { mode: 0o600 });
    },
  };
}

/** SMTP when configured, otherwise the outbox folder. */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
}): Mailer {
  return options.smtpUrl === null
    ? createOutboxMailer({ outboxDir: options.outboxDir, from: options.from })
    : createSmtpMailer({ smtpUrl: options.smtpUrl, from: options.from });
}
