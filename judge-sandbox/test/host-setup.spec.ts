/**
 * The set-up check that `npm start`, `npm test`, CI and the judge image run (scripts/setup-judge-host.js, issue 30):
 * its file list is the judge's own, and on a machine that lacks something it installs it in one apt call as root, or
 * prints the exact command. The machine is never changed: what is "missing" is hidden in a private mount namespace
 * (/dev/null bound over the file, a tmpfs over apt's lists) or named by JUDGE_BWRAP / CHROMIUM_PATH, and apt-get,
 * sudo and dnf are fakes on PATH that write down how they were called (the fake apt-get "installs" by undoing those
 * mounts). The real apt-get is never run.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LANGUAGES } from '../src/languages';

interface Toolchain {
  key: string;
  label: string;
  languages: string[];
  files: string[];
  apt: string[];
}
const setup = require('../../scripts/setup-judge-host.js') as { TOOLCHAINS: Toolchain[]; DEFAULT_LANGUAGES: string[] };

const SCRIPT = path.resolve(__dirname, '../../scripts/setup-judge-host.js');
const JAVAC = '/usr/lib/jvm/java-17-openjdk-amd64/bin/javac';
let fakes: string;
let calls: string;

/** A fake command that appends "<name> <args>" to the calls file; `then` is more shell to run after. */
function fake(name: string, then = ''): void {
  fs.writeFileSync(path.join(fakes, name), `#!/bin/sh\necho "${name} $*" >> ${calls}\n${then}\nexit 0\n`, { mode: 0o755 });
}

/**
 * Runs the script as `npm start` would (or `--for purpose`), inside a private mount namespace where each of `hide`
 * looks missing: a file gets /dev/null over it, a folder an empty tmpfs.
 */
function runSetup(opts: { env?: Record<string, string>; hide?: string[]; purpose?: string; path?: string; asNobody?: boolean }) {
  const mounts = (opts.hide ?? []).map((p) =>
    fs.statSync(p).isDirectory() ? `/usr/bin/mount -t tmpfs none ${p}` : `/usr/bin/mount --bind /dev/null ${p}`,
  );
  const node = `exec ${opts.asNobody ? '/usr/bin/setpriv --reuid 65534 --regid 65534 --clear-groups ' : ''}${process.execPath} ${SCRIPT}`;
  const script = [...mounts, `${node}${opts.purpose ? ` --for ${opts.purpose}` : ''}`].join(' && ');
  const r = spawnSync('/usr/bin/unshare', ['--mount', '--propagation', 'private', '--', '/bin/sh', '-c', script], {
    encoding: 'utf8',
    env: { PATH: opts.path ?? `${fakes}:/usr/sbin:/usr/bin:/sbin:/bin`, HIDDEN: (opts.hide ?? []).join(' '), ...opts.env },
  });
  const recorded = fs.existsSync(calls) ? fs.readFileSync(calls, 'utf8').split('\n').filter(Boolean) : [];
  fs.rmSync(calls, { force: true });
  return { status: r.status, lines: r.stdout.split('\n').filter(Boolean), stderr: r.stderr, calls: recorded };
}

beforeEach(() => {
  fakes = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-setup-fakes-'));
  fs.chmodSync(fakes, 0o755);
  calls = path.join(fakes, 'calls');
  // Each run starts with only the fakes a test asks for; apt-get undoes the "missing" mounts as if it installed them.
  fake('apt-get', '[ "$1" = install ] && for f in $HIDDEN; do /usr/bin/umount "$f"; done');
});
afterEach(() => fs.rmSync(fakes, { recursive: true, force: true }));

describe('its list of what the judge needs', () => {
  it('covers every language of the judge once, by the files the judge looks for', () => {
    const byId = new Map(LANGUAGES.map((l) => [l.id, l]));
    const covered = setup.TOOLCHAINS.flatMap((t) => t.languages);
    expect([...covered].sort()).toEqual([...byId.keys()].sort());
    expect(new Set(covered).size).toBe(covered.length);
    for (const t of setup.TOOLCHAINS) {
      const files = new Set(t.languages.flatMap((id) => byId.get(id)!.requires));
      expect({ key: t.key, files: [...t.files].sort() }).toEqual({ key: t.key, files: [...files].sort() });
      expect(t.apt.length).toBeGreaterThan(0);
    }
  });

  it('makes sure by default of C, C++, Python 3 and Java, the demo checker language among them', () => {
    expect(setup.DEFAULT_LANGUAGES).toEqual(['c', 'cpp', 'python3', 'java']);
    const ids = setup.TOOLCHAINS.filter((t) => setup.DEFAULT_LANGUAGES.includes(t.key)).flatMap((t) => t.languages);
    for (const id of ['c', 'cpp17-o2', 'python3', 'java']) expect(ids).toContain(id);
  });
});

describe('on this machine', () => {
  it('finds everything npm test needs and calls no package manager', () => {
    const r = runSetup({ purpose: 'test' });
    expect(r.lines).toEqual([
      '[setup] npm test: bubblewrap, the toolchains of 42 languages, Chromium, CJK fonts, OpenLDAP slapd: all here.',
    ]);
    expect([r.status, r.calls]).toEqual([0, []]);
  });

  it('prints the apt command without running it when bubblewrap is missing and auto-install is off', () => {
    const r = runSetup({ env: { JUDGE_BWRAP: '/nonexistent/bwrap', JUDGE_AUTO_INSTALL: '0' } });
    expect(r.lines).toEqual([
      '[setup] the judge needs what this machine lacks: bubblewrap (the sandbox every submission runs in).',
      '[setup] not installing them (JUDGE_AUTO_INSTALL=0); this installs them, then start again:',
      '[setup]     apt-get install -y --no-install-recommends bubblewrap',
      "[setup] (JUDGE_BWRAP=/nonexistent/bwrap is no executable file: point it at bwrap, or unset it for the package's /usr/bin/bwrap)",
    ]);
    expect([r.status, r.calls]).toEqual([1, []]);
  });

  it('as root with apt, installs what is missing in one apt-get install (after an update when apt has no lists)', () => {
    const r = runSetup({ hide: ['/usr/bin/gcc', JAVAC, '/var/lib/apt/lists'] });
    expect(r.calls).toEqual([
      'apt-get update -q',
      'apt-get install -y --no-install-recommends -q -o DPkg::Lock::Timeout=300 gcc libc6-dev openjdk-17-jdk-headless',
    ]);
    expect(r.lines).toEqual([
      '[setup] the judge needs what this machine lacks: C (gcc, libc6-dev); Java (openjdk-17-jdk-headless).',
      '[setup] installing them with apt as root (JUDGE_AUTO_INSTALL=0 only prints the command): apt-get install -y --no-install-recommends gcc libc6-dev openjdk-17-jdk-headless',
      '[setup] apt has no package lists yet: apt-get update first',
      '[setup] installed: C, Java.',
    ]);
    expect(r.status).toBe(0);
  });

  it('says what apt-get left missing, with the command to retry, and fails', () => {
    fake('apt-get', '');
    const r = runSetup({ hide: ['/usr/bin/python3'], env: { JUDGE_LANGUAGES: 'python3,rust' } });
    // apt-get "succeeded" without bringing python3: no second try, the command to retry is printed.
    expect(r.calls).toEqual(['apt-get install -y --no-install-recommends -q -o DPkg::Lock::Timeout=300 python3']);
    expect(r.lines.slice(-1)).toEqual([
      '[setup] still missing after apt-get (exit 0): Python 3; to retry: apt-get install -y --no-install-recommends python3',
    ]);
    expect(r.status).toBe(1);
  });

  it('not as root: prints the sudo command, says the judge needs root, runs nothing', () => {
    fake('sudo');
    const r = runSetup({ asNobody: true, env: { JUDGE_BWRAP: '/nonexistent/bwrap' } });
    expect(r.lines).toEqual([
      '[setup] the judge needs what this machine lacks: bubblewrap (the sandbox every submission runs in).',
      '[setup] not installing them (not root); this installs them, then start again:',
      '[setup]     sudo apt-get install -y --no-install-recommends bubblewrap',
      "[setup] (JUDGE_BWRAP=/nonexistent/bwrap is no executable file: point it at bwrap, or unset it for the package's /usr/bin/bwrap)",
      '[setup] and the judge runs only as root (a cgroup and a uid per run): start it as root.',
    ]);
    expect([r.status, r.calls]).toEqual([1, []]);
  });

  it('without apt: the dnf command for what Fedora packages, and where the rest comes from', () => {
    fs.rmSync(path.join(fakes, 'apt-get'));
    fake('dnf');
    const r = runSetup({ path: fakes, hide: [JAVAC], env: { JUDGE_BWRAP: '/nonexistent/bwrap' } });
    expect(r.lines.slice(0, 3)).toEqual([
      '[setup] the judge needs what this machine lacks: bubblewrap (the sandbox every submission runs in); Java (openjdk-17-jdk-headless).',
      '[setup] not installing them (no apt-get here: only Debian and Ubuntu are set up automatically); this installs them, then start again:',
      '[setup]     dnf install -y bubblewrap',
    ]);
    expect(r.lines).toContain(
      '[setup] Java: packaged here for Debian and Ubuntu only (openjdk-17-jdk-headless); README "Requirements" names the packages, and docker compose (deploy/) brings them all.',
    );
    expect([r.status, r.calls]).toEqual([1, []]);
  });

  it('for npm test also Chromium', () => {
    const r = runSetup({ purpose: 'test', env: { CHROMIUM_PATH: '/nonexistent/chromium', JUDGE_AUTO_INSTALL: '0' } });
    expect(r.lines.slice(0, 3)).toEqual([
      '[setup] npm test needs what this machine lacks: Chromium (the browser suites).',
      '[setup] not installing them (JUDGE_AUTO_INSTALL=0); this installs them, then start again:',
      '[setup]     apt-get install -y --no-install-recommends chromium',
    ]);
    expect([r.status, r.calls]).toEqual([1, []]);
  });

  it('refuses a language it does not know, naming the ones it does', () => {
    const r = runSetup({ env: { JUDGE_LANGUAGES: 'default,cobol' } });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^\[setup\] JUDGE_LANGUAGES: no language "cobol" \(all, default, or: c, cpp, python3, java, kotlin, /);
  });
});
