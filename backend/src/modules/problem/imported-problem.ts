import { JudgeMode, ProblemAuth, ProblemType } from '@oj/contracts';
import type { CaseGroup, CheckerProtocol } from '@oj/contracts';
import type { DataSource } from 'typeorm';
import { Problem } from './entities/problem.entity';
import { Tag } from './entities/tag.entity';

/** One problem read from any import format, before it is stored. */
export interface ImportedProblem {
  problemId?: string;
  title: string;
  author?: string;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  /** ms */
  timeLimit: number;
  /** MB */
  memoryLimit: number;
  /** MB */
  stackLimit: number;
  difficulty: number;
  auth: ProblemAuth;
  type: ProblemType;
  judgeMode: JudgeMode;
  isRemoveEndBlank: boolean;
  openCaseResult: boolean;
  codeShare: boolean;
  isFileIO: boolean;
  ioReadFileName: string | null;
  ioWriteFileName: string | null;
  examples: { input: string; output: string }[];
  /** Language display names; empty means every language the judges run. */
  languages: string[];
  tags: string[];
  codeTemplates: { language: string; code: string }[];
  spjCode: string | null;
  spjLanguage: string | null;
  userExtraFile: Record<string, string> | null;
  judgeExtraFile: Record<string, string> | null;
  cases: { input: Buffer; output: Buffer; score: number; groupNum?: number | null }[];
  /** OI test groups (subtasks) the cases' groupNums name; null or absent: none. */
  caseGroups?: CaseGroup[] | null;
  /** Special judge / interactor convention (contracts ProblemPackage.checkerProtocol); absent: testlib. */
  checkerProtocol?: CheckerProtocol;
  /** Default mode: float tolerance of the comparison (null: exact). */
  floatAbsTolerance?: number | null;
  floatRelTolerance?: number | null;
  /**
   * A remote judge's problem (issue 34): its site key (REMOTE_OJS). It has no test data; its submissions are forwarded
   * to that site. Absent on an edit: the problem keeps its origin.
   */
  remoteOj?: string | null;
}

export function emptyProblem(): ImportedProblem {
  return {
    title: '',
    description: '',
    input: '',
    output: '',
    hint: '',
    source: '',
    timeLimit: 1000,
    memoryLimit: 256,
    stackLimit: 128,
    difficulty: 0,
    auth: ProblemAuth.Public,
    type: ProblemType.ACM,
    judgeMode: JudgeMode.Default,
    isRemoveEndBlank: true,
    openCaseResult: true,
    codeShare: true,
    isFileIO: false,
    ioReadFileName: null,
    ioWriteFileName: null,
    examples: [],
    languages: [],
    tags: [],
    codeTemplates: [],
    spjCode: null,
    spjLanguage: null,
    userExtraFile: null,
    judgeExtraFile: null,
    cases: [],
  };
}

/** HOJ stores examples as `<input>..</input><output>..</output>` pairs in one string (contracts reads and writes it). */
export { formatHojExamples, parseHojExamples } from '@oj/contracts';

/**
 * The first text of an imported problem longer than its column allows ("title too long", "tag too long"), or null.
 * Read from the entities' metadata, so it follows the schema: importers check before anything is stored, and a
 * 300-character title is a bad archive, not a database error.
 */
export function overLongField(dataSource: DataSource, p: ImportedProblem): string | null {
  const tooLong = (value: unknown, max: number | undefined) => typeof value === 'string' && max !== undefined && [...value].length > max;
  for (const column of dataSource.getMetadata(Problem).columns) {
    const max = column.length ? Number(column.length) : undefined;
    if (tooLong((p as unknown as Record<string, unknown>)[column.propertyName], max)) return `${column.propertyName} too long`;
  }
  const tagMax = Number(dataSource.getMetadata(Tag).findColumnWithPropertyName('name')?.length) || undefined;
  return p.tags.some((t) => tooLong(t, tagMax)) ? 'tag too long' : null;
}
