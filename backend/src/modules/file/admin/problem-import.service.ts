import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ERR, JUDGING_ERR, JudgeMode, ProblemAuth, ProblemType, withReason } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError } from '../../../core/http/api.exception';
import { ProblemInput } from '../../problem/problem-input';
import { ProblemService } from '../../problem/problem.service';
import { TestcaseService } from '../../problem/testcase.service';
import { ArchiveError, readZip } from '../../../core/archive/safe-zip';
import { evenScores } from '../../problem/testcase-zip';
import { parseFps } from '../formats/fps-format';
import { buildHojArchiveFiles, parseHojArchive } from '../formats/hoj-format';
import { parseHydroArchive } from '../formats/hydro-format';
import { ImportedProblem, overLongField } from '../../problem/imported-problem';
import { parseKattisArchive } from '../formats/kattis-format';
import { parsePolygonArchive } from '../formats/polygon-format';
import { parseQdojArchive } from '../formats/qdoj-format';
import { writeZip } from '../../../core/archive/safe-zip';

export type ImportFormat = 'hoj' | 'fps' | 'qdoj' | 'hydro' | 'kattis' | 'polygon';

/** Import of HOJ zip, FPS XML, QDOJ zip, Hydro zip, ICPC / Kattis and Polygon packages; export of a selection as HOJ zip. */
@Injectable()
export class ProblemImportService {
  constructor(
    private readonly problems: ProblemService,
    private readonly testcases: TestcaseService,
    private readonly dataSource: DataSource,
  ) {}

  /** Every text of an imported problem within its column's length, checked before anything is stored. */
  private assertLengths(p: ImportedProblem): void {
    const tooLong = overLongField(this.dataSource, p);
    if (tooLong) throw new ArchiveError(tooLong);
  }

  /**
   * Parses the upload and stores every problem, all or nothing. A bad archive answers 'Upload Problem Failed' with
   * the importer's reason appended ("Upload Problem Failed: no test cases in data/secret or data/sample: hello/").
   */
  async import(format: ImportFormat, upload: Buffer, user: AuthUser): Promise<{ problemId: string; id: number }[]> {
    let parsed: ImportedProblem[];
    try {
      parsed = await this.parse(format, upload);
      parsed.forEach((p) => this.assertLengths(p));
    } catch (e) {
      if (e instanceof ArchiveError) throw new BadRequestError(withReason(ERR.uploadProblemFailed, e.message));
      throw e;
    }
    const stamp = Date.now().toString(36).toUpperCase();
    const ids = new Set<string>();
    const inputs: ProblemInput[] = parsed.map((p, i) => {
      const problemId = (p.problemId ?? '').trim() || `${format.toUpperCase()}-${stamp}-${i + 1}`;
      if (ids.has(problemId)) throw new BadRequestError(JUDGING_ERR.problemIdExists);
      ids.add(problemId);
      // OI without any score: 100 points spread over the cases (a problem with groups scores by its groups).
      const scores =
        p.type === ProblemType.OI && !p.caseGroups?.length && p.cases.every((c) => c.score === 0) ? evenScores(p.cases.length) : null;
      return {
        ...p,
        problemId,
        casesToStore: p.cases.map((c, n) => ({ ...c, score: scores ? scores[n] : c.score })),
      };
    });
    const saved = await this.problems.saveMany(inputs, user);
    return saved.map((p) => ({ problemId: p.problemId, id: p.id }));
  }

  private async parse(format: ImportFormat, upload: Buffer): Promise<ImportedProblem[]> {
    if (format === 'fps') {
      // An FPS upload is the XML itself, or a zip of XML files.
      if (upload.subarray(0, 2).toString('latin1') === 'PK') {
        const files = await readZip(upload);
        const xmls = [...files.entries()].filter(([name]) => name.toLowerCase().endsWith('.xml'));
        if (xmls.length === 0) throw new ArchiveError('no xml in archive');
        return xmls.flatMap(([, data]) => parseFps(data.toString('utf8')));
      }
      return parseFps(upload.toString('utf8'));
    }
    const files = await readZip(upload);
    if (format === 'hoj') return parseHojArchive(files);
    if (format === 'qdoj') return parseQdojArchive(files);
    if (format === 'kattis') return parseKattisArchive(files);
    if (format === 'polygon') return parsePolygonArchive(files);
    return parseHydroArchive(files);
  }

  /** GET /api/file/export-problem: the selected problems as one HOJ zip. */
  async exportHoj(pids: number[]): Promise<Buffer> {
    const unique = [...new Set(pids)];
    if (unique.length === 0) throw new BadRequestError(JUDGING_ERR.exportSelectionEmpty);
    const out: ImportedProblem[] = [];
    for (const pid of unique) {
      const p = await this.problems.findById(pid);
      const [tags, languages, codeTemplates, cases] = await Promise.all([
        this.problems.tagsOf([pid]),
        this.problems.languageNamesOf(pid),
        this.problems.templatesOf(pid),
        this.problems.casesOf(pid),
      ]);
      out.push({
        problemId: p.problemId,
        title: p.title,
        author: p.author ?? undefined,
        description: p.description,
        input: p.input,
        output: p.output,
        hint: p.hint,
        source: p.source,
        timeLimit: p.timeLimit,
        memoryLimit: p.memoryLimit,
        stackLimit: p.stackLimit,
        difficulty: p.difficulty,
        auth: p.auth as ProblemAuth,
        type: p.type as ProblemType,
        judgeMode: p.judgeMode as JudgeMode,
        isRemoveEndBlank: p.isRemoveEndBlank,
        openCaseResult: p.openCaseResult,
        codeShare: p.codeShare,
        isFileIO: p.isFileIO,
        ioReadFileName: p.ioReadFileName,
        ioWriteFileName: p.ioWriteFileName,
        examples: p.examples,
        languages,
        tags: (tags.get(pid) ?? []).map((t) => t.name),
        codeTemplates,
        spjCode: p.spjCode,
        spjLanguage: p.spjLanguage,
        userExtraFile: p.userExtraFile,
        judgeExtraFile: p.judgeExtraFile,
        caseGroups: p.caseGroups,
        checkerProtocol: p.checkerProtocol,
        cases: await Promise.all(
          cases.map(async (c) => ({
            input: await this.testcases.store.readCaseFile(pid, c.input),
            output: await this.testcases.store.readCaseFile(pid, c.output),
            score: c.score,
            groupNum: c.groupNum,
          })),
        ),
      });
    }
    return writeZip(buildHojArchiveFiles(out));
  }
}
