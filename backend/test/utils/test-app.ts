/**
 * Integration-test harness: a fresh PostgreSQL database per suite (migrated by the app at boot),
 * the whole Nest app on a random port with unique Redis and Bull prefixes, one user per role with
 * a token, and a `close()` that removes all of it.
 *
 *   const t = await createTestApp();
 *   await request(t.url).get('/api/get-website-config').set('Authorization', t.users.admin.token);
 *   afterAll(() => t.close());
 */
import { INestApplication, ModuleMetadata } from '@nestjs/common';
import { Test, TestingModuleBuilder } from '@nestjs/testing';
import { Role } from '@oj/contracts';
import { createHash, randomBytes } from 'crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'fs';
import Redis from 'ioredis';
import { tmpdir } from 'os';
import * as path from 'path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { TokenService } from '../../src/core/auth/token.service';
import { APP_CONFIG, AppConfig, loadConfig, loadInstallationConfig } from '../../src/core/config/app-config';
import { dataSourceOptions } from '../../src/core/database/data-source-options';
import { EnvelopeExpressAdapter } from '../../src/core/http/envelope.adapter';
import { REDIS } from '../../src/core/redis/redis.module';
import { UserService } from '../../src/modules/user/user.service';

/** PostgreSQL server used for test databases (its database part is ignored). */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
export const TEST_PASSWORD = 'secret123';

/** The six kinds of caller of the role × route matrix (anonymous aside). */
export const TEST_ROLES = {
  root: Role.Root,
  admin: Role.Admin,
  problemAdmin: Role.ProblemAdmin,
  user: Role.User,
  muted: Role.UserMuted,
  noSubmit: Role.UserNoSubmit,
} as const;
export type TestRoleName = keyof typeof TEST_ROLES;

export interface TestUser {
  uid: string;
  username: string;
  password: string;
  role: Role;
  /** A valid session token for the Authorization header. */
  token: string;
}

export interface TestApp {
  app: INestApplication;
  /** http://127.0.0.1:<port> */
  url: string;
  config: AppConfig;
  dataSource: DataSource;
  /** The app's Redis client (keys are prefixed with config.redis.keyPrefix). */
  redis: Redis;
  /** One user per role, created with TEST_PASSWORD. `root` is the account created on first start. */
  users: Record<TestRoleName, TestUser>;
  createUser(username: string, role?: Role, password?: string, email?: string): Promise<TestUser>;
  /** A module provider, e.g. `t.get(UserService)`. */
  get<T>(token: unknown): T;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment, e.g. { JWT_EXPIRES_SEC: '4' }. */
  env?: Record<string, string>;
  /** Extra modules, e.g. a test-only controller. */
  imports?: NonNullable<ModuleMetadata['imports']>;
  /** Override providers before the app compiles. */
  override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
  /**
   * No REDIS_PREFIX / BULL_PREFIX: the installation's own prefixes, as an installation started with the README's
   * defaults has (the keys are still removed by close()).
   */
  defaultPrefixes?: boolean;
  /** Only the root account, as on a first start (then `users` holds root alone). */
  onlyRoot?: boolean;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = '/' + database;
  return u.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Deletes every Redis key under the given prefixes (no prefix applied by this client). */
export async function deleteKeys(prefixes: string[]): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    for (const prefix of prefixes) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

const MIGRATIONS_DIR = path.resolve(__dirname, '../../src/migrations');
let template: Promise<string> | undefined;

/**
 * The name of a database holding every migration, made once per set of migrations (its name carries their hash) and
 * copied for each test app: a new database from a template is a file copy, where running the 27 migrations on every
 * app start cost each of the ~150 HTTP suites its share of the CI's time. The first jest worker to need it makes it
 * under an advisory lock; the others, and later runs with the same migrations, find it made. A run of other
 * migrations (another checkout on the same server) gets its own template and never touches this one.
 */
function migratedTemplate(): Promise<string> {
  template ??= makeTemplate().catch((e) => {
    template = undefined;
    throw e;
  });
  return template;
}

async function makeTemplate(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  const name = `oj_test_tpl_${hash.digest('hex').slice(0, 16)}`;
  const admin = new Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return name;
    // Built under another name and renamed when complete: a worker killed half-way leaves no half-made template.
    const building = `${name}_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
    await admin.query(`CREATE DATABASE "${building}"`);
    const dataSource = new DataSource(
      dataSourceOptions({
        url: withDatabase(TEST_PG_URL, building),
        synchronize: false,
        migrationsRun: false,
        poolSize: 1,
        embedded: false,
      }),
    );
    await dataSource.initialize();
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await dataSource.destroy();
    }
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    await admin.end();
  }
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const id = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const database = `oj_test_${id}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oj-test-'));
  await adminQuery(`CREATE DATABASE "${database}" TEMPLATE "${await migratedTemplate()}"`);

  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL || 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: withDatabase(TEST_PG_URL, database),
    DB_POOL_SIZE: '4',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `t:${id}:`,
    BULL_PREFIX: `tbull_${id}`,
    JWT_SECRET: randomBytes(16).toString('hex'),
    JUDGE_TOKEN: randomBytes(16).toString('hex'),
    ROOT_PASSWORD: TEST_PASSWORD,
    FRONTENDS_DIR: path.join(dataDir, 'frontends'),
    ...options.env,
  };
  if (options.defaultPrefixes) {
    delete env.REDIS_PREFIX;
    delete env.BULL_PREFIX;
  }
  const config = options.defaultPrefixes ? await loadInstallationConfig(env) : loadConfig(env);

  let app: INestApplication | undefined;
  const cleanup = async () => {
    if (app) await app.close().catch(() => undefined);
    await adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    await deleteKeys([config.redis.keyPrefix, `${config.bull.prefix}:`]).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    let builder = Test.createTestingModule({ imports: [AppModule, ...(options.imports ?? [])] })
      .overrideProvider(APP_CONFIG)
      .useValue(config);
    if (options.override) builder = options.override(builder);
    const moduleRef = await builder.compile();
    app = moduleRef.createNestApplication(new EnvelopeExpressAdapter(), { bufferLogs: true });
    configureApp(app);
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    const url = `http://127.0.0.1:${address.port}`;

    const userService = app.get(UserService);
    const tokens = app.get(TokenService);
    const a = app;
    const createUser = async (username: string, role: Role = Role.User, password = TEST_PASSWORD, email?: string) => {
      const user = await userService.create({ username, password, role, email: email ?? `${username}@example.com` });
      return { uid: user.uid, username, password, role, token: tokens.sign(user.uid, 0) };
    };
    const root = await userService.findByUsername('root');
    if (!root) throw new Error('the root account was not created on start');
    const users = {
      root: { uid: root.uid, username: 'root', password: TEST_PASSWORD, role: Role.Root, token: tokens.sign(root.uid, 0) },
    } as Record<TestRoleName, TestUser>;
    for (const [name, role] of Object.entries(TEST_ROLES)) {
      if (name !== 'root' && !options.onlyRoot) users[name as TestRoleName] = await createUser(`t_${name}`.slice(0, 20), role);
    }

    return {
      app,
      url,
      config,
      dataSource: app.get(DataSource),
      redis: app.get<Redis>(REDIS),
      users,
      createUser,
      get: <T>(token: unknown) => a.get(token as never) as T,
      close: cleanup,
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}
