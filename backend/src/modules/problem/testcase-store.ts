import { createHash } from 'crypto';
import { existsSync, promises as fs } from 'fs';
import * as path from 'path';
import { ProblemPackage } from '@oj/contracts';
import { writeZip } from '../file/archive/safe-zip';

export const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

export interface StoredCase {
  caseId: number;
  /** Paths relative to the problem's folder: `<setChecksum>/<caseId>.in`. */
  input: string;
  output: string;
  score: number;
  inputChecksum: string;
  outputChecksum: string;
}

/** What the package needs from a problem row. */
export interface PackageSource {
  id: number;
  type: number;
  judgeMode: string;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  isRemoveEndBlank: boolean;
  isFileIO: boolean;
  ioReadFileName: string | null;
  ioWriteFileName: string | null;
  spjCode: string | null;
  spjLanguage: string | null;
  userExtraFile: Record<string, string> | null;
  judgeExtraFile: Record<string, string> | null;
}

const CHECKER_EXT: Record<string, string> = {
  C: 'c',
  'C With O2': 'c',
  'C++': 'cpp',
  'C++ With O2': 'cpp',
  'C++ 17': 'cpp',
  'C++ 17 With O2': 'cpp',
  'C++ 20': 'cpp',
  'C++ 20 With O2': 'cpp',
  Java: 'java',
  Python3: 'py',
  PyPy3: 'py',
};
export const checkerExtension = (language: string | null): string => CHECKER_EXT[language ?? 'C++'] ?? 'cpp';

/**
 * Test data under DATA_DIR: `testcase/<pid>/<setChecksum>/N.in|N.out` (a new folder per uploaded set, so a
 * judge fetching an older version never sees half-replaced files) and the judge packages
 * `package/<pid>/<packageChecksum>.zip` that workers download and cache by checksum.
 */
export class TestcaseStore {
  constructor(private readonly root: string) {}

  private problemDir(pid: number): string {
    return path.join(this.root, 'testcase', String(pid));
  }

  packagePath(pid: number, version: string): string {
    if (!/^[a-f0-9]{64}$/.test(version)) throw new Error('invalid package version');
    return path.join(this.root, 'package', String(pid), `${version}.zip`);
  }

  /** Writes a case set; returns rows to store. Writing is atomic per set (temp folder, then rename). */
  async writeCases(pid: number, cases: { input: Buffer; output: Buffer; score: number }[]): Promise<StoredCase[]> {
    const sums = cases.map((c) => ({ i: sha256(c.input), o: sha256(c.output) }));
    const setChecksum = sha256(sums.map((s) => `${s.i}:${s.o}`).join('\n')).slice(0, 32);
    const dir = path.join(this.problemDir(pid), setChecksum);
    if (!existsSync(dir)) {
      const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
      await fs.mkdir(tmp, { recursive: true });
      await Promise.all(
        cases.flatMap((c, n) => [
          fs.writeFile(path.join(tmp, `${n + 1}.in`), c.input),
          fs.writeFile(path.join(tmp, `${n + 1}.out`), c.output),
        ]),
      );
      try {
        await fs.rename(tmp, dir);
      } catch (e) {
        // Another replica stored the same set first: identical content, keep theirs.
        await fs.rm(tmp, { recursive: true, force: true });
        if (!existsSync(dir)) throw e;
      }
    }
    return cases.map((c, n) => ({
      caseId: n + 1,
      input: `${setChecksum}/${n + 1}.in`,
      output: `${setChecksum}/${n + 1}.out`,
      score: c.score,
      inputChecksum: sums[n].i,
      outputChecksum: sums[n].o,
    }));
  }

  async readCaseFile(pid: number, relative: string): Promise<Buffer> {
    const full = path.resolve(this.problemDir(pid), relative);
    if (!full.startsWith(this.problemDir(pid) + path.sep)) throw new Error('invalid case path');
    return fs.readFile(full);
  }

  /**
   * Builds the judge package: problem.json (contracts ProblemPackage), the case files and the checker or
   * interactor at the top level. Its version is the sha256 of the zip, which is deterministic.
   */
  async buildPackage(problem: PackageSource, cases: StoredCase[]): Promise<{ version: string; bytes: number }> {
    const files: [string, Buffer | string][] = [];
    const pkg: ProblemPackage = {
      timeLimit: problem.timeLimit,
      memoryLimit: problem.memoryLimit,
      stackLimit: problem.stackLimit,
      judgeMode: problem.judgeMode === 'spj' ? 'spj' : problem.judgeMode === 'interactive' ? 'interactive' : 'default',
      type: problem.type === 1 ? 'oi' : 'acm',
      isRemoveEndBlank: problem.isRemoveEndBlank,
      fileIO: problem.isFileIO ? { input: problem.ioReadFileName ?? '', output: problem.ioWriteFileName ?? '' } : null,
      cases: cases.map((c) => ({ caseId: c.caseId, input: `${c.caseId}.in`, output: `${c.caseId}.out`, score: c.score })),
      userExtraFiles: problem.userExtraFile ?? undefined,
      judgeExtraFiles: problem.judgeExtraFile ?? undefined,
    };
    if (pkg.judgeMode !== 'default') {
      pkg.checkerLanguage = problem.spjLanguage ?? 'C++';
      pkg.checkerProtocol = 'testlib';
      const base = pkg.judgeMode === 'spj' ? 'checker' : 'interactor';
      files.push([`${base}.${checkerExtension(pkg.checkerLanguage)}`, problem.spjCode ?? '']);
    }
    files.unshift(['problem.json', JSON.stringify(pkg, null, 2)]);
    for (const c of cases) {
      files.push([`${c.caseId}.in`, await this.readCaseFile(problem.id, c.input)]);
      files.push([`${c.caseId}.out`, await this.readCaseFile(problem.id, c.output)]);
    }
    const zip = await writeZip(files);
    const version = sha256(zip);
    const target = this.packagePath(problem.id, version);
    if (!existsSync(target)) {
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.tmp-${process.pid}-${Date.now()}`;
      await fs.writeFile(tmp, zip);
      await fs.rename(tmp, target);
    }
    return { version, bytes: zip.length };
  }

  async removeProblem(pid: number): Promise<void> {
    await fs.rm(this.problemDir(pid), { recursive: true, force: true });
    await fs.rm(path.join(this.root, 'package', String(pid)), { recursive: true, force: true });
  }
}
