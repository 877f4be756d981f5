/**
 * JSON schemas of the ICPC Contest API (CCS specification, 2023-06), written for these tests from the
 * specification's text (its property tables and type definitions); not copied from any repository. Objects are
 * closed (`additionalProperties: false`): an answer may carry only the properties the specification defines.
 */
type Schema = Record<string, unknown>;

const ID = { type: 'string', pattern: '^[A-Za-z0-9_]([A-Za-z0-9_.-]{0,34}[A-Za-z0-9_-])?$' };
const TIME = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{3})?([+-]\\d{2}(:\\d{2})?|Z)$' };
const RELTIME = { type: 'string', pattern: '^-?\\d+:\\d{2}:\\d{2}(\\.\\d{3})?$' };
const nullable = (s: Schema): Schema => ({ anyOf: [s, { type: 'null' }] });
/** A non-negative multiple of 0.001 (seconds). */
const SECONDS = { type: 'number', minimum: 0 };
const closed = (required: string[], properties: Record<string, Schema>): Schema => ({
  type: 'object',
  required,
  properties,
  additionalProperties: false,
});
const list = (item: Schema): Schema => ({ type: 'array', items: item });

export const apiInfo = closed(['version', 'version_url'], {
  version: { const: '2023-06' },
  version_url: { type: 'string' },
  provider: nullable(closed(['name'], { name: { type: 'string' }, version: nullable({ type: 'string' }) })),
});

export const contest = closed(['id', 'name', 'duration', 'scoreboard_type'], {
  id: ID,
  name: { type: 'string' },
  formal_name: nullable({ type: 'string' }),
  start_time: nullable(TIME),
  countdown_pause_time: nullable(RELTIME),
  duration: RELTIME,
  scoreboard_freeze_duration: nullable(RELTIME),
  scoreboard_thaw_time: nullable(TIME),
  scoreboard_type: { enum: ['pass-fail', 'score'] },
  penalty_time: { type: 'integer', minimum: 0 },
});

export const access = closed(['capabilities', 'endpoints'], {
  capabilities: list({ type: 'string' }),
  endpoints: list(
    closed(['type', 'properties'], { type: { type: 'string' }, properties: { type: 'array', items: { type: 'string' }, minItems: 1 } }),
  ),
});

export const judgementType = closed(['id', 'name', 'solved'], {
  id: { type: 'string', pattern: '^[A-Z]{2,3}$' },
  name: { type: 'string' },
  penalty: { type: 'boolean' },
  solved: { type: 'boolean' },
});

export const language = closed(['id', 'name'], {
  id: ID,
  name: { type: 'string' },
  entry_point_required: { type: 'boolean' },
  entry_point_name: nullable({ type: 'string' }),
  extensions: list({ type: 'string' }),
});

export const problem = closed(['id', 'label', 'name', 'ordinal'], {
  id: ID,
  uuid: nullable({ type: 'string' }),
  label: { type: 'string' },
  name: { type: 'string' },
  ordinal: { type: 'integer' },
  rgb: nullable({ type: 'string', pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' }),
  color: nullable({ type: 'string' }),
  time_limit: SECONDS,
  test_data_count: { type: 'integer', minimum: 0 },
  max_score: { type: 'number' },
});

export const organization = closed(['id', 'name'], {
  id: ID,
  icpc_id: nullable({ type: 'string' }),
  name: { type: 'string' },
  formal_name: nullable({ type: 'string' }),
  country: nullable({ type: 'string', pattern: '^[A-Z]{3}$' }),
  url: nullable({ type: 'string' }),
});

export const team = closed(['id', 'name'], {
  id: ID,
  icpc_id: nullable({ type: 'string' }),
  label: { type: 'string' },
  name: { type: 'string' },
  display_name: nullable({ type: 'string' }),
  organization_id: nullable(ID),
  group_ids: nullable(list(ID)),
  hidden: nullable({ type: 'boolean' }),
});

export const state = closed([], {
  started: nullable(TIME),
  frozen: nullable(TIME),
  ended: nullable(TIME),
  thawed: nullable(TIME),
  finalized: nullable(TIME),
  end_of_updates: nullable(TIME),
});

export const submission = closed(['id', 'language_id', 'problem_id', 'team_id', 'time', 'contest_time'], {
  id: ID,
  language_id: ID,
  problem_id: ID,
  team_id: ID,
  time: TIME,
  contest_time: RELTIME,
  entry_point: nullable({ type: 'string' }),
});

const judgementBase = {
  id: ID,
  submission_id: ID,
  judgement_type_id: nullable(ID),
  start_time: TIME,
  start_contest_time: RELTIME,
  end_time: nullable(TIME),
  end_contest_time: nullable(RELTIME),
  max_run_time: nullable(SECONDS),
  score: { type: 'number' },
};
/** A judgement: end times required iff it has a verdict. */
export const judgement: Schema = {
  ...closed(['id', 'submission_id', 'start_time', 'start_contest_time'], judgementBase),
  if: { properties: { judgement_type_id: ID }, required: ['judgement_type_id'] },
  then: { properties: { end_time: TIME, end_contest_time: RELTIME }, required: ['end_time', 'end_contest_time'] },
};

export const run = closed(['id', 'judgement_id', 'ordinal', 'judgement_type_id', 'time', 'contest_time', 'run_time'], {
  id: ID,
  judgement_id: ID,
  ordinal: { type: 'integer', minimum: 1 },
  judgement_type_id: ID,
  time: TIME,
  contest_time: RELTIME,
  run_time: SECONDS,
});

/** A clarification: teams never write to teams (one of from/to is null). */
export const clarification: Schema = {
  ...closed(['id', 'text', 'time', 'contest_time'], {
    id: ID,
    from_team_id: nullable(ID),
    to_team_id: nullable(ID),
    reply_to_id: nullable(ID),
    problem_id: nullable(ID),
    text: { type: 'string' },
    time: TIME,
    contest_time: RELTIME,
  }),
  not: { properties: { from_team_id: ID, to_team_id: ID }, required: ['from_team_id', 'to_team_id'] },
};

export const award = closed(['id', 'citation'], { id: ID, citation: { type: 'string' }, team_ids: nullable(list(ID)) });

const problemCell: Schema = {
  ...closed(['problem_id', 'num_judged', 'num_pending', 'solved'], {
    problem_id: ID,
    num_judged: { type: 'integer', minimum: 0 },
    num_pending: { type: 'integer', minimum: 0 },
    solved: { type: 'boolean' },
    time: { type: 'integer', minimum: 0 },
    first_to_solve: { type: 'boolean' },
  }),
  if: { properties: { solved: { const: true } } },
  then: { required: ['time'] },
};
/** A scoreboard whose rows carry `score` and `problems` cells of the given shapes. */
const board = (score: Schema, cell: Schema): Schema =>
  closed(['time', 'contest_time', 'state', 'rows'], {
    time: TIME,
    contest_time: RELTIME,
    state,
    rows: list(
      closed(['rank', 'team_id', 'score'], { rank: { type: 'integer', minimum: 1 }, team_id: ID, score, problems: nullable(list(cell)) }),
    ),
  });
export const scoreboard = board(
  closed(['num_solved', 'total_time'], {
    num_solved: { type: 'integer', minimum: 0 },
    total_time: { type: 'integer', minimum: 0 },
    time: nullable({ type: 'integer' }),
  }),
  problemCell,
);

/** A scored contest (`scoreboard_type: score`): its problems carry `max_score`, its judgements `score`, its board points. */
const required = (s: Schema, names: string[]): Schema => ({ ...s, required: [...(s.required as string[]), ...names] });
const scoredCell = closed(['problem_id', 'num_judged', 'num_pending', 'score'], {
  problem_id: ID,
  num_judged: { type: 'integer', minimum: 0 },
  num_pending: { type: 'integer', minimum: 0 },
  score: { type: 'number' },
  time: { type: 'integer', minimum: 0 },
});
export const scored = {
  contest: { ...contest, properties: { ...(contest.properties as object), scoreboard_type: { const: 'score' } } },
  problem: required(problem, ['max_score']),
  judgement: required(judgement, ['score']),
  scoreboard: board(
    closed(['score'], { score: { type: 'number' }, time: nullable({ type: 'integer' }) }),
    // `time` is required in a cell with points
    { ...scoredCell, if: { properties: { score: { type: 'number', exclusiveMinimum: 0 } } }, then: { required: ['time'] } },
  ),
};

/** The object schema of each event type (and of `/contests/{cid}/<type>/{id}`). */
export const byType: Record<string, Schema> = {
  contest,
  'judgement-types': judgementType,
  languages: language,
  problems: problem,
  organizations: organization,
  teams: team,
  state,
  submissions: submission,
  judgements: judgement,
  runs: run,
  clarifications: clarification,
  awards: award,
};

/** One line of the event feed (2023-06 notification format); `data` is checked against `byType` separately. */
export const event = closed(['type', 'id', 'data'], {
  type: { enum: Object.keys(byType) },
  id: nullable(ID),
  data: { type: ['object', 'array', 'null'] },
  token: nullable({ type: 'string' }),
});

export const arrayOf = list;
