import { Controller, Get, Inject, Param, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../../../core/auth/decorators';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import { ApiRequest, ContestApiAccess, ContestApiGuard } from '../contest-api-access.service';
import { ContestApiReader, ContestObjects, isScored } from '../contest-api-reader.service';
import { ContestApiScoreboard } from '../contest-api-scoreboard.service';
import { CONTEST_API_OPTIONS, ContestApiOptions, ContestEventLog } from '../contest-event-log.service';
import { EventFeedQuery } from '../dto/event-feed.query';
import { ChallengeFilter } from './challenge.filter';

const COLLECTIONS: Record<string, keyof ContestObjects> = {
  'judgement-types': 'judgementTypes',
  languages: 'languages',
  problems: 'problems',
  organizations: 'organizations',
  teams: 'teams',
  submissions: 'submissions',
  judgements: 'judgements',
  runs: 'runs',
  clarifications: 'clarifications',
};

/** The endpoints and properties this implementation serves (the `access` endpoint). */
const ENDPOINTS: [string, string[]][] = [
  ['contest', ['id', 'name', 'formal_name', 'start_time', 'duration', 'scoreboard_freeze_duration', 'scoreboard_type', 'penalty_time']],
  ['judgement-types', ['id', 'name', 'penalty', 'solved']],
  ['languages', ['id', 'name', 'entry_point_required', 'extensions']],
  ['problems', ['id', 'label', 'name', 'ordinal', 'rgb', 'time_limit', 'test_data_count']],
  ['organizations', ['id', 'name', 'formal_name']],
  ['teams', ['id', 'label', 'name', 'display_name', 'organization_id', 'hidden']],
  ['state', ['started', 'frozen', 'ended', 'thawed', 'finalized', 'end_of_updates']],
  ['submissions', ['id', 'language_id', 'problem_id', 'team_id', 'time', 'contest_time']],
  [
    'judgements',
    ['id', 'submission_id', 'judgement_type_id', 'start_time', 'start_contest_time', 'end_time', 'end_contest_time', 'max_run_time'],
  ],
  ['runs', ['id', 'judgement_id', 'ordinal', 'judgement_type_id', 'time', 'contest_time', 'run_time']],
  ['clarifications', ['id', 'from_team_id', 'to_team_id', 'reply_to_id', 'problem_id', 'text', 'time', 'contest_time']],
  ['awards', ['id', 'citation', 'team_ids']],
];
/** A scored (OI) contest's: no penalty time; a problem's full score and a judgement's points. */
const SCORED_ENDPOINTS: [string, string[]][] = ENDPOINTS.map(([type, properties]) => [
  type,
  type === 'contest'
    ? properties.filter((p) => p !== 'penalty_time')
    : type === 'problems'
      ? [...properties, 'max_score']
      : type === 'judgements'
        ? [...properties, 'score']
        : properties,
]);
/** Properties of type ID that list endpoints filter on. */
const FILTERABLE = new Set([
  'language_id',
  'problem_id',
  'team_id',
  'submission_id',
  'judgement_type_id',
  'judgement_id',
  'organization_id',
  'from_team_id',
  'to_team_id',
  'reply_to_id',
]);

const send = (res: Response, body: unknown) => {
  const text = JSON.stringify(body);
  res.status(200).setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
};

/**
 * The ICPC Contest API (CCS specification 2023-06) under /api: GET /api (API information), /api/contests and
 * /api/contests/{cid}/... (README). `@Public()` for the global guard; ContestApiGuard decides (basic auth).
 */
@Public()
@UseGuards(ContestApiGuard)
@UseFilters(ChallengeFilter)
@Controller()
export class ContestApiController {
  constructor(
    private readonly access: ContestApiAccess,
    private readonly reader: ContestApiReader,
    private readonly scoreboards: ContestApiScoreboard,
    private readonly log: ContestEventLog,
    @Inject(CONTEST_API_OPTIONS) private readonly options: ContestApiOptions,
  ) {}

  @Get()
  info(@Res() res: Response): void {
    send(res, {
      version: '2023-06',
      version_url: 'https://ccs-specs.icpc.io/2023-06/contest_api',
      provider: { name: 'oj-platform' },
    });
  }

  @Get('contests')
  async contests(@Req() req: ApiRequest, @Res() res: Response): Promise<void> {
    const list = await this.access.list(req.contestApiUser);
    send(
      res,
      list.map((a) => this.reader.contestObject(a.contest)),
    );
  }

  @Get('contests/:cid')
  async contest(@Param('cid') cid: string, @Req() req: ApiRequest, @Res() res: Response): Promise<void> {
    const a = await this.access.contest(cid, req.contestApiUser);
    send(res, this.reader.contestObject(a.contest));
  }

  /** What this caller sees: every endpoint with the properties its objects carry (no capabilities: read only). */
  @Get('contests/:cid/access')
  async accessInfo(@Param('cid') cid: string, @Req() req: ApiRequest, @Res() res: Response): Promise<void> {
    const a = await this.access.contest(cid, req.contestApiUser);
    const endpoints = isScored(a.contest) ? SCORED_ENDPOINTS : ENDPOINTS;
    send(res, { capabilities: [], endpoints: endpoints.map(([type, properties]) => ({ type, properties })) });
  }

  @Get('contests/:cid/state')
  async state(@Param('cid') cid: string, @Req() req: ApiRequest, @Res() res: Response): Promise<void> {
    const o = await this.view(cid, req);
    send(res, o.state);
  }

  @Get('contests/:cid/scoreboard')
  async scoreboard(@Param('cid') cid: string, @Req() req: ApiRequest, @Res() res: Response): Promise<void> {
    const a = await this.access.contest(cid, req.contestApiUser);
    const o = await this.objectsOf(a);
    const pending = (o.judgements as { judgement_type_id: string | null }[]).some((j) => !j.judgement_type_id);
    send(res, await this.scoreboards.scoreboard(a.contest, a.admin, o, pending));
  }

  @Get('contests/:cid/awards')
  async awards(@Param('cid') cid: string, @Req() req: ApiRequest, @Res() res: Response): Promise<void> {
    const a = await this.access.contest(cid, req.contestApiUser);
    send(res, await this.scoreboards.awards(a.contest, a.admin, this.labels(await this.objectsOf(a))));
  }

  @Get('contests/:cid/awards/:id')
  async award(@Param('cid') cid: string, @Param('id') id: string, @Req() req: ApiRequest, @Res() res: Response): Promise<void> {
    const a = await this.access.contest(cid, req.contestApiUser);
    const found = (await this.scoreboards.awards(a.contest, a.admin, this.labels(await this.objectsOf(a)))).find((x) => x.id === id);
    if (!found) throw new NotFoundError();
    send(res, found);
  }

  /**
   * The NDJSON event feed: `{"type","id","data","token"}` per line from the log (after `since_token` when given),
   * then, with `stream` not false, every new event as it is logged and a newline after `keepAliveMs` without one.
   */
  @Get('contests/:cid/event-feed')
  async eventFeed(@Param('cid') cid: string, @Query() q: EventFeedQuery, @Req() req: ApiRequest, @Res() res: Response): Promise<void> {
    const a = await this.access.contest(cid, req.contestApiUser);
    const id = a.contest.id;
    const types = q.types ? new Set(q.types.split(',').map((s) => s.trim())) : undefined;
    const stream = q.stream !== 'false';
    const unwatch = this.log.watch(id);
    let closed = false;
    req.on('close', () => (closed = true));
    try {
      await this.log.sync(id);
      if (q.since_token !== undefined && !(await this.log.isToken(id, q.since_token))) throw new BadRequestError('Unknown since_token');
      res.status(200).setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('X-Accel-Buffering', 'no');
      res.flushHeaders();
      let after = q.since_token ?? '0';
      let lastWrite = Date.now();
      while (!closed && !this.log.closing) {
        const events = await this.log.read(id, after, a.admin);
        let text = '';
        for (const e of events) {
          after = e.token;
          if (types && !types.has(e.type)) continue;
          // The logged JSON text goes in as is (no parse and stringify per reader).
          text += `{"type":${JSON.stringify(e.type)},"id":${JSON.stringify(e.id)},"data":${e.json},"token":"${e.token}"}\n`;
        }
        if (text) {
          res.write(text);
          lastWrite = Date.now();
        }
        if (events.length >= 1000) continue;
        if (!stream) break;
        if (Date.now() - lastWrite >= this.options.keepAliveMs) {
          res.write('\n');
          lastWrite = Date.now();
        }
        await new Promise((resolve) => setTimeout(resolve, this.options.tailMs));
      }
      res.end();
    } finally {
      unwatch();
    }
  }

  @Get('contests/:cid/:collection')
  async collection(
    @Param('cid') cid: string,
    @Param('collection') collection: string,
    @Req() req: ApiRequest,
    @Res() res: Response,
  ): Promise<void> {
    const key = COLLECTIONS[collection];
    if (!key) throw new NotFoundError();
    // Filtering (spec): any other query property equal to the object's ID property, `x=` matching null.
    const filters = Object.entries(req.query).filter(([k, v]) => k !== 'id' && typeof v === 'string' && FILTERABLE.has(k)) as [
      string,
      string,
    ][];
    const list = (await this.view(cid, req))[key] as Record<string, unknown>[];
    send(
      res,
      list.filter((o) => filters.every(([k, v]) => (v === '' ? o[k] === null || o[k] === undefined : o[k] === v))),
    );
  }

  @Get('contests/:cid/:collection/:id')
  async one(
    @Param('cid') cid: string,
    @Param('collection') collection: string,
    @Param('id') id: string,
    @Req() req: ApiRequest,
    @Res() res: Response,
  ): Promise<void> {
    const key = COLLECTIONS[collection];
    if (!key) throw new NotFoundError();
    const found = ((await this.view(cid, req))[key] as Record<string, unknown>[]).find((o) => o.id === id);
    if (!found) throw new NotFoundError();
    send(res, found);
  }

  private async view(cid: string, req: ApiRequest): Promise<ContestObjects> {
    return this.objectsOf(await this.access.contest(cid, req.contestApiUser));
  }

  private async objectsOf(a: { contest: Parameters<ContestApiReader['objects']>[0]; admin: boolean }): Promise<ContestObjects> {
    const views = await this.reader.objects(a.contest, new Date());
    return a.admin ? views.admin : views.public;
  }

  private labels(o: ContestObjects): string[] {
    return (o.problems as { label: string }[]).map((p) => p.label);
  }
}
