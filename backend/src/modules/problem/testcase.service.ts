import { Inject, Injectable } from '@nestjs/common';
import { ERR, HttpStatus, TestcaseZipRefusal, testcaseZipRefusalText } from '@oj/contracts';
import { randomUUID } from 'crypto';
import { existsSync, promises as fs } from 'fs';
import * as path from 'path';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { ApiException, BadRequestError } from '../../core/http/api.exception';
import { ArchiveError, readZip, writeZip } from '../../core/archive/safe-zip';
import { pairTestcases, testcaseRoot } from './testcase-zip';
import { ProblemCase } from './entities/problem-case.entity';
import { TestcaseStore } from './testcase-store';

/** Test data of problems under DATA_DIR, plus the staging folders of uploaded test case zips. */
@Injectable()
export class TestcaseService {
  readonly store: TestcaseStore;
  private readonly uploadRoot: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.store = new TestcaseStore(config.paths.dataDir);
    this.uploadRoot = path.join(config.paths.dataDir, 'testcase-upload');
  }

  /**
   * POST /api/file/upload-testcase-zip: pairs the cases of the zip and keeps them in a staging folder that a
   * following problem save refers to by `uploadTestcaseDir`. A bad archive answers 'Upload Testcase Failed: <why>'
   * with `data: { reason, file? }` (not a zip, no pairs, a name without its partner, too large...).
   */
  async stageZip(zip: Buffer): Promise<{ fileList: { input: string; output: string }[]; fileListDir: string }> {
    let cases;
    try {
      const files = await readZip(zip);
      cases = pairTestcases(files, testcaseRoot(files));
    } catch (e) {
      if (!(e instanceof ArchiveError)) throw e;
      const refusal: TestcaseZipRefusal = e.file ? { reason: e.reason, file: e.file } : { reason: e.reason };
      throw new ApiException(HttpStatus.BadRequest, testcaseZipRefusalText(refusal), refusal);
    }
    const key = randomUUID();
    const dir = path.join(this.uploadRoot, key);
    await fs.mkdir(dir, { recursive: true });
    try {
      await Promise.all(
        cases.flatMap((c) => [fs.writeFile(path.join(dir, c.inputName), c.input), fs.writeFile(path.join(dir, c.outputName), c.output)]),
      );
    } catch (e) {
      // A full disk or a name the file system refuses: nothing half-staged stays behind.
      await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
      throw e instanceof Error && 'code' in e ? new BadRequestError(ERR.uploadTestcaseFailed) : e;
    }
    return { fileList: cases.map((c) => ({ input: c.inputName, output: c.outputName })), fileListDir: key };
  }

  /** Reads staged files named by a problem save; unknown folders and names answer 'Upload Testcase Failed'. */
  async readStaged(key: string, names: { input: string; output: string }[]): Promise<{ input: Buffer; output: Buffer }[]> {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new BadRequestError(ERR.uploadTestcaseFailed);
    const dir = path.join(this.uploadRoot, key);
    const read = async (name: string) => {
      if (!/^[^/\\]+$/.test(name) || name === '..' || !existsSync(path.join(dir, name)))
        throw new BadRequestError(ERR.uploadTestcaseFailed);
      return fs.readFile(path.join(dir, name));
    };
    return Promise.all(names.map(async (n) => ({ input: await read(n.input), output: await read(n.output) })));
  }

  /** A zip of a problem's cases as `N.in`/`N.out` (GET /api/file/download-testcase). */
  async casesZip(pid: number, cases: ProblemCase[]): Promise<Buffer> {
    const files: [string, Buffer][] = [];
    for (const c of cases) {
      files.push([`${c.caseId}.in`, await this.store.readCaseFile(pid, c.input)]);
      files.push([`${c.caseId}.out`, await this.store.readCaseFile(pid, c.output)]);
    }
    return writeZip(files);
  }
}
