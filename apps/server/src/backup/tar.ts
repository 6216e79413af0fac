/**
 * A minimal POSIX tar (ustar + pax) writer and reader: regular files only, which is all a backup
 * holds. Names longer than 100 bytes and sizes of 8 GiB or more travel in a pax header, so any
 * storage key (up to 512 characters) and any video size round-trip, and `tar -xzf` reads the result.
 */

const BLOCK = 512;
const MAX_OCTAL_SIZE = 8 ** 11 - 1;
const ZERO_BLOCK = Buffer.alloc(BLOCK);

export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarFormatError';
  }
}

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  header.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

function ustarHeader(
  name: string,
  size: number,
  type: '0' | 'x',
  modifiedAt: Date,
  mode: number,
): Buffer {
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, 'utf8');
  writeOctal(header, mode, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, size, 124, 12);
  writeOctal(header, Math.max(0, Math.floor(modifiedAt.getTime() / 1000)), 136, 12);
  header.write(type, 156, 1, 'ascii');
  header.write('ustar\0', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  header.fill(' ', 148, 156);
  let checksum = 0;
  for (const byte of header) checksum += byte;
  header.write(checksum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return header;
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  // The length prefix counts itself, so grow it until it is consistent.
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return `${length}${body}`;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return rest === 0 ? Buffer.alloc(0) : Buffer.alloc(BLOCK - rest);
}

/** The header blocks (a pax header first when needed) that precede a file's bytes. */
export function tarEntryHeader(
  name: string,
  size: number,
  modifiedAt: Date = new Date(),
  mode = 0o600,
): Buffer {
  const records: string[] = [];
  if (Buffer.byteLength(name) > 100) records.push(paxRecord('path', name));
  if (size > MAX_OCTAL_SIZE) records.push(paxRecord('size', String(size)));
  const main = ustarHeader(
    records.length > 0 ? name.slice(0, 99) : name,
    size > MAX_OCTAL_SIZE ? 0 : size,
    '0',
    modifiedAt,
    mode,
  );
  if (records.length === 0) return main;
  const pax = Buffer.from(records.join(''), 'utf8');
  return Buffer.concat([
    ustarHeader('PaxHeader', pax.length, 'x', modifiedAt, 0o600),
    pax,
    padding(pax.length),
    main,
  ]);
}

/** Zero bytes after a file's content up to the next 512-byte block. */
export const tarEntryPadding = padding;

/** The two zero blocks that end an archive. */
export const TAR_END = Buffer.concat([ZERO_BLOCK, ZERO_BLOCK]);

/** One regular file read from an archive; `body` must be read (or left) before the next entry. */
export interface TarEntry {
  readonly name: string;
  readonly size: number;
  readonly body: AsyncIterable<Buffer>;
}

/** Reads exact byte counts from a stream of chunks. */
class ExactReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(wanted: number): Promise<boolean> {
    while (this.length < wanted && !this.done) {
      const next = await this.source.next();
      if (next.done === true) this.done = true;
      else {
        const chunk: Buffer = next.value;
        this.buffered.push(chunk);
        this.length += chunk.length;
      }
    }
    return this.length >= wanted;
  }

  /** Up to `max` bytes (at least one), or `null` at the end of the stream. */
  async readSome(max: number): Promise<Buffer | null> {
    if (!(await this.fill(1))) return null;
    const all = Buffer.concat(this.buffered);
    const taken = all.subarray(0, Math.min(max, all.length));
    const rest = all.subarray(taken.length);
    this.buffered = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return taken;
  }

  async readExact(size: number): Promise<Buffer> {
    if (!(await this.fill(size)))
      throw new TarFormatError('The archive ends in the middle of an entry (truncated?)');
    const all = Buffer.concat(this.buffered);
    this.buffered = all.length > size ? [all.subarray(size)] : [];
    this.length = all.length - size;
    return all.subarray(0, size);
  }
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = header
    .subarray(offset, offset + length)
    .toString('ascii')
    .replace(/[\0 ]+$/g, '')
    .trim();
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('The archive has a damaged header');
  return parseInt(text, 8);
}

function readText(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function parsePax(data: Buffer): Map<string, string> {
  const values = new Map<string, string>();
  let offset = 0;
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset);
    if (space === -1) break;
    const length = Number(data.subarray(offset, space).toString('ascii'));
    if (!Number.isInteger(length) || length <= 0)
      throw new TarFormatError('The archive has a damaged pax header');
    const record = data.subarray(space + 1, offset + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    if (equals > 0) values.set(record.slice(0, equals), record.slice(equals + 1));
    offset += length;
  }
  return values;
}

function verifyChecksum(header: Buffer): void {
  const stored = readOctal(header, 148, 8);
  let sum = 0;
  for (let index = 0; index < BLOCK; index++)
    sum += index >= 148 && index < 156 ? 0x20 : (header[index] ?? 0);
  if (sum !== stored) throw new TarFormatError('The archive has a damaged header (checksum)');
}

/**
 * Reads the regular files of a tar stream in order. Each entry's `body` streams its bytes; an
 * entry whose body was not read to the end is skipped when the next one is requested.
 */
export async function* readTarEntries(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ExactReader(source[Symbol.asyncIterator]());
  let pax = new Map<string, string>();
  for (;;) {
    const header = await reader.readExact(BLOCK);
    if (header.equals(ZERO_BLOCK)) return;
    verifyChecksum(header);
    const type = String.fromCharCode(header[156] ?? 0);
    const prefix = readText(header, 345, 155);
    const headerName = readText(header, 0, 100);
    const name = pax.get('path') ?? (prefix === '' ? headerName : `${prefix}/${headerName}`);
    const size = pax.has('size') ? Number(pax.get('size')) : readOctal(header, 124, 12);
    pax = new Map();
    if (type === 'x') {
      pax = parsePax(await reader.readExact(size));
      await reader.readExact(padding(size).length);
      continue;
    }
    let remaining = size;
    async function* bodyBytes(): AsyncGenerator<Buffer> {
      while (remaining > 0) {
        const chunk = await reader.readSome(Math.min(remaining, 1024 * 1024));
        if (chunk === null)
          throw new TarFormatError('The archive ends in the middle of an entry (truncated?)');
        remaining -= chunk.length;
        yield chunk;
      }
    }
    if (type === '0' || type === '\0') {
      const body = bodyBytes();
      yield { name, size, body };
      // Queued after any pending read of the body, so the skip below never races it.
      await body.return(undefined);
    }
    // Whatever the consumer left unread (or a non-file entry) is skipped.
    while (remaining > 0) {
      const chunk = await reader.readSome(Math.min(remaining, 1024 * 1024));
      if (chunk === null)
        throw new TarFormatError('The archive ends in the middle of an entry (truncated?)');
      remaining -= chunk.length;
    }
    await reader.readExact(padding(size).length);
  }
}
