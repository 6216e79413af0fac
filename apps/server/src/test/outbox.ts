import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMessage {
  readonly file: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Undoes quoted-printable soft line breaks and `=XX` escapes. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** Reads the `.eml` files of the outbox in name (time) order. */
export async function readOutbox(outboxDir: string): Promise<OutboxMessage[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const messages: OutboxMessage[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(outboxDir, file), 'utf8');
    const split = raw.indexOf('\n\n');
    const headers = raw.slice(0, split);
    const body = raw.slice(split + 2);
    const header = (name: string) =>
      new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1]?.trim() ?? '';
    const encoding = header('Content-Transfer-Encoding').toLowerCase();
    const text =
      encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : encoding === 'base64'
          ? Buffer.from(body, 'base64').toString('utf8')
          : body;
    messages.push({ file, to: header('To'), subject: header('Subject'), text });
  }
  return messages;
}

/** The reset token in the newest reset mail to `email`. */
export async function latestResetToken(outboxDir: string, email: string): Promise<string> {
  const mails = (await readOutbox(outboxDir)).filter((mail) => mail.to === email);
  const match = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mails.at(-1)?.text ?? '');
  if (match?.[1] === undefined) throw new Error(`No reset link mailed to ${email}`);
  return decodeURIComponent(match[1]);
}
