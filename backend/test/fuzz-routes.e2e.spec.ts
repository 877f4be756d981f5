/**
 * Fuzz over every operation of the OpenAPI document (/api/docs-json): malformed queries and bodies (wrong types,
 * out-of-range numbers, huge strings, arrays, objects, deep JSON, invalid JSON, wrong content types, prototype keys,
 * NUL), as root (past every guard) and as an anonymous caller. No answer may be a 5xx or carry a stack or SQL text,
 * and no table may gain or lose a row. Field names come from the document and from each handler's DTO
 * (class-validator metadata, test/utils/route-table.ts), so new routes and fields are fuzzed without listing them.
 */
import { REMOTE_OJS } from '@oj/contracts';
import request from 'supertest';
import { SITE_CONFIG_DEFAULTS } from '../src/core/site-config/site-config.defaults';
import { routeTable, RouteRule } from './utils/route-table';
import { createTestApp, TestApp } from './utils/test-app';

jest.setTimeout(240_000);

/** Text that must never reach a client: stack frames, driver and SQL wording, runtime error names. */
const LEAK =
  /QueryFailedError|\bat [\w.$<>]+ \(|node_modules|\bSELECT\b[\s\S]*\bFROM\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|syntax error at|TypeError|RangeError|ReferenceError|duplicate key value/;

const HUGE = 'x'.repeat(200_000);
const DEEP = '['.repeat(5000) + ']'.repeat(5000);
/** Values a query field is given, whatever its declared type. */
const QUERY_VALUES: unknown[] = [
  'abc',
  '-1',
  '99999999999999999999',
  '1e309',
  '1.5',
  '',
  'a\u0000b',
  'y'.repeat(20_000),
  ['1', '2'],
  { $gt: '' },
];
/** Values a body field is given, whatever its declared type. */
const BODY_VALUES: unknown[] = ['abc', -2147483649, 1e30, 1.5, '', 'a\u0000b', HUGE, ['1', '2'], { $gt: '' }, true, null, [[[[[1]]]]]];
/** The names lists take their page under. */
const PAGE_NAME = /^(currentPage|limit|page|pageSize|size|current)$/;
const PAGE_FIELDS = ['currentPage', 'limit'];
/** Page numbers as query text: exponent, float, negative, NaN, infinity, beyond the safe integers, hex. */
const PAGE_QUERY_VALUES = [
  '1e308',
  '1e18',
  '1e3',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '99999999999999999999',
  '9007199254740993',
  '0x10',
  ' 2 ',
];
/** And as JSON numbers and strings in bodies. */
const PAGE_BODY_VALUES: unknown[] = [1e308, 1e18, -1, 0, 1.5, Number.MAX_SAFE_INTEGER + 2, '1e308', 'NaN', '1.5'];
/** Values per field: a different slice for each field, so that a route meets every value, in a suite fast enough for CI. */
const PER_FIELD = 4;
/** Fields tried on routes whose handler reads the query itself (no DTO to learn names from). */
const COMMON_QUERY = ['currentPage', 'pid', 'cid'];

const slice = <T>(values: T[], fieldIndex: number): T[] =>
  Array.from({ length: PER_FIELD }, (_, j) => values[(fieldIndex * PER_FIELD + j) % values.length]);

interface Case {
  label: string;
  query?: Record<string, unknown> | string;
  body?: unknown;
  raw?: { type: string; data: string };
}

function casesFor(r: RouteRule, documented: string[]): Case[] {
  const cases: Case[] = [];
  const queryNames = [...new Set([...documented, ...Object.keys(r.queryFields)])];
  (queryNames.length ? queryNames : COMMON_QUERY).forEach((name, i) => {
    for (const v of slice(QUERY_VALUES, i)) cases.push({ label: `query ${name}=${JSON.stringify(v).slice(0, 20)}`, query: { [name]: v } });
  });
  cases.push({ label: 'query prototype key', query: '__proto__[isAdmin]=1&constructor[prototype][x]=1' });
  cases.push({ label: 'query deep', query: 'a' + '[b]'.repeat(30) + '=1' });
  cases.push({ label: 'query bad percent', query: 'pid=%E0%A4%A' });
  if (r.method === 'GET') return cases;
  Object.keys(r.bodyFields).forEach((name, i) => {
    for (const v of slice(BODY_VALUES, i)) cases.push({ label: `body ${name}=${JSON.stringify(v)?.slice(0, 20)}`, body: { [name]: v } });
  });
  const raw = (label: string, type: string, data: string) => cases.push({ label, raw: { type, data } });
  raw('invalid JSON', 'application/json', '{"a":');
  raw('deep JSON', 'application/json', `{"a":${DEEP}}`);
  raw('JSON array', 'application/json', '[1,2,3]');
  raw('JSON null', 'application/json', 'null');
  raw('JSON string', 'application/json', '"str"');
  raw('prototype keys', 'application/json', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}');
  raw('NUL in strings', 'application/json', JSON.stringify(Object.fromEntries(Object.keys(r.bodyFields).map((k) => [k, 'a\u0000b']))));
  raw('text/plain', 'text/plain', 'hello');
  raw('xml', 'application/xml', '<a>1</a>');
  raw('form', 'application/x-www-form-urlencoded', 'a=1&b[c]=2&__proto__[x]=1');
  raw(
    'multipart without file',
    'multipart/form-data; boundary=XyZ',
    '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XyZ--\r\n',
  );
  return cases;
}

async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const tables: { table_name: string }[] = await t.dataSource.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables)
    counts[table_name] = Number((await t.dataSource.query(`SELECT count(*) AS n FROM "${table_name}"`))[0].n);
  // A valid partial config save (site_config, below) and a backup started (its route takes no input) are admin
  // changes and leave their audit records; any other record would be a change the fuzz made.
  counts.audit_log = Number(
    (
      await t.dataSource.query(`SELECT count(*) AS n FROM audit_log WHERE target_type IS NULL OR target_type NOT IN ('config', 'backup')`)
    )[0].n,
  );
  return counts;
}

/** Every documented operation with its route rule and the query parameters the document names. */
async function documentedOperations(t: TestApp): Promise<{ rule: RouteRule; documented: string[] }[]> {
  const doc = (await request(t.url).get('/api/docs-json').expect(200)).body as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  };
  const table = routeTable(t.app);
  const operations: { rule: RouteRule; documented: string[] }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [verb, op] of Object.entries(ops)) {
      // OpenAPI writes path parameters as {name}, Express as :name.
      const routed = path.replace(/\{(\w+)\}/g, ':$1');
      const rule = table.find((r) => r.path === routed && r.method === verb.toUpperCase());
      if (!rule) throw new Error(`documented but not routed: ${verb} ${path}`);
      // A session-ending route has no input; fuzzing it as root would only log the suite out.
      if (path.endsWith('/logout')) continue;
      operations.push({ rule, documented: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name) });
    }
  }
  return operations;
}

describe('fuzz over every documented route', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Throttles would answer 429 before the input is looked at.
    t = await createTestApp({ env: { DISABLE_RATE_LIMIT: '1' } });
  });
  afterAll(() => t?.close());

  it('answers no malformed input with a 5xx, a stack or SQL, and stores nothing', async () => {
    const operations = await documentedOperations(t);
    expect(operations.length).toBeGreaterThan(100);
    const before = await rowCounts(t);
    const failures: string[] = [];
    let total = 0;
    let serverErrors = 0;
    const tasks: (() => Promise<void>)[] = [];
    for (const { rule, documented } of operations) {
      const cases = casesFor(rule, documented);
      for (const [n, c] of cases.entries()) {
        // Anonymous callers get the body-level cases and a few others on the routes open to them.
        const anonymous = rule.access !== 'login' && (c.raw !== undefined || n % 4 === 0);
        for (const caller of anonymous ? [t.users.root, undefined] : [t.users.root]) {
          tasks.push(async () => {
            total++;
            let req = request(t.url)
              [rule.method.toLowerCase() as 'post'](rule.path)
              .timeout(rule.sse ? 3000 : 8_000);
            if (caller) req = req.set('Authorization', caller.token);
            if (c.query !== undefined) req = req.query(c.query as Record<string, string>);
            if (c.raw) req = req.set('Content-Type', c.raw.type).send(c.raw.data);
            else if (c.body !== undefined) req = req.send(c.body as object);
            const res = await req.then(
              (r) => r,
              (e: Error & { response?: request.Response }) => e.response ?? { status: 0, text: e.message },
            );
            const who = caller ? 'root' : 'anonymous';
            if (res.status === 0) failures.push(`${who} ${rule.method} ${rule.path} [${c.label}]: no answer (${res.text})`);
            if (res.status >= 500) {
              serverErrors++;
              failures.push(`${who} ${rule.method} ${rule.path} [${c.label}]: ${res.status} ${res.text.slice(0, 120)}`);
            }
            if (LEAK.test(res.text ?? ''))
              failures.push(`${who} ${rule.method} ${rule.path} [${c.label}]: leaks ${res.text.slice(0, 200)}`);
          });
        }
      }
    }
    for (let i = 0; i < tasks.length; i += 8) await Promise.all(tasks.slice(i, i + 8).map((f) => f()));
    const after = await rowCounts(t);
    // Admin config saves take partial sections: one well-typed field ({"description":"abc"}) is valid input and is
    // saved. What must not be stored there is a value of the wrong kind, e.g. a null switch.
    const sections: { key: string; value: unknown }[] = await t.dataSource.query('SELECT key, value FROM site_config');
    for (const { key, value } of sections) {
      const defaults = (SITE_CONFIG_DEFAULTS as unknown as Record<string, unknown>)[key];
      if (Array.isArray(defaults) || !value || typeof value !== 'object') continue;
      for (const [field, v] of Object.entries(value)) {
        const d = (defaults as Record<string, unknown>)[field];
        if (d !== null && d !== undefined && typeof v !== typeof d)
          failures.push(`site_config ${key}.${field} stored as ${JSON.stringify(v)}`);
      }
    }
    // The switch save takes HOJ's remote judge account lists (hduUsernameList, ...): a list of strings is valid input
    // and is saved as accounts, as a config section is. What must not be stored is an account of an unknown site or
    // with a name no list could hold.
    const accounts: { oj: string; username: string }[] = await t.dataSource.query('SELECT oj, username FROM remote_judge_account');
    for (const a of accounts)
      if (
        !(REMOTE_OJS as readonly string[]).includes(a.oj) ||
        !a.username.trim() ||
        a.username.length > 255 ||
        a.username.includes('\u0000')
      )
        failures.push(`remote_judge_account stored ${JSON.stringify(a)}`);
    const changed = Object.keys(after)
      .filter((k) => k !== 'site_config' && k !== 'remote_judge_account' && after[k] !== before[k])
      .map((k) => `${k}: ${before[k]} → ${after[k]}`);
    console.log(`fuzz: ${operations.length} operations, ${total} cases, ${serverErrors} answered 5xx`);
    expect(failures.slice(0, 40)).toEqual([]);
    expect(changed).toEqual([]);
  });

  it('bounds every page parameter of every list: float, exponent, negative, NaN and huge page numbers', async () => {
    const operations = await documentedOperations(t);
    const failures: string[] = [];
    const tasks: (() => Promise<void>)[] = [];
    for (const { rule, documented } of operations) {
      if (rule.sse) continue;
      const query = [...new Set([...documented, ...Object.keys(rule.queryFields)])];
      // Handlers that read the query themselves declare nothing: they are given the usual names.
      const queryPages = (query.length ? query : rule.method === 'GET' ? PAGE_FIELDS : []).filter((n) => PAGE_NAME.test(n));
      const bodyPages = Object.keys(rule.bodyFields).filter((n) => PAGE_NAME.test(n));
      const cases: Case[] = [
        ...queryPages.flatMap((n) => PAGE_QUERY_VALUES.map((v) => ({ label: `query ${n}=${v}`, query: { [n]: v } }))),
        ...bodyPages.flatMap((n) => PAGE_BODY_VALUES.map((v) => ({ label: `body ${n}=${JSON.stringify(v)}`, body: { [n]: v } }))),
      ];
      for (const c of cases)
        tasks.push(async () => {
          let req = request(t.url)[rule.method.toLowerCase() as 'post'](rule.path).timeout(8_000).set('Authorization', t.users.root.token);
          if (c.query) req = req.query(c.query as Record<string, string>);
          if (c.body) req = req.send(c.body as object);
          const res = await req.then(
            (r) => r,
            (e: Error & { response?: request.Response }) => e.response ?? { status: 0, text: e.message, body: {} },
          );
          // Clamped (an answer) or refused with the catalogue's text; never a 5xx.
          if (res.status === 0 || res.status >= 500)
            failures.push(`${rule.method} ${rule.path} [${c.label}]: ${res.status} ${res.text.slice(0, 120)}`);
          else if (res.status === 400 && typeof res.body?.msg !== 'string')
            failures.push(`${rule.method} ${rule.path} [${c.label}]: 400 without a message`);
        });
    }
    expect(tasks.length).toBeGreaterThan(50);
    for (let i = 0; i < tasks.length; i += 8) await Promise.all(tasks.slice(i, i + 8).map((f) => f()));
    expect(failures.slice(0, 40)).toEqual([]);
    // The request: a huge page is an empty page past the end (clamped), not an error.
    const huge = await request(t.url).get('/api/get-problem-list').query({ currentPage: '1e308' });
    expect(huge.status).toBeLessThan(500);
  });
});
