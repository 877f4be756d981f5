import { Injectable } from '@nestjs/common';
import { caseGroupsFromHoj, DIFFICULTY_MAX, DIFFICULTY_MIN, JudgeMode, ProblemAuth, ProblemType } from '@oj/contracts';
import { AuthUser } from '../../core/auth/auth-user';
import { parseHojExamples } from './imported-problem';
import { ProblemDto } from './dto/problem.dto';
import { Problem } from './entities/problem.entity';
import { ProblemInput } from './problem-input';
import { InTransaction, ProblemService } from './problem.service';
import { TestcaseService } from './testcase.service';

function extraFiles(v: Record<string, string> | string | null | undefined): Record<string, string> | null {
  if (!v) return null;
  if (typeof v === 'object') return v;
  try {
    return JSON.parse(v) as Record<string, string>;
  } catch {
    return null;
  }
}

/** Turns the admin form (HOJ ProblemDTO) into a ProblemInput, then saves it through ProblemService. */
@Injectable()
export class ProblemFormService {
  constructor(
    private readonly problems: ProblemService,
    private readonly testcases: TestcaseService,
  ) {}

  /** `within` runs in the save's transaction (see ProblemService.save). */
  async create(dto: ProblemDto, user: AuthUser, within?: InTransaction): Promise<Problem> {
    const input = await this.toInput(dto, undefined);
    await this.problems.assertCheckerCompiles(input.judgeMode, input.spjLanguage, input.spjCode);
    return this.problems.save(input, user, undefined, within);
  }

  async update(dto: ProblemDto, user: AuthUser, within?: InTransaction): Promise<Problem> {
    const existing = await this.problems.findById(dto.problem.id ?? 0);
    const input = await this.toInput(dto, existing);
    if (input.spjCode !== existing.spjCode || input.spjLanguage !== existing.spjLanguage || input.judgeMode !== existing.judgeMode) {
      await this.problems.assertCheckerCompiles(input.judgeMode, input.spjLanguage, input.spjCode);
    }
    return this.problems.save(input, user, existing, within);
  }

  private async toInput(dto: ProblemDto, existing: Problem | undefined): Promise<ProblemInput> {
    const p = dto.problem;
    const pick = <K extends keyof Problem>(key: K, value: Problem[K] | undefined, fallback: Problem[K]): Problem[K] =>
      value !== undefined ? value : existing ? existing[key] : fallback;
    const type = pick('type', p.type, ProblemType.ACM);
    let casesToStore: ProblemInput['casesToStore'] = null;
    const samples = dto.samples ?? [];
    if (dto.isUploadTestCase && dto.uploadTestcaseDir) {
      const files = await this.testcases.readStaged(dto.uploadTestcaseDir, samples);
      casesToStore = files.map((f, i) => ({ ...f, score: samples[i].score ?? 0, groupNum: samples[i].groupNum ?? null }));
    } else if (!dto.isUploadTestCase && samples.length) {
      casesToStore = samples.map((s) => ({
        input: Buffer.from(s.input),
        output: Buffer.from(s.output),
        score: s.score ?? 0,
        groupNum: s.groupNum ?? null,
      }));
    } else if (!existing) {
      casesToStore = [];
    }
    // Kept cases (uploaded, nothing new): the editor still sends their scores and groups.
    const storedCaseMeta =
      existing && !casesToStore && samples.length ? samples.map((s) => ({ score: s.score ?? 0, groupNum: s.groupNum ?? null })) : null;
    const tagColors = Object.fromEntries((dto.tags ?? []).map((t) => [t.name.trim(), t.color ?? null]));
    return {
      problemId: p.problemId.trim(),
      title: p.title.trim(),
      author: p.author ?? undefined,
      description: pick('description', p.description, ''),
      input: pick('input', p.input, ''),
      output: pick('output', p.output, ''),
      hint: pick('hint', p.hint, ''),
      source: pick('source', p.source, ''),
      timeLimit: pick('timeLimit', p.timeLimit, 1000),
      memoryLimit: pick('memoryLimit', p.memoryLimit, 256),
      stackLimit: pick('stackLimit', p.stackLimit, 128),
      difficulty: Math.min(DIFFICULTY_MAX, Math.max(DIFFICULTY_MIN, pick('difficulty', p.difficulty, 0))),
      auth: pick('auth', p.auth, ProblemAuth.Public) as ProblemAuth,
      type: type as ProblemType,
      judgeMode: pick('judgeMode', p.judgeMode, JudgeMode.Default) as JudgeMode,
      isRemoveEndBlank: pick('isRemoveEndBlank', p.isRemoveEndBlank, true),
      floatAbsTolerance: pick('floatAbsTolerance', p.floatAbsTolerance, null),
      floatRelTolerance: pick('floatRelTolerance', p.floatRelTolerance, null),
      checkerProtocol: pick('checkerProtocol', p.checkerProtocol, 'testlib'),
      caseGroups:
        p.caseGroups !== undefined
          ? (p.caseGroups ?? null)
          : (caseGroupsFromHoj(p.judgeCaseMode, samples) ?? (existing && !casesToStore ? existing.caseGroups : null)),
      openCaseResult: pick('openCaseResult', p.openCaseResult, true),
      codeShare: pick('codeShare', p.codeShare, true),
      isFileIO: pick('isFileIO', p.isFileIO, false),
      ioReadFileName: pick('ioReadFileName', p.ioReadFileName, null) || null,
      ioWriteFileName: pick('ioWriteFileName', p.ioWriteFileName, null) || null,
      examples:
        p.examples === undefined ? (existing?.examples ?? []) : typeof p.examples === 'string' ? parseHojExamples(p.examples) : p.examples,
      languages: (dto.languages ?? []).map((l) => (typeof l === 'string' ? l : l?.name)).filter((l): l is string => !!l),
      tags: (dto.tags ?? []).map((t) => t.name.trim()),
      tagColors,
      codeTemplates: (dto.codeTemplates ?? []).filter((t) => t.status !== false).map((t) => ({ language: t.language, code: t.code })),
      spjCode: pick('spjCode', p.spjCode, null),
      spjLanguage: pick('spjLanguage', p.spjLanguage, null),
      userExtraFile: p.userExtraFile !== undefined ? extraFiles(p.userExtraFile) : (existing?.userExtraFile ?? null),
      judgeExtraFile: p.judgeExtraFile !== undefined ? extraFiles(p.judgeExtraFile) : (existing?.judgeExtraFile ?? null),
      cases: [],
      casesToStore,
      storedCaseMeta,
    };
  }
}
