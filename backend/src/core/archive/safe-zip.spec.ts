import { manyEntryBomb, zeroBomb, zipWithRawName } from '../../../test/fixtures/zip-fixtures';
import { ArchiveError, DEFAULT_ZIP_LIMITS, readZip, safeEntryPath, writeZip } from './safe-zip';
import { evenScores, pairTestcases, testcaseRoot } from '../../modules/problem/testcase-zip';

// Building and refusing bombs is quick, but the shared machine can be slow.
jest.setTimeout(30_000);

describe('safe zip reading', () => {
  it('reads back what was written, skipping folders and __MACOSX junk', async () => {
    const zip = await writeZip([
      ['a/1.in', '1 2\n'],
      ['a/1.out', '3\n'],
      ['__MACOSX/a/._1.in', 'junk'],
    ]);
    const files = await readZip(zip);
    expect([...files.keys()].sort()).toEqual(['a/1.in', 'a/1.out']);
    expect(files.get('a/1.in')!.toString()).toBe('1 2\n');
  });

  it('refuses a path traversal entry', async () => {
    const zip = await zipWithRawName('aa/evil.in', '../evil.in');
    await expect(readZip(zip)).rejects.toThrow('path traversal in archive: ../evil.in');
  });

  it('refuses an absolute path entry', async () => {
    const zip = await zipWithRawName('xetc/passwd', '/etc/passwd');
    await expect(readZip(zip)).rejects.toThrow('absolute path in archive: /etc/passwd');
  });

  it('refuses an archive that inflates past the total limit, counting real bytes', async () => {
    const zip = await zeroBomb(8 * 1024 * 1024);
    const limits = { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 1024 * 1024, ratioCheckMinBytes: Number.MAX_SAFE_INTEGER };
    await expect(readZip(zip, limits)).rejects.toThrow(ArchiveError);
  });

  it('refuses a suspicious compression ratio before inflating', async () => {
    const zip = await zeroBomb(8 * 1024 * 1024);
    const limits = { ...DEFAULT_ZIP_LIMITS, ratioCheckMinBytes: 1024 * 1024, maxRatio: 100 };
    await expect(readZip(zip, limits)).rejects.toThrow('suspicious compression ratio: bomb.in');
  });

  it('refuses an entry whose CRC-32 does not match its bytes', async () => {
    const zip = await writeZip([['1.in', 'hello world, these are the cases\n']]);
    const corrupt = Buffer.from(zip);
    // The stored CRC of the local header (offset 14) and of the central directory entry both say otherwise.
    corrupt.writeUInt32LE((corrupt.readUInt32LE(14) ^ 1) >>> 0, 14);
    const central = corrupt.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    corrupt.writeUInt32LE((corrupt.readUInt32LE(central + 16) ^ 1) >>> 0, central + 16);
    await expect(readZip(corrupt)).rejects.toThrow('CRC-32 mismatch: 1.in');
    await expect(readZip(zip)).resolves.toBeInstanceOf(Map);
  });

  it('checks the ratio of small entries too, and of the whole archive, with the default limits', async () => {
    // 4 MB of zeros is far below the per-entry size limit, but inflates over 1000 times its compressed size.
    await expect(readZip(await zeroBomb(4 * 1024 * 1024))).rejects.toThrow(/suspicious compression ratio|expands past/);
    // Many entries each under the per-entry floor: the archive-wide bound stops them.
    const limits = { ...DEFAULT_ZIP_LIMITS, archiveRatioMinBytes: 1024 * 1024, maxArchiveRatio: 10 };
    const many = await writeZip(
      Array.from({ length: 40 }, (_, i): [string, Buffer] => [`${i}.in`, Buffer.alloc(512 * 1024, 48 + (i % 10))]),
    );
    await expect(readZip(many, limits)).rejects.toThrow('archive expands past the size limit');
  });

  it('reads at most maxConcurrent archives at once and refuses past maxWaiting', async () => {
    const zip = await writeZip([['1.in', '1']]);
    const limits = { ...DEFAULT_ZIP_LIMITS, maxConcurrent: 1, maxWaiting: 1 };
    const results = await Promise.allSettled([readZip(zip, limits), readZip(zip, limits), readZip(zip, limits)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(await readZip(zip, limits)).toBeInstanceOf(Map);
  });

  it('refuses bytes that are not a zip', async () => {
    await expect(readZip(Buffer.from('hello world'))).rejects.toThrow(/^not a zip archive/);
  });

  it('refuses too many entries', async () => {
    const zip = await writeZip([
      ['1.in', '1'],
      ['1.out', '1'],
      ['2.in', '1'],
    ]);
    await expect(readZip(zip, { ...DEFAULT_ZIP_LIMITS, maxEntries: 2 })).rejects.toThrow('too many entries: 3');
  });

  it('normalises entry paths', () => {
    expect(safeEntryPath('./a//b\\c.in')).toBe('a/b/c.in');
    expect(() => safeEntryPath('a/../../b')).toThrow(ArchiveError);
    expect(() => safeEntryPath('C:/x')).toThrow(ArchiveError);
  });
});

describe('test case pairing', () => {
  const files = (names: string[]) => new Map(names.map((n) => [n, Buffer.from(n)]));

  it('pairs N.in with N.out or N.ans in natural order', () => {
    const cases = pairTestcases(files(['10.in', '10.ans', '2.in', '2.out', '1.in', '1.out']));
    expect(cases.map((c) => [c.caseId, c.inputName, c.outputName])).toEqual([
      [1, '1.in', '1.out'],
      [2, '2.in', '2.out'],
      [3, '10.in', '10.ans'],
    ]);
  });

  it('pairs inputN.txt with outputN.txt', () => {
    const cases = pairTestcases(files(['input1.txt', 'output1.txt', 'input2.txt', 'output2.txt']));
    expect(cases.map((c) => c.inputName)).toEqual(['input1.txt', 'input2.txt']);
  });

  it('refuses an input without output and an output without input', () => {
    expect(() => pairTestcases(files(['1.in', '1.out', '2.in']))).toThrow('input without output: 2.in');
    expect(() => pairTestcases(files(['1.in', '1.out', '3.out']))).toThrow('output without input: 3.out');
  });

  it('refuses an archive without cases', () => {
    expect(() => pairTestcases(files(['readme.md']))).toThrow('no test cases found');
  });

  it('finds cases inside a single top-level folder', () => {
    const f = files(['data/1.in', 'data/1.out']);
    expect(testcaseRoot(f)).toBe('data/');
    expect(pairTestcases(f, testcaseRoot(f))).toHaveLength(1);
  });

  it('splits 100 points over the cases', () => {
    expect(evenScores(3)).toEqual([33, 33, 34]);
    expect(evenScores(4)).toEqual([25, 25, 25, 25]);
  });
});

describe('zip bombs of many small entries', () => {
  it('refuses them once the real inflated total passes the limit', async () => {
    const zip = manyEntryBomb(80, 8 * 1024 * 1024);
    expect(zip.length).toBeLessThan(1024 * 1024);
    // Each entry is now refused by its own ratio first; without that check, the running total stops it.
    await expect(readZip(zip)).rejects.toThrow(/suspicious compression ratio|archive expands past the size limit/);
    const noRatio = { ...DEFAULT_ZIP_LIMITS, maxRatio: Number.MAX_SAFE_INTEGER, ratioCheckMinBytes: Number.MAX_SAFE_INTEGER };
    await expect(readZip(zip, noRatio)).rejects.toThrow('archive expands past the size limit');
  });
});
