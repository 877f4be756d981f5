import { ProblemAuth, formatHojExamples } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../../core/http/api.exception';
import { Problem } from './entities/problem.entity';
import { Tag } from './entities/tag.entity';
import { ProblemService } from './problem.service';

/** Columns of a bank problem shown inside a contest or an exam (never the checker code or extra judge files). */
const PUBLIC_PROBLEM_COLUMNS = [
  'id',
  'problemId',
  'title',
  'author',
  'type',
  'judgeMode',
  'timeLimit',
  'memoryLimit',
  'stackLimit',
  'description',
  'input',
  'output',
  'examples',
  'source',
  'difficulty',
  'hint',
  'ioScore',
  'codeShare',
  'isRemoveEndBlank',
  'openCaseResult',
  'isFileIO',
  'ioReadFileName',
  'ioWriteFileName',
  'userExtraFile',
  'auth',
  'isGroup',
] as const satisfies readonly (keyof Problem)[];

/**
 * A bank problem under its contest or exam display id, title and colour, with its languages and templates
 * (get-contest-problem-details, get-exam-problem-details). `hideHints` drops source, author and difficulty.
 */
export async function timedProblemDetails(
  db: DataSource,
  bank: ProblemService,
  link: { pid: number; displayId: string; displayTitle: string; color: string | null },
  hideHints: boolean,
): Promise<ReturnType<typeof timedProblemView>> {
  const loaded = await loadTimedProblem(db, bank, link.pid);
  if (!loaded) throw new NotFoundError();
  return timedProblemView(loaded, link, hideHints);
}

/** What a timed problem page shows of a bank problem, read once (a contest caches it per replica). */
export interface TimedProblem {
  problem: Pick<Problem, (typeof PUBLIC_PROBLEM_COLUMNS)[number]>;
  languages: string[];
  codeTemplate: Record<string, string>;
  tags: Tag[];
}

/** The bank problem's public columns, languages and enabled code templates, or null when it is gone. */
export async function loadTimedProblem(db: DataSource, bank: ProblemService, pid: number): Promise<TimedProblem | null> {
  const problem = await db.getRepository(Problem).findOne({ select: [...PUBLIC_PROBLEM_COLUMNS], where: { id: pid } });
  if (!problem) return null;
  const [languages, templates, tags] = await Promise.all([
    bank.languagesFor(problem.id),
    bank.templatesOf(problem.id),
    bank.tagsOf([problem.id]),
  ]);
  return {
    problem,
    tags: tags.get(problem.id) ?? [],
    languages: languages.map((l) => l.name),
    // The bank problem's enabled code templates per language, as get-problem-detail gives them (HOJ ProblemInfoVO).
    codeTemplate: Object.fromEntries(templates.map((t) => [t.language, t.code])),
  };
}

/** A loaded problem under its display id, title and colour; `hideHints` drops source, author and difficulty. */
export function timedProblemView(
  loaded: TimedProblem,
  link: { displayId: string; displayTitle: string; color: string | null },
  hideHints: boolean,
): {
  problem: Record<string, unknown>;
  languages: string[];
  codeTemplate: Record<string, string>;
  now: string;
  bankProblemId: string | null;
} {
  const hidden = hideHints ? { source: null, author: null, difficulty: null } : {};
  const { isGroup, ...shown } = loaded.problem;
  return {
    problem: {
      ...shown,
      ...hidden,
      examples: formatHojExamples(loaded.problem.examples),
      problemId: link.displayId,
      title: link.displayTitle,
      color: link.color,
    },
    languages: loaded.languages,
    codeTemplate: loaded.codeTemplate,
    now: new Date().toISOString(),
    // the bank's own id of a problem the bank shows to everyone, once hints show (after the end, or to admins): the
    // page links it for practice (upsolving); during the contest it would lead to the bank's shared solutions
    bankProblemId: !hideHints && loaded.problem.auth === ProblemAuth.Public && !isGroup ? loaded.problem.problemId : null,
  };
}
