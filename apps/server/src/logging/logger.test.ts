import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServerLogger, formatPrettyLine, redactUrl } from '../logger.js';
import { createRotatingFile } from './rotating-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sarm-log-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('server logger', () => {
  it('writes requests at debug only, so info shows start-up, jobs and errors', () => {
    const lines: string[] = [];
    const logger = createServerLogger({
      level: 'info',
      pretty: false,
      write: (l) => lines.push(l),
    });
    logger.debug('GET /api/health 200 1ms');
    logger.info('Job video.prepare completed');
    logger.error({ err: new Error('boom') }, 'Job failed');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      'Job video.prepare completed',
      'Job failed',
    ]);
  });

  it('prints pretty lines with the error stack for people', () => {
    const line = JSON.stringify({ level: 50, time: 0, pid: 1, msg: 'Job failed', task: 'abc' });
    expect(formatPrettyLine(line)).toMatch(/^\d\d:\d\d:\d\d ERROR Job failed task=abc\n$/);
    const withError = JSON.stringify({ level: 30, time: 0, msg: 'x', err: { stack: 'Error: y' } });
    expect(formatPrettyLine(withError)).toContain('\nError: y');
    expect(formatPrettyLine('not json\n')).toBe('not json\n');
  });

  it('never logs media tokens, passwords or authorization headers', () => {
    expect(redactUrl('/api/sarm/media/file/a.jpg?token=abc.def&x=1')).toBe(
      '/api/sarm/media/file/a.jpg?token=[redacted]&x=1',
    );
    const lines: string[] = [];
    const logger = createServerLogger({
      level: 'info',
      pretty: false,
      write: (l) => lines.push(l),
    });
    logger.info(
      { password: 'hunter2', req: { method: 'GET', url: '/x?token=secret' } },
      'sign-in attempt',
    );
    expect(lines.join('')).not.toMatch(/hunter2|secret/);
  });

  it('never logs the fields of the sign-in, password and session bodies', () => {
    const lines: string[] = [];
    const logger = createServerLogger({
      level: 'info',
      pretty: false,
      write: (l) => lines.push(l),
    });
    logger.info(
      {
        body: { oldPassword: 'old-pw-1', newPassword: 'new-pw-2', confirmPassword: 'new-pw-3' },
        answer: { access_token: 'access-4', refresh_token: 'refresh-5' },
        req: { method: 'POST', url: '/reset-password?token=reset-6', headers: {} },
      },
      'request',
    );
    expect(lines.join('')).not.toMatch(/old-pw-1|new-pw-2|new-pw-3|access-4|refresh-5|reset-6/);
  });

  it('keeps the log file below its size limit with one rotated copy, readable by its owner only', async () => {
    const file = path.join(dir, 'logs', 'sarm.log');
    const log = createRotatingFile(file, 1000);
    for (let i = 0; i < 100; i++) log.write(`${'x'.repeat(90)} ${String(i).padStart(3, '0')}\n`);
    log.close();
    expect((await readdir(path.dirname(file))).sort()).toEqual(['sarm.log', 'sarm.log.1']);
    expect((await stat(file)).size).toBeLessThanOrEqual(1000);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toContain('099');
  });
});
