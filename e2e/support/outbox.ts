import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The token of the newest password link mailed to `email` (mails are .eml files in the outbox). */
export async function latestMailedToken(outboxDir: string, email: string): Promise<string> {
  const files = (await readdir(outboxDir)).filter((f) => f.endsWith('.eml')).sort();
  for (const file of files.reverse()) {
    const raw = await readFile(path.join(outboxDir, file), 'utf8');
    if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) continue;
    const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(decoded);
    if (match?.[1] !== undefined) return decodeURIComponent(match[1]);
  }
  throw new Error(`No mail with a link to ${email}`);
}
