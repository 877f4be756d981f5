import { randomBytes } from 'crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'fs';
import * as path from 'path';
import { installationPrefixes } from '@oj/contracts';
import { DEFAULT_KEEP_ALIVE_TIMEOUT_MS } from '../http/keep-alive';
import { resolveInstallationId } from './installation';

/** Injection token of the typed configuration object. */
export const APP_CONFIG = Symbol('APP_CONFIG');

export interface DatabaseConfig {
  url: string;
  /** Only ever true in tests that ask for it; production runs committed migrations. */
  synchronize: boolean;
  /** Run pending migrations when the app starts (npm start does this through the launcher). */
  migrationsRun: boolean;
  poolSize: number;
  /** True when scripts/start.js runs the embedded PostgreSQL (EMBEDDED_POSTGRES=1). */
  embedded: boolean;
}
export interface RedisConfig {
  url: string;
  /** Prefix of every key the backend writes (tests use a unique one). */
  keyPrefix: string;
}
export interface BullConfig {
  /** Bull key prefix (BULL_PREFIX), shared with the judge workers. */
  prefix: string;
}
export interface JwtConfig {
  secret: string;
  /** Token lifetime; the answer carries a fresh token once half of it has passed. */
  expiresInSec: number;
}
export interface MailConfig {
  /** Used when the admin SMTP config has no sender. */
  defaultFrom: string;
}
export interface JudgeConfig {
  /** Shared secret judge workers send in X-Judge-Token. */
  token: string;
  cacheDir: string;
}
export interface PathsConfig {
  dataDir: string;
  /** Folder holding frontends/<name>/dist. */
  frontendsDir: string;
  /** Uploaded and generated files (test data, avatars...). */
  filesDir: string;
}
/** Per-IP and per-account throttles of the account calls. */
export interface RateLimitConfig {
  enabled: boolean;
  loginPerIpPerMin: number;
  loginPerUserPerMin: number;
  codePerIpPerHour: number;
  /** Attempts at a typed secret (contest, exam, training passwords, group invitation codes), over all of them. */
  secretPerUserPerMin: number;
  secretPerIpPerMin: number;
}
/** Who may speak for the client: proxies whose X-Forwarded-For is believed, origins allowed cross-site. */
export interface HttpTrustConfig {
  /**
   * TRUSTED_PROXIES: addresses or CIDRs (or Express's names: loopback, uniquelocal...) of the reverse proxies in
   * front of the backend. Empty (the default): X-Forwarded-For is ignored and the client is the socket's peer, so
   * a caller cannot choose the address the per-IP limits and the session list see.
   */
  trustedProxies: string[];
  /** CORS_ORIGINS: origins allowed to call the API from a browser with credentials; empty: same origin only. */
  corsOrigins: string[];
  /**
   * HTTP_KEEP_ALIVE_TIMEOUT_MS: how long the server keeps an idle keep-alive connection (default 65 s; core/http/keep-alive.ts).
   * Longer than its clients keep theirs (reverse proxies 60 s, load generators, browsers), so a client never reuses a
   * connection the server is closing at that moment (ECONNRESET).
   */
  keepAliveTimeoutMs: number;
}

/** Prometheus metrics of this process (modules/ops). */
export interface MetricsConfig {
  /**
   * METRICS_PORT: serve /metrics on this port only (no token; keep it off the public network). 0 (the default):
   * /metrics on the main port, answered only with `Authorization: Bearer <METRICS_TOKEN>`.
   */
  port: number;
  /** METRICS_TOKEN, else generated once and kept in DATA_DIR/metrics-token. */
  token: string;
}

/**
 * A remote of the web app as the shell's runtime manifest lists it (served at /remotes.json and inlined in the
 * shell's page): where its remoteEntry.js is, and optionally the route prefixes it owns (the bundled remotes'
 * prefixes are known to the shell) and whether it draws its own layout.
 */
export interface RemoteManifestEntry {
  name: string;
  url: string;
  prefixes?: string[];
  ownLayout?: boolean;
}

export interface AppConfig {
  /** This installation's id (kept in its database; '' when loaded without it, e.g. by the migration CLI). */
  installationId: string;
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  logLevel: string;
  /**
   * LOG_FORMAT: `json` (one JSON line per event, with one per request and one per mapped route at start) or
   * `pretty` (readable lines: warnings, errors and what a person starting it needs; requests and routes only at
   * LOG_LEVEL=debug). Default: json when NODE_ENV=production, pretty otherwise; npm start asks for pretty.
   */
  logFormat: 'json' | 'pretty';
  /** Public base URL used in e-mailed links, e.g. http://localhost:8080. */
  baseUrl: string;
  rootPassword?: string;
  rateLimit: RateLimitConfig;
  http: HttpTrustConfig;
  database: DatabaseConfig;
  redis: RedisConfig;
  bull: BullConfig;
  jwt: JwtConfig;
  mail: MailConfig;
  judge: JudgeConfig;
  paths: PathsConfig;
  metrics: MetricsConfig;
  /**
   * DEMO=1: fill an empty site with demo content at start (modules/demo). The backend's default is off (tests, CI,
   * replicas); `npm start` sets it unless DEMO=0.
   */
  demo: boolean;
  /**
   * Outside judges whose upcoming contests the home page lists (OTHER_CONTESTS, e.g. `codeforces`; `none`
   * for none). Default `codeforces`, but none under tests and CI: their machines must not call out.
   */
  otherContestSources: string[];
  /**
   * REMOTES_JSON (a JSON array) or REMOTES_FILE (a file holding one): remotes that replace a bundled remote of the
   * same name or add one, e.g. a team's build on its own URL. Empty: the bundled remotes only.
   */
  remotes: RemoteManifestEntry[];
  /**
   * REMOTE_JUDGE_URLS (a JSON object, e.g. `{"CF":"https://mirror.example"}`): where a remote judge site is reached
   * instead of its own address (a mirror a school's network allows; the tests' replay servers). Issue 34.
   */
  remoteJudgeUrls: Record<string, string>;
  /** REMOTE_JUDGE_CONCURRENCY: remote submissions of one site one backend forwards or polls at once (default 8). */
  remoteJudgeConcurrency: number;
}

const REPO_ROOT = path.resolve(__dirname, '../../../..');

/**
 * A secret from the environment, else the one kept in DATA_DIR/<file>, else a new one written there.
 * Shared by the backend and scripts/start.js (which passes it to the judge worker).
 */
export function persistentSecret(value: string | undefined, dataDir: string, file: string): string {
  if (value) return value;
  const target = path.join(dataDir, file);
  if (existsSync(target)) return readFileSync(target, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(target, secret + '\n', { mode: 0o600 });
  return secret;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Invalid ${name}: "${value}" is not a non-negative integer`);
  return n;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/**
 * The configuration of this installation: loadConfig with the installation id read from (or made in) the
 * database, so REDIS_PREFIX and BULL_PREFIX default to prefixes of its own.
 */
export async function loadInstallationConfig(env: NodeJS.ProcessEnv = process.env): Promise<AppConfig> {
  const bare = loadConfig(env);
  return loadConfig(env, await resolveInstallationId(bare.database.url));
}

const REMOTE_NAME = /^[A-Za-z_$][\w$]*$/;

/** REMOTES_JSON / REMOTES_FILE, validated: a mistake stops the start instead of breaking pages later. */
export function parseRemotes(json: string | undefined, file: string | undefined): RemoteManifestEntry[] {
  const source = json?.trim() ? 'REMOTES_JSON' : file ? `REMOTES_FILE ${file}` : '';
  if (!source) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(json?.trim() ? json : readFileSync(file!, 'utf8'));
  } catch (e) {
    throw new Error(`Invalid ${source}: ${(e as Error).message}`);
  }
  if (!Array.isArray(raw)) throw new Error(`Invalid ${source}: not a JSON array of {name, url}`);
  const seen = new Set<string>();
  return raw.map((item: unknown, i) => {
    const e = item as Record<string, unknown>;
    const bad = (why: string) => new Error(`Invalid ${source}[${i}]: ${why}`);
    if (!e || typeof e !== 'object') throw bad('not an object');
    if (typeof e.name !== 'string' || !REMOTE_NAME.test(e.name)) throw bad('name must be a JavaScript identifier (the container name)');
    if (seen.has(e.name)) throw bad(`${e.name} is listed twice`);
    seen.add(e.name);
    // No quotes, angle brackets or spaces: the manifest is written into the shell's page.
    if (typeof e.url !== 'string' || !/^(https?:\/\/|\/)[^\s<>"'`\\]+$/.test(e.url)) throw bad('url must be http(s)://... or /path');
    const entry: RemoteManifestEntry = { name: e.name, url: e.url };
    if (e.prefixes !== undefined) {
      if (!Array.isArray(e.prefixes) || !e.prefixes.every((p) => typeof p === 'string' && /^\/[\w-]+$/.test(p)))
        throw bad('prefixes must be paths like "/exam"');
      entry.prefixes = e.prefixes as string[];
    }
    if (e.ownLayout !== undefined) {
      if (typeof e.ownLayout !== 'boolean') throw bad('ownLayout must be true or false');
      entry.ownLayout = e.ownLayout;
    }
    return entry;
  });
}

/** REMOTE_JUDGE_URLS, validated: a remote judge key to an http(s) address. */
export function parseRemoteJudgeUrls(json: string | undefined): Record<string, string> {
  if (!json?.trim()) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    throw new Error(`Invalid REMOTE_JUDGE_URLS: ${(e as Error).message}`);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('Invalid REMOTE_JUDGE_URLS: not a JSON object');
  const out: Record<string, string> = {};
  for (const [key, url] of Object.entries(raw)) {
    if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url))
      throw new Error(`Invalid REMOTE_JUDGE_URLS.${key}: not an http(s) address`);
    out[key.toUpperCase()] = url;
  }
  return out;
}

/** Reads and validates the environment once. Nothing else in the backend reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, installationId = ''): AppConfig {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const dataDir = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data'));
  const port = int(env.PORT, 8080, 'PORT');
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set (npm start sets it, or starts an embedded PostgreSQL)');
  const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
  if (!/^rediss?:\/\//.test(redisUrl)) throw new Error(`Invalid REDIS_URL: "${redisUrl}"`);
  const prefixes = installationId ? installationPrefixes(installationId) : { redis: 'oj:', bull: 'bull' };
  return {
    installationId,
    env: nodeEnv,
    port,
    host: env.HOST || '0.0.0.0',
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    logFormat: env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : nodeEnv === 'production' ? 'json' : 'pretty',
    baseUrl: (env.BASE_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    rootPassword: env.ROOT_PASSWORD || undefined,
    rateLimit: {
      enabled: !bool(env.DISABLE_RATE_LIMIT, false),
      loginPerIpPerMin: int(env.RATE_LOGIN_PER_IP_PER_MIN, 60, 'RATE_LOGIN_PER_IP_PER_MIN'),
      loginPerUserPerMin: int(env.RATE_LOGIN_PER_USER_PER_MIN, 20, 'RATE_LOGIN_PER_USER_PER_MIN'),
      codePerIpPerHour: int(env.RATE_CODE_PER_IP_PER_HOUR, 20, 'RATE_CODE_PER_IP_PER_HOUR'),
      secretPerUserPerMin: int(env.RATE_SECRET_PER_USER_PER_MIN, 10, 'RATE_SECRET_PER_USER_PER_MIN'),
      secretPerIpPerMin: int(env.RATE_SECRET_PER_IP_PER_MIN, 30, 'RATE_SECRET_PER_IP_PER_MIN'),
    },
    http: {
      trustedProxies: list(env.TRUSTED_PROXIES),
      corsOrigins: list(env.CORS_ORIGINS).map((o) => o.replace(/\/$/, '')),
      keepAliveTimeoutMs: Number(env.HTTP_KEEP_ALIVE_TIMEOUT_MS) || DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    },
    database: {
      url: databaseUrl,
      synchronize: false,
      migrationsRun: bool(env.DB_MIGRATIONS_RUN, true),
      poolSize: int(env.DB_POOL_SIZE, 10, 'DB_POOL_SIZE'),
      embedded: bool(env.EMBEDDED_POSTGRES, false),
    },
    redis: { url: redisUrl, keyPrefix: env.REDIS_PREFIX || prefixes.redis },
    bull: { prefix: env.BULL_PREFIX || prefixes.bull },
    jwt: {
      secret: persistentSecret(env.JWT_SECRET, dataDir, 'jwt-secret'),
      expiresInSec: int(env.JWT_EXPIRES_SEC, 24 * 3600, 'JWT_EXPIRES_SEC'),
    },
    // the sender's name is the site's short name unless MAIL_FROM names one itself ('Name <address>')
    mail: { defaultFrom: env.MAIL_FROM || 'no-reply@localhost' },
    judge: {
      token: persistentSecret(env.JUDGE_TOKEN, dataDir, 'judge-token'),
      cacheDir: path.join(dataDir, 'judge-cache'),
    },
    paths: {
      dataDir,
      frontendsDir: path.resolve(env.FRONTENDS_DIR || path.join(REPO_ROOT, 'frontends')),
      filesDir: path.resolve(env.FILES_DIR || path.join(dataDir, 'files')),
    },
    metrics: {
      port: int(env.METRICS_PORT, 0, 'METRICS_PORT'),
      token: persistentSecret(env.METRICS_TOKEN, dataDir, 'metrics-token'),
    },
    demo: bool(env.DEMO, false),
    remotes: parseRemotes(env.REMOTES_JSON, env.REMOTES_FILE),
    remoteJudgeUrls: parseRemoteJudgeUrls(env.REMOTE_JUDGE_URLS),
    remoteJudgeConcurrency: int(env.REMOTE_JUDGE_CONCURRENCY, 8, 'REMOTE_JUDGE_CONCURRENCY'),
    otherContestSources: list(env.OTHER_CONTESTS ?? (nodeEnv === 'test' || bool(env.CI, false) ? 'none' : 'codeforces')).filter(
      (s) => s !== 'none',
    ),
  };
}
