import type { Readable } from 'stream';
import { crc32 } from 'zlib';
import * as yauzl from 'yauzl';
import * as yazl from 'yazl';
import type { TestcaseZipReason } from '@oj/contracts';

/**
 * A malformed or hostile archive. Callers turn it into 'Upload Problem Failed' / 'Upload Testcase Failed'; `reason`
 * (and `file`, the entry concerned) tell the uploader what to fix.
 */
export class ArchiveError extends Error {
  constructor(
    message: string,
    readonly reason: TestcaseZipReason = 'corrupt',
    readonly file?: string,
  ) {
    super(message);
    this.name = 'ArchiveError';
  }
}

export interface ZipLimits {
  /** Most entries (files and folders) an archive may hold. */
  maxEntries: number;
  /** Most bytes all entries may expand to, counted while inflating (headers are not trusted). */
  maxTotalBytes: number;
  /** Most bytes one entry may expand to. */
  maxEntryBytes: number;
  /**
   * Every entry past this many inflated bytes must not expand more than maxRatio times its compressed size:
   * checked on the declared sizes, then again on the bytes really inflated, while they stream.
   */
  ratioCheckMinBytes: number;
  maxRatio: number;
  /** The whole archive may expand to at most max(archiveRatioMinBytes, maxArchiveRatio × its own size). */
  archiveRatioMinBytes: number;
  maxArchiveRatio: number;
  /** Archives read at the same time by this process; more wait, and past maxWaiting they are refused. */
  maxConcurrent: number;
  maxWaiting: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 512 * 1024 * 1024,
  maxEntryBytes: 256 * 1024 * 1024,
  ratioCheckMinBytes: 1024 * 1024,
  maxRatio: 1000,
  archiveRatioMinBytes: 32 * 1024 * 1024,
  maxArchiveRatio: 200,
  maxConcurrent: 2,
  maxWaiting: 8,
};

/** Archives being read, and the readers waiting for a turn (bounded: each holds its upload in memory). */
let reading = 0;
const waiting: (() => void)[] = [];

async function takeTurn(limits: ZipLimits): Promise<() => void> {
  if (reading >= limits.maxConcurrent) {
    if (waiting.length >= limits.maxWaiting) throw new ArchiveError('too many archives being imported at once', 'busy');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    reading++;
  }
  // The turn passes straight to the next waiter, so `reading` never drops below the real count.
  return () => {
    const next = waiting.shift();
    if (next) next();
    else reading--;
  };
}

/** Normalised entry path, or an ArchiveError for absolute paths, drive letters and `..` segments. */
export function safeEntryPath(raw: string): string {
  const name = raw.replace(/\\/g, '/');
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) throw new ArchiveError(`absolute path in archive: ${raw}`, 'unsafe', raw);
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) throw new ArchiveError(`path traversal in archive: ${raw}`, 'unsafe', raw);
  if (parts.some((p) => p.includes('\0'))) throw new ArchiveError(`invalid name in archive: ${raw}`, 'unsafe', raw);
  return parts.join('/');
}

/** True for macOS resource forks and similar junk that archivers add. */
function isJunk(path: string): boolean {
  return path.startsWith('__MACOSX/') || path.split('/').some((p) => p === '.DS_Store');
}

/**
 * Reads every file of a zip held in memory. Refuses traversal entries, symlinks, encrypted entries,
 * too many entries and anything that expands past the limits (zip bombs), counting real inflated bytes.
 */
export async function readZip(buffer: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<Map<string, Buffer>> {
  const done = await takeTurn(limits);
  try {
    return await readZipNow(buffer, limits);
  } finally {
    done();
  }
}

async function readZipNow(buffer: Buffer, limits: ZipLimits): Promise<Map<string, Buffer>> {
  const maxTotal = Math.min(limits.maxTotalBytes, Math.max(limits.archiveRatioMinBytes, limits.maxArchiveRatio * buffer.length));
  let zip: yauzl.ZipFile;
  try {
    // decodeStrings off: we check names ourselves so traversal is reported, not silently mangled.
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (err, z) =>
        err || !z ? reject(err) : resolve(z),
      ),
    );
  } catch (e) {
    throw new ArchiveError(`not a zip archive: ${(e as Error).message}`, 'notZip');
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ArchiveError(`too many entries: ${zip.entryCount}`, 'tooLarge');
  }
  const files = new Map<string, Buffer>();
  let total = 0;
  let declared = 0;
  return new Promise<Map<string, Buffer>>((resolve, reject) => {
    let settled = false;
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      zip.close();
      reject(e instanceof ArchiveError ? e : new ArchiveError(`corrupt archive: ${(e as Error).message}`));
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(files);
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        const rawName = (entry.fileName as unknown as Buffer).toString('utf8');
        const path = safeEntryPath(rawName);
        const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
        if (mode === 0o120000) throw new ArchiveError(`symlink in archive: ${rawName}`, 'unsafe', rawName);
        if (entry.isEncrypted()) throw new ArchiveError(`encrypted entry: ${rawName}`, 'unsafe', rawName);
        if (rawName.endsWith('/') || path === '' || isJunk(path)) {
          zip.readEntry();
          return;
        }
        if (entry.uncompressedSize > limits.maxEntryBytes) throw new ArchiveError(`entry too large: ${rawName}`, 'tooLarge', rawName);
        // Declared sizes refuse most bombs before inflating anything; yauzl checks that entries keep to them,
        // and the running count below catches the rest.
        declared += entry.uncompressedSize;
        if (declared > maxTotal) throw new ArchiveError('archive expands past the size limit', 'tooLarge');
        if (
          entry.uncompressedSize > limits.ratioCheckMinBytes &&
          entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)
        )
          throw new ArchiveError(`suspicious compression ratio: ${rawName}`, 'tooLarge', rawName);
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return fail(err ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          let size = 0;
          let crc = 0;
          const ratioLimit = Math.max(limits.ratioCheckMinBytes, limits.maxRatio * Math.max(1, entry.compressedSize));
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            total += chunk.length;
            const problem =
              size > limits.maxEntryBytes || total > maxTotal
                ? 'archive expands past the size limit'
                : size > ratioLimit
                  ? `suspicious compression ratio: ${rawName}`
                  : undefined;
            if (problem) {
              stream.destroy();
              fail(new ArchiveError(problem, 'tooLarge', rawName));
              return;
            }
            crc = crc32(chunk, crc);
            chunks.push(chunk);
          });
          stream.on('error', fail);
          stream.on('end', () => {
            if (settled) return;
            // yauzl does not check CRC-32: a damaged entry would be stored as test data.
            if (crc >>> 0 !== entry.crc32 >>> 0) return fail(new ArchiveError(`CRC-32 mismatch: ${rawName}`));
            files.set(path, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      } catch (e) {
        fail(e);
      }
    });
    zip.readEntry();
  });
}

/** Fixed entry time so that the same content always gives the same bytes (and checksum). */
const FIXED_MTIME = new Date(Date.UTC(2020, 0, 1));

/**
 * A zip of name → content (deflated) as a stream, written while it is read (a download sends it as it comes).
 * Names must already be safe relative paths; `mtime` defaults to a fixed time (the same content, the same bytes).
 */
export function zipStream(files: Iterable<[string, Buffer | string, Date?]>): Readable {
  const zip = new yazl.ZipFile();
  for (const [name, content, mtime] of files) {
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), name, { mtime: mtime ?? FIXED_MTIME });
  }
  zip.end();
  // yazl's output is a stream.PassThrough: a Readable, whatever its typings say.
  return zip.outputStream as Readable;
}

/** Builds a zip from name → content (deflated). Names must already be safe relative paths. */
export function writeZip(files: Iterable<[string, Buffer | string]>): Promise<Buffer> {
  const stream = zipStream(files);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('error', reject);
    stream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
