import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContestType, GroupMemberStatus, JudgeStatus, Role, contestSealTime, isRankSealedAt } from '@oj/contracts';
import { createHash } from 'crypto';
import { DataSource } from 'typeorm';
import type { Contest } from '../contest/entities/contest.entity';
import { ContestThreadsService } from '../discussion/contest-threads.service';
import { JudgeServerRegistry } from '../judge-queue/judge-server-registry.service';
import { JUDGEMENT_TYPES, ccsTime, judgementTypeOf, relTime } from './ccs-format';

/** One object of the API: its type, id (null for singletons) and JSON. */
export interface ApiObject {
  type: string;
  id: string | null;
  data: Record<string, unknown>;
}

/** Everything the API shows of a contest at one moment, for one view. */
export interface ContestObjects {
  contest: Record<string, unknown>;
  state: Record<string, unknown>;
  judgementTypes: Record<string, unknown>[];
  languages: Record<string, unknown>[];
  problems: Record<string, unknown>[];
  organizations: Record<string, unknown>[];
  teams: Record<string, unknown>[];
  submissions: Record<string, unknown>[];
  judgements: Record<string, unknown>[];
  runs: Record<string, unknown>[];
  clarifications: Record<string, unknown>[];
}

const ID = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,35}$/;
/** An id the spec accepts: the value itself when it fits, else a short stable hash of it. */
export const apiId = (value: string): string => (ID.test(value) ? value : `h${createHash('md5').update(value).digest('hex').slice(0, 20)}`);
const orgId = (school: string): string => `org-${createHash('md5').update(school).digest('hex').slice(0, 16)}`;

interface SubmissionRow {
  submit_id: number;
  uid: string;
  display_pid: string;
  language: string;
  submit_time: Date;
  status: number;
  time: number | null;
  score: number | null;
  gmt_modified: Date;
}

/**
 * Reads a contest's rows and shapes them as the Contest API's objects. The contest row and the access decision come
 * from the contest module's `ContestAccessService`; the participants, submissions, cases and announcements are read
 * here with read-only SQL (README: a known shortcut, to be moved behind the owning modules' exported services).
 */
@Injectable()
export class ContestApiReader {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly registry: JudgeServerRegistry,
    private readonly threads: ContestThreadsService,
  ) {}

  /** The SQL condition that keeps the contest's admins (author, root, a group contest's owners) out, as our boards do. */
  private notAdmin(col: string, c: Contest): string {
    const group =
      c.gid !== null && Number.isInteger(c.gid)
        ? ` AND NOT EXISTS (SELECT 1 FROM group_member gm WHERE gm.gid = ${c.gid} AND gm.uid = ${col} AND gm.auth = ${GroupMemberStatus.Root})`
        : '';
    return `(${col} <> $2 AND NOT EXISTS (SELECT 1 FROM user_role ur WHERE ur.uid = ${col} AND ur.role_id = ${Role.Root})${group})`;
  }

  contestObject(c: Contest): Record<string, unknown> {
    const seal = contestSealTime(c);
    const end = new Date(c.endTime).getTime();
    return {
      id: String(c.id),
      name: c.title,
      formal_name: c.title,
      start_time: ccsTime(c.startTime),
      duration: relTime(end - new Date(c.startTime).getTime()),
      ...(seal ? { scoreboard_freeze_duration: relTime(end - seal.getTime()) } : {}),
      // OI contests are scored (the API's `score` type): points per problem, no penalty time.
      ...(isScored(c) ? { scoreboard_type: 'score' } : { scoreboard_type: 'pass-fail', penalty_time: 20 }),
    };
  }

  /** started, frozen, ended, thawed, finalized, end_of_updates: each the moment it happened, or null. */
  stateObject(c: Contest, now: Date, pending: boolean): Record<string, unknown> {
    const start = new Date(c.startTime);
    const end = new Date(c.endTime);
    const seal = contestSealTime(c);
    const ended = now >= end;
    const frozen = seal && now >= seal ? seal : null;
    const sealedNow = isRankSealedAt(c, now);
    // Auto-unsealed boards thaw at the end; a board an admin releases, at the contest row's last change.
    const thawed =
      frozen && ended && !sealedNow ? (c.rankUnsealed ? new Date(Math.max(end.getTime(), new Date(c.gmtModified).getTime())) : end) : null;
    const finalized = ended && !sealedNow ? (thawed ?? end) : null;
    return {
      started: now >= start ? ccsTime(start) : null,
      frozen: ccsTime(frozen),
      ended: ended ? ccsTime(end) : null,
      thawed: ccsTime(thawed),
      finalized: ccsTime(finalized),
      end_of_updates: finalized && !pending ? ccsTime(finalized) : null,
    };
  }

  async languages(): Promise<{ objects: Record<string, unknown>[]; idOf: (name: string) => string }> {
    const list = await this.registry.languages();
    const byName = new Map(list.map((l) => [l.name, apiId(l.id)]));
    const objects = list.map((l) => {
      const ext = /\.([A-Za-z0-9]+)$/.exec(l.sourceFile ?? '')?.[1];
      return { id: apiId(l.id), name: l.name, entry_point_required: false, extensions: ext ? [ext] : [] };
    });
    return { objects, idOf: (name) => byName.get(name) ?? apiId(name) };
  }

  /**
   * The contest's objects for one view. `publicView`: judgements and runs of submissions made after the seal are
   * left out while the board is sealed for non-admins (`isRankSealedAt`), exactly when our own boards hide them.
   * `onlySubmitIds`: read just these submissions (and their judgements and runs).
   */
  async objects(c: Contest, now: Date, onlySubmitIds?: number[]): Promise<{ admin: ContestObjects; public: ContestObjects }> {
    const start = new Date(c.startTime).getTime();
    const rel = (at: Date) => relTime(new Date(at).getTime() - start);
    const langs = await this.languages();
    const scored = isScored(c);
    const problemRows: {
      display_id: string;
      display_title: string;
      color: string | null;
      time_limit: number;
      io_score: number | null;
      cases: number;
    }[] = await this.ds.query(
      `SELECT cp.display_id, cp.display_title, cp.color, p.time_limit, p.io_score,
           (SELECT count(*)::int FROM problem_case pc WHERE pc.pid = cp.pid) AS cases
         FROM contest_problem cp JOIN problem p ON p.id = cp.pid WHERE cp.cid = $1 ORDER BY cp.display_id`,
      [c.id],
    );
    const problems = problemRows.map((p, i) => ({
      id: apiId(p.display_id),
      label: p.display_id,
      name: p.display_title,
      ordinal: i,
      ...(p.color && /^#[0-9a-fA-F]{6}$/.test(p.color) ? { rgb: p.color.toLowerCase() } : {}),
      time_limit: p.time_limit / 1000,
      test_data_count: p.cases,
      // the problem's full score (its cases' and groups' scores, as the problem module keeps it)
      ...(scored ? { max_score: p.io_score ?? 100 } : {}),
    }));
    const subFilter = onlySubmitIds ? ` AND j.submit_id = ANY($3::int[])` : '';
    const params: unknown[] = [c.id, c.uid];
    if (onlySubmitIds) params.push(onlySubmitIds);
    const subs: SubmissionRow[] = await this.ds.query(
      `SELECT j.submit_id, j.uid, j.display_pid, j.language, j.submit_time, j.status, j.time, j.score, j.gmt_modified
       FROM judge j WHERE j.cid = $1 AND j.status <> ${JudgeStatus.Cancelled} AND ${this.notAdmin('j.uid', c)}${subFilter}
       ORDER BY j.submit_id`,
      params,
    );
    const teamRows: { uid: string; username: string; nickname: string | null; school: string | null }[] = onlySubmitIds
      ? []
      : await this.ds.query(
          `SELECT u.uid, u.username, u.nickname, u.school FROM user_info u
           WHERE (u.uid IN (SELECT r.uid FROM contest_register r WHERE r.cid = $1) OR u.uid IN (SELECT j.uid FROM judge j WHERE j.cid = $1))
             AND ${this.notAdmin('u.uid', c)} ORDER BY u.uid`,
          [c.id, c.uid],
        );
    const schools = [...new Set(teamRows.map((t) => t.school?.trim()).filter((s): s is string => !!s))].sort();
    const organizations = schools.map((s) => ({ id: orgId(s), name: s, formal_name: s }));
    const teams = teamRows.map((t) => ({
      id: apiId(t.uid),
      label: t.username,
      name: t.username,
      display_name: t.nickname || t.username,
      organization_id: t.school?.trim() ? orgId(t.school.trim()) : null,
      // unofficial (打星) teams: on no board, as the ICPC tools expect a hidden team
      hidden: (c.starAccount ?? []).includes(t.username),
    }));
    const finalIds = subs.filter((s) => judgementTypeOf(s.status)).map((s) => s.submit_id);
    const cases: { id: number; submit_id: number; case_id: number; status: number; time: number }[] = finalIds.length
      ? await this.ds.query(
          `SELECT id, submit_id, case_id, status, time FROM judge_case WHERE submit_id = ANY($1::int[]) ORDER BY submit_id, case_id`,
          [finalIds],
        )
      : [];
    const casesOf = new Map<number, typeof cases>();
    for (const k of cases) (casesOf.get(k.submit_id) ?? casesOf.set(k.submit_id, []).get(k.submit_id)!).push(k);

    const seal = contestSealTime(c);
    const hiding = seal !== null && isRankSealedAt(c, now);
    const submissions = subs.map((s) => ({
      id: String(s.submit_id),
      language_id: langs.idOf(s.language),
      problem_id: apiId(s.display_pid),
      team_id: apiId(s.uid),
      time: ccsTime(s.submit_time),
      contest_time: rel(s.submit_time),
    }));
    const judgements: { sub: SubmissionRow; data: Record<string, unknown> }[] = [];
    const runs: { sub: SubmissionRow; data: Record<string, unknown> }[] = [];
    for (const s of subs) {
      if (s.status === JudgeStatus.SubmittedFailed) continue;
      const type = judgementTypeOf(s.status);
      const endAt = type ? new Date(Math.max(new Date(s.gmt_modified).getTime(), new Date(s.submit_time).getTime())) : null;
      judgements.push({
        sub: s,
        data: {
          id: String(s.submit_id),
          submission_id: String(s.submit_id),
          judgement_type_id: type ?? null,
          start_time: ccsTime(s.submit_time),
          start_contest_time: rel(s.submit_time),
          end_time: ccsTime(endAt),
          end_contest_time: endAt ? rel(endAt) : null,
          max_run_time: type && s.time !== null ? s.time / 1000 : null,
          // a scored contest's judgement carries its points (0 while it has no verdict)
          ...(scored ? { score: type ? (s.score ?? 0) : 0 } : {}),
        },
      });
      if (!type || !endAt) continue;
      (casesOf.get(s.submit_id) ?? []).forEach((k, i) =>
        runs.push({
          sub: s,
          data: {
            id: String(k.id),
            judgement_id: String(s.submit_id),
            ordinal: i + 1,
            judgement_type_id: judgementTypeOf(k.status) ?? 'JE',
            time: ccsTime(endAt),
            contest_time: rel(endAt),
            run_time: k.time / 1000,
          },
        }),
      );
    }
    const clars = onlySubmitIds ? { admin: [], both: [] } : await this.clarifications(c, rel, new Set(teamRows.map((t) => t.uid)));
    // Languages no live judge announces any more, still named by a submission: listed, so that references hold.
    const languages = [...langs.objects];
    for (const name of new Set(subs.map((s) => s.language))) {
      const id = langs.idOf(name);
      if (!languages.some((l) => l.id === id)) languages.push({ id, name, entry_point_required: false, extensions: [] });
    }
    const pending = subs.some((s) => !judgementTypeOf(s.status) && s.status !== JudgeStatus.SubmittedFailed);
    const base = {
      contest: this.contestObject(c),
      state: this.stateObject(c, now, pending),
      judgementTypes: JUDGEMENT_TYPES.map((t) => ({ ...t })),
      languages,
      problems,
      organizations,
      teams,
      submissions,
    };
    const visible = (s: SubmissionRow) => !hiding || new Date(s.submit_time).getTime() < seal!.getTime();
    return {
      admin: {
        ...base,
        judgements: judgements.map((j) => j.data),
        runs: runs.map((r) => r.data),
        clarifications: [...clars.both, ...clars.admin].sort((a, b) => clarOrder(a) - clarOrder(b)),
      },
      public: {
        ...base,
        judgements: judgements.filter((j) => visible(j.sub)).map((j) => j.data),
        runs: runs.filter((r) => visible(r.sub)).map((r) => r.data),
        clarifications: clars.both,
      },
    };
  }

  /**
   * Clarifications: the contest's visible announcements (ids are their numbers) and its comment page, where a
   * comment or reply by a team is a request to the jury (`c<id>`, `r<id>`) and one by the jury (the contest's
   * admins, as the boards count them) is the answer: to the team it replies to, or to everybody when it answers
   * the jury's own comment or starts a thread. The public view is one view for every non-admin reader, not a
   * team's, so it holds only what goes to everybody; requests and answers to one team are admin rows. A comment
   * by an account that is neither a team nor the jury (a visitor of a public contest) has no place in the API's
   * model and is left out.
   */
  private async clarifications(
    c: Contest,
    rel: (at: Date) => string,
    teams: Set<string>,
  ): Promise<{ admin: Record<string, unknown>[]; both: Record<string, unknown>[] }> {
    const [announcements, threads] = await Promise.all([
      this.ds.query(`SELECT id, title, content, gmt_create FROM contest_announcement WHERE cid = $1 AND visible ORDER BY id`, [
        c.id,
      ]) as Promise<{ id: number; title: string; content: string; gmt_create: Date }[]>,
      this.threads.threads(c.id),
    ]);
    const both: Record<string, unknown>[] = announcements.map((a) => ({
      id: String(a.id),
      from_team_id: null,
      to_team_id: null,
      reply_to_id: null,
      problem_id: null,
      text: a.content ? `${a.title}\n\n${a.content}` : a.title,
      time: ccsTime(a.gmt_create),
      contest_time: rel(a.gmt_create),
    }));
    const admin: Record<string, unknown>[] = [];
    const authors = [...new Set([...threads.comments, ...threads.replies].map((x) => x.fromUid).filter((u) => !teams.has(u)))];
    const jury = new Set<string>(
      authors.length
        ? (
            (await this.ds.query(`SELECT x AS uid FROM unnest($1::varchar[]) x WHERE NOT ${this.notAdmin('x', c)}`, [authors, c.uid])) as {
              uid: string;
            }[]
          ).map((r) => r.uid)
        : [],
    );
    const teamOf = (uid: string) => (teams.has(uid) ? apiId(uid) : null);
    const commentAuthor = new Map<number, string>();
    for (const k of threads.comments) {
      commentAuthor.set(k.id, k.fromUid);
      const fromTeam = teamOf(k.fromUid);
      if (!fromTeam && !jury.has(k.fromUid)) continue;
      const row = {
        id: `c${k.id}`,
        from_team_id: fromTeam,
        to_team_id: null,
        reply_to_id: null,
        problem_id: null,
        text: k.content,
        time: ccsTime(k.gmtCreate),
        contest_time: rel(k.gmtCreate),
      };
      (fromTeam ? admin : both).push(row);
    }
    for (const r of threads.replies) {
      const fromTeam = teamOf(r.fromUid);
      if (!fromTeam && !jury.has(r.fromUid)) continue;
      const threadAuthor = commentAuthor.get(r.commentId);
      // The jury answers one team when the reply is addressed to a team, or the thread is a team's request.
      const toTeam = fromTeam ? null : (teamOf(r.toUid) ?? (threadAuthor ? teamOf(threadAuthor) : null));
      const row = {
        id: `r${r.id}`,
        from_team_id: fromTeam,
        to_team_id: toTeam,
        reply_to_id: `c${r.commentId}`,
        problem_id: null,
        text: r.content,
        time: ccsTime(r.gmtCreate),
        contest_time: rel(r.gmtCreate),
      };
      (fromTeam || toTeam ? admin : both).push(row);
    }
    return { admin, both };
  }
}

/** An OI contest is served as the API's scored contest (`scoreboard_type: score`); any other as pass-fail. */
export function isScored(c: Pick<Contest, 'type'>): boolean {
  return c.type === ContestType.OI;
}

/** Announcements (numeric ids), then comments and replies, each in the order they were written. */
function clarOrder(c: Record<string, unknown>): number {
  const id = String(c.id);
  const kind = id[0] === 'c' ? 1 : id[0] === 'r' ? 2 : 0;
  return kind * 1e12 + Number(kind ? id.slice(1) : id);
}

/** The objects of a view as (type, id, data), in the feed's order. */
export function asObjects(o: ContestObjects): ApiObject[] {
  const list = (type: string, items: Record<string, unknown>[]) => items.map((data) => ({ type, id: String(data.id), data }));
  return [
    { type: 'contest', id: null, data: o.contest },
    ...list('judgement-types', o.judgementTypes),
    ...list('languages', o.languages),
    ...list('problems', o.problems),
    ...list('organizations', o.organizations),
    ...list('teams', o.teams),
    { type: 'state', id: null, data: o.state },
    ...list('submissions', o.submissions),
    ...list('judgements', o.judgements),
    ...list('runs', o.runs),
    ...list('clarifications', o.clarifications),
  ];
}
