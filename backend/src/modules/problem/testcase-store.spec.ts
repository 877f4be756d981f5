import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { readZip } from '../../core/archive/safe-zip';
import { PackageSource, sha256, TestcaseStore } from './testcase-store';

describe('TestcaseStore', () => {
  let root: string;
  let store: TestcaseStore;
  const problem: PackageSource = {
    id: 7,
    type: 1,
    judgeMode: 'spj',
    timeLimit: 1000,
    memoryLimit: 128,
    stackLimit: 64,
    isRemoveEndBlank: true,
    isFileIO: false,
    ioReadFileName: null,
    ioWriteFileName: null,
    spjCode: 'int main(){return 0;}',
    spjLanguage: 'C++',
    userExtraFile: null,
    judgeExtraFile: null,
  };
  const cases = [
    { input: Buffer.from('1 2\n'), output: Buffer.from('3\n'), score: 30 },
    { input: Buffer.from('2 2\n'), output: Buffer.from('4\n'), score: 70 },
  ];

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'oj-store-'));
    store = new TestcaseStore(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stores a case set by checksum and reads it back', async () => {
    const rows = await store.writeCases(7, cases);
    expect(rows.map((r) => [r.caseId, r.score, r.inputChecksum])).toEqual([
      [1, 30, sha256('1 2\n')],
      [2, 70, sha256('2 2\n')],
    ]);
    expect((await store.readCaseFile(7, rows[1].output)).toString()).toBe('4\n');
    expect(await store.writeCases(7, cases)).toEqual(rows);
    await expect(store.readCaseFile(7, '../../etc/passwd')).rejects.toThrow('invalid case path');
  });

  it('builds a deterministic package with problem.json, cases and the checker at the top level', async () => {
    const rows = await store.writeCases(7, cases);
    const a = await store.buildPackage(problem, rows);
    const b = await store.buildPackage(problem, rows);
    expect(a.version).toMatch(/^[a-f0-9]{64}$/);
    expect(b.version).toBe(a.version);
    const { readFileSync } = await import('fs');
    const zip = readFileSync(store.packagePath(7, a.version));
    expect(sha256(zip)).toBe(a.version);
    const files = await readZip(zip);
    expect([...files.keys()].sort()).toEqual(['1.in', '1.out', '2.in', '2.out', 'checker.cpp', 'problem.json']);
    expect(JSON.parse(files.get('problem.json')!.toString())).toMatchObject({
      timeLimit: 1000,
      memoryLimit: 128,
      judgeMode: 'spj',
      type: 'oi',
      checkerLanguage: 'C++',
      cases: [
        { caseId: 1, input: '1.in', output: '1.out', score: 30 },
        { caseId: 2, input: '2.in', output: '2.out', score: 70 },
      ],
    });
    const changed = await store.buildPackage({ ...problem, timeLimit: 2000 }, rows);
    expect(changed.version).not.toBe(a.version);
  });
});
