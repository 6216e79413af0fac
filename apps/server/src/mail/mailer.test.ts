import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../test/outbox.js';
import { createMailer } from './mailer.js';

let outboxDir: string;
beforeEach(async () => {
  outboxDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'sarm-mail-')), 'outbox');
});
afterEach(async () => {
  await rm(path.dirname(outboxDir), { recursive: true, force: true });
});

describe('outbox mailer', () => {
  it('writes each message as an .eml file named by time and recipient when no SMTP server is configured', async () => {
    const mailer = createMailer({ smtpUrl: null, from: 'SARM <no-reply@sarm.test>', outboxDir });
    await mailer.sendMail({
      to: 'first@sarm.test',
      subject: 'Hello',
      text: 'Line one\nhttps://sarm.test/reset-password?token=abc',
    });
    await mailer.sendMail({
      to: 'second@sarm.test',
      subject: 'Again',
      text: 'Second',
      html: '<p>Second</p>',
    });
    const mails = await readOutbox(outboxDir);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['first@sarm.test', 'Hello'],
      ['second@sarm.test', 'Again'],
    ]);
    expect(mails[0]?.file).toMatch(/^\d{4}-\d{2}-\d{2}T.*-first@sarm\.test\.eml$/);
    expect(mails[0]?.text).toContain('https://sarm.test/reset-password?token=abc');
  });
});
