import { randomBytes } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  readTarEntries,
  TAR_END,
  TarFormatError,
  tarEntryHeader,
  tarEntryPadding,
  type TarEntry,
} from './tar.js';

function archiveOf(files: readonly { name: string; content: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  for (const file of files)
    parts.push(
      tarEntryHeader(file.name, file.content.length),
      file.content,
      tarEntryPadding(file.content.length),
    );
  parts.push(TAR_END);
  return Buffer.concat(parts);
}

/** Feeds the archive in small uneven chunks, as a gunzip stream would. */
async function* chunked(data: Buffer): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < data.length; offset += 777) {
    await setImmediate();
    yield data.subarray(offset, offset + 777);
  }
}

async function readAll(entries: AsyncGenerator<TarEntry>) {
  const read: { name: string; content: Buffer }[] = [];
  for await (const entry of entries) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    read.push({ name: entry.name, content: Buffer.concat(chunks) });
  }
  return read;
}

describe('tar archive', () => {
  it('round-trips short and long names (pax) and binary contents of any length', async () => {
    const files = [
      { name: 'manifest.json', content: Buffer.from('{"a":1}') },
      { name: `files/${'nested-folder/'.repeat(20)}video.mp4`, content: randomBytes(70_001) },
      { name: 'empty', content: Buffer.alloc(0) },
      { name: 'exact-block', content: randomBytes(512) },
    ];
    expect(await readAll(readTarEntries(chunked(archiveOf(files))))).toEqual(files);
  });

  it('skips the bytes of an entry the reader leaves unread', async () => {
    const files = [
      { name: 'skipped', content: randomBytes(5000) },
      { name: 'kept', content: Buffer.from('kept') },
    ];
    const names: string[] = [];
    let kept = '';
    for await (const entry of readTarEntries(chunked(archiveOf(files)))) {
      names.push(entry.name);
      if (entry.name === 'kept')
        for await (const chunk of entry.body) kept += chunk.toString('utf8');
    }
    expect(names).toEqual(['skipped', 'kept']);
    expect(kept).toBe('kept');
  });

  it('refuses a truncated archive', async () => {
    const whole = archiveOf([{ name: 'big', content: randomBytes(4000) }]);
    await expect(readAll(readTarEntries(chunked(whole.subarray(0, 2000))))).rejects.toThrow(
      TarFormatError,
    );
  });
});
