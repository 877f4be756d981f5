import { createHash } from 'crypto';
import { existsSync, promises as fs } from 'fs';
import * as path from 'path';
import { CaseGroup, CheckerProtocol, ProblemPackage } from '@oj/contracts';
import { writeZip } from '../../core/archive/safe-zip';

export const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

export interface StoredCase {
  caseId: number;
  /** Paths relative to the problem's folder: `<setChecksum>/<caseId>.in`. */
  input: string;
  output: string;
  score: number;
  /** Test group (subtask), null when ungrouped. */
  groupNum: number | null;
  inputChecksum: string;
  outputChecksum: string;
}

/** The case set (folder) of a stored case path `<setChecksum>/<caseId>.in`. */
export const caseSetOf = (relative: string): string => relative.split('/')[0];

/** What the package needs from a problem row. */
export interface PackageSource {
  id: number;
  type: number;
  judgeMode: string;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  isRemoveEndBlank: boolean;
  floatAbsTolerance?: number | null;
  floatRelTolerance?: number | null;
  /** Convention of the special judge / interactor (default testlib). */
  checkerProtocol?: CheckerProtocol;
  /** OI test groups; null or empty: none. */
  caseGroups?: CaseGroup[] | null;
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

/** A case set, judge package or leftover temp entry of a problem (TestcaseStore.storedVersions). */
export interface StoredVersion {
  kind: 'cases' | 'package' | 'tmp';
  /** File or folder name. */
  name: string;
  /** Case set checksum or package checksum (the name without `.zip`). */
  version: string;
  /** Which folder it is in: `testcase/<pid>` or `package/<pid>`. */
  where: 'cases' | 'package';
  mtimeMs: number;
}

const isEntryName = (name: string): boolean => /^[A-Za-z0-9._-]+$/.test(name) && name !== '.' && name !== '..';

async function touch(target: string): Promise<void> {
  const now = new Date();
  await fs.utimes(target, now, now).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
}

async function listDir(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [];
    throw e;
  });
}

/**
 * Test data under DATA_DIR: `testcase/<pid>/<setChecksum>/N.in|N.out` (a new folder per uploaded set, so a
 * judge fetching an older version never sees half-replaced files) and the judge packages
 * `package/<pid>/<packageChecksum>.zip` that workers download and cache by checksum. Replaced versions stay
 * until TestdataCleanupService (modules/file) finds them unneeded; their mtime says when they were last current.
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
  async writeCases(
    pid: number,
    cases: { input: Buffer; output: Buffer; score: number; groupNum?: number | null }[],
  ): Promise<StoredCase[]> {
    const sums = cases.map((c) => ({ i: sha256(c.input), o: sha256(c.output) }));
    const setChecksum = sha256(sums.map((s) => `${s.i}:${s.o}`).join('\n')).slice(0, 32);
    const dir = path.join(this.problemDir(pid), setChecksum);
    // An identical set may be an old one waiting for cleanup: make it recent again so it is not removed under us.
    if (existsSync(dir)) await touch(dir);
    else {
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
      groupNum: c.groupNum ?? null,
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
  async buildPackage(
    problem: PackageSource,
    cases: (Omit<StoredCase, 'groupNum'> & { groupNum?: number | null })[],
  ): Promise<{ version: string; bytes: number }> {
    const files: [string, Buffer | string][] = [];
    // Groups are an OI matter; an ACM problem keeps them stored but judges case by case.
    const grouped = problem.type === 1 && !!problem.caseGroups?.length;
    const pkg: ProblemPackage = {
      timeLimit: problem.timeLimit,
      memoryLimit: problem.memoryLimit,
      stackLimit: problem.stackLimit,
      judgeMode: problem.judgeMode === 'spj' ? 'spj' : problem.judgeMode === 'interactive' ? 'interactive' : 'default',
      type: problem.type === 1 ? 'oi' : 'acm',
      isRemoveEndBlank: problem.isRemoveEndBlank,
      fileIO: problem.isFileIO ? { input: problem.ioReadFileName ?? '', output: problem.ioWriteFileName ?? '' } : null,
      cases: cases.map((c) => ({
        caseId: c.caseId,
        input: `${c.caseId}.in`,
        output: `${c.caseId}.out`,
        score: c.score,
        ...(grouped && c.groupNum != null ? { groupNum: c.groupNum } : {}),
      })),
      ...(grouped ? { groups: problem.caseGroups } : {}),
      userExtraFiles: problem.userExtraFile ?? undefined,
      judgeExtraFiles: problem.judgeExtraFile ?? undefined,
    };
    const abs = problem.floatAbsTolerance ?? null;
    const rel = problem.floatRelTolerance ?? null;
    if (pkg.judgeMode === 'default' && (abs !== null || rel !== null)) {
      pkg.floatTolerance = { ...(abs !== null ? { absolute: abs } : {}), ...(rel !== null ? { relative: rel } : {}) };
    }
    if (pkg.judgeMode !== 'default') {
      pkg.checkerLanguage = problem.spjLanguage ?? 'C++';
      pkg.checkerProtocol = problem.checkerProtocol ?? 'testlib';
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
    if (existsSync(target)) await touch(target);
    else {
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.tmp-${process.pid}-${Date.now()}`;
      await fs.writeFile(tmp, zip);
      await fs.rename(tmp, target);
    }
    return { version, bytes: zip.length };
  }

  /**
   * Marks a package version and a case set as replaced just now: cleanup measures its grace period from a
   * version's mtime, so a version that was current until a moment ago is never taken as an old one.
   */
  async retire(pid: number, old: { packageVersion?: string | null; caseSet?: string | null }): Promise<void> {
    if (old.packageVersion && /^[a-f0-9]{64}$/.test(old.packageVersion)) await touch(this.packagePath(pid, old.packageVersion));
    if (old.caseSet && isEntryName(old.caseSet)) await touch(path.join(this.problemDir(pid), old.caseSet));
  }

  /** Problem ids that have a test data or package folder. */
  async storedProblemIds(): Promise<number[]> {
    const ids = new Set<number>();
    for (const sub of ['testcase', 'package']) {
      for (const name of await listDir(path.join(this.root, sub))) if (/^[1-9]\d*$/.test(name)) ids.add(Number(name));
    }
    return [...ids].sort((a, b) => a - b);
  }

  /**
   * What is stored for a problem: case sets (`testcase/<pid>/<set>`), packages (`package/<pid>/<version>.zip`)
   * and leftovers of interrupted writes (`.tmp-` names), each with its mtime.
   */
  async storedVersions(pid: number): Promise<StoredVersion[]> {
    const out: StoredVersion[] = [];
    const scan = async (kind: 'cases' | 'package', dir: string) => {
      for (const name of await listDir(dir)) {
        const stat = await fs.stat(path.join(dir, name)).catch(() => null);
        if (!stat) continue;
        const tmp = name.includes('.tmp-');
        const version = kind === 'package' ? name.replace(/\.zip$/, '') : name;
        out.push({ kind: tmp ? 'tmp' : kind, name, version, mtimeMs: stat.mtimeMs, where: kind });
      }
    };
    await scan('cases', this.problemDir(pid));
    await scan('package', path.join(this.root, 'package', String(pid)));
    return out;
  }

  /**
   * Removes one entry listed by storedVersions unless it was touched after `notAfterMs` (a save reusing it
   * since it was listed). Returns whether it was removed.
   */
  async removeVersion(pid: number, entry: Pick<StoredVersion, 'name' | 'where'>, notAfterMs = Infinity): Promise<boolean> {
    if (!isEntryName(entry.name)) throw new Error('invalid entry name');
    const dir = entry.where === 'cases' ? this.problemDir(pid) : path.join(this.root, 'package', String(pid));
    const stat = await fs.stat(path.join(dir, entry.name)).catch(() => null);
    if (!stat || stat.mtimeMs > notAfterMs) return false;
    await fs.rm(path.join(dir, entry.name), { recursive: true, force: true });
    return true;
  }

  async removeProblem(pid: number): Promise<void> {
    await fs.rm(this.problemDir(pid), { recursive: true, force: true });
    await fs.rm(path.join(this.root, 'package', String(pid)), { recursive: true, force: true });
  }
}
