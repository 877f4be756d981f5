/**
 * Micro-frontends that teams deploy on their own (issue 20): the contest remote is built alone, with a changed
 * text, into a temporary folder and served by a separate static server on another port; the backend's
 * REMOTES_JSON points the manifest at it. The shell, built before and not rebuilt, shows the new text in
 * Chromium, loading the remote's code from the other port. A manifest entry pointing nowhere shows the
 * load-failed page in its area while the rest of the site keeps working.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import type { Browser } from 'playwright-core';
import { Platform, ROOT, TrackedPage, freePort, launchBrowser, screenshot, startPlatform, UI_WAIT_MS } from './harness';
import { PageTracker } from './helpers';

const TEAM_TEXT_ZH = '比赛列表（团队独立发布 v2）';
const TEAM_TEXT_EN = 'Contests (team release v2)';

let platform: Platform;
let browser: Browser;
let tmp: string;
let teamServer: http.Server;
let teamPort: number;
const served: string[] = [];
const pages = new PageTracker();

/** Builds frontends/contest alone into `out`, its locale texts changed by a one-line loader. */
function buildTeamRemote(out: string): void {
  const loader = path.join(tmp, 'team-text-loader.js');
  fs.writeFileSync(
    loader,
    `module.exports = function (src) {
  return src.split("'比赛列表'").join(${JSON.stringify(`'${TEAM_TEXT_ZH}'`)}).split("'Contests'").join(${JSON.stringify(`'${TEAM_TEXT_EN}'`)});
};\n`,
  );
  const config = path.join(tmp, 'webpack.team.js');
  fs.writeFileSync(
    config,
    `const base = require(${JSON.stringify(path.join(ROOT, 'frontends/contest/webpack.config.js'))});
module.exports = (env, argv) => {
  const config = base(env, argv);
  config.output.path = ${JSON.stringify(out)};
  config.module.rules.unshift({
    test: /frontends[\\\\/]contest[\\\\/]src[\\\\/]locales[\\\\/](zh-CN|en-US)\\.ts$/,
    enforce: 'pre',
    use: [${JSON.stringify(loader)}],
  });
  return config;
};\n`,
  );
  const r = spawnSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production', '--config', config], {
    cwd: path.join(ROOT, 'frontends/contest'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`building the team's remote failed:\n${r.stdout}\n${r.stderr}`);
}

/** A plain static server for the team's build, on its own port (its CDN). */
function serveStatic(dir: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent((req.url ?? '/').split('?')[0]));
    served.push(req.url ?? '');
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-team-remote-'));
  const out = path.join(tmp, 'contest-v2');
  buildTeamRemote(out);
  expect(fs.existsSync(path.join(out, 'remoteEntry.js'))).toBe(true);
  teamPort = await freePort();
  teamServer = await serveStatic(out, teamPort);
  const nowhere = await freePort(); // nothing listens there
  platform = await startPlatform({
    judge: false,
    env: {
      REMOTES_JSON: JSON.stringify([
        { name: 'contest', url: `http://127.0.0.1:${teamPort}/remoteEntry.js` },
        { name: 'ghost', url: `http://127.0.0.1:${nowhere}/remoteEntry.js`, prefixes: ['/ghost'] },
      ]),
    },
  });
  browser = await launchBrowser();
}, 25 * 60_000);

afterAll(async () => {
  await pages.tearDown(browser, platform);
  await new Promise((r) => teamServer?.close(r));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

function newPage(): Promise<TrackedPage> {
  return pages.open(browser, platform);
}

describe('a remote deployed by its team', () => {
  it('the backend serves the manifest from its configuration', async () => {
    const manifest = (await (await fetch(`${platform.baseUrl}/remotes.json`)).json()) as { name: string; url: string }[];
    expect(manifest.find((e) => e.name === 'contest')?.url).toBe(`http://127.0.0.1:${teamPort}/remoteEntry.js`);
    expect(manifest.find((e) => e.name === 'problems')?.url).toBe('/remotes/problems/remoteEntry.js');
    expect(manifest.find((e) => e.name === 'ghost')).toBeTruthy();
  });

  it('the shell, not rebuilt, shows the team build from its own URL', async () => {
    const { page, errors } = await newPage();
    await page.goto('/contest');
    const list = page.getByTestId('contest-list');
    await list.waitFor({ timeout: 60_000 });
    await list.getByText(TEAM_TEXT_ZH).waitFor({ timeout: UI_WAIT_MS });
    // its entry and chunks came from the team's server; the shell's own build never had this text
    expect(served.some((u) => u.startsWith('/remoteEntry.js'))).toBe(true);
    expect(served.filter((u) => u.endsWith('.js')).length).toBeGreaterThan(1);
    const shellFiles = fs.readdirSync(path.join(ROOT, 'frontends/shell/dist')).filter((f) => f.endsWith('.js'));
    for (const f of shellFiles) expect(fs.readFileSync(path.join(ROOT, 'frontends/shell/dist', f), 'utf8')).not.toContain('团队独立发布');
    // the bundled problems remote keeps working beside it
    await page.goto('/problem');
    await page.getByTestId('problem-list').waitFor({ timeout: 60_000 });
    expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
  });

  it('an entry pointing nowhere shows the load-failed page in its area; the rest keeps working', async () => {
    const { page } = await newPage();
    await page.goto('/ghost', { waitUntil: 'domcontentloaded', timeout: 60_000 }); // the failed remote is awaited below
    await page.getByTestId('load-failed').waitFor({ timeout: 60_000 });
    await screenshot(page, 'remote-manifest-load-failed');
    // in the same page, the navbar still leads on: the home page, then the team's contest remote
    const navbar = page.getByTestId('navbar');
    await navbar.locator('a[href="/home"]').first().click();
    await page.getByTestId('home-page').waitFor({ timeout: UI_WAIT_MS });
    await page.getByTestId('load-failed').waitFor({ state: 'detached', timeout: UI_WAIT_MS });
    await navbar.locator('a[href="/contest"]').first().click();
    await page.getByTestId('contest-list').getByText(TEAM_TEXT_ZH).waitFor({ timeout: 60_000 });
  });
});
