#!/usr/bin/env node
/**
 * What this machine needs to judge (and to run the tests), checked by `npm start`, `npm test`, `.ci/run` and the
 * judge image before they use it: bubblewrap (the sandbox), the toolchains of the judged languages and, for the
 * tests, Chromium. As root on Debian or Ubuntu the missing packages are installed in one `apt-get install`
 * (JUDGE_AUTO_INSTALL=0: only printed); otherwise the exact command for this system is printed.
 *
 *   node scripts/setup-judge-host.js [--for start|test|ci|judge]    exit 0 when nothing is missing afterwards
 *
 * JUDGE_LANGUAGES: `default` (C, C++, Python 3, Java; `npm start`), `all` (every language of the judge's table), or
 * a comma list of the keys below (`default,golang,rust`). `npm test`, CI and the judge image take `all`.
 *
 * It runs before `npm ci` (CI, the judge image), so it uses Node's own modules only, and keeps the judge's file
 * list here: judge-sandbox/test/host-setup.spec.ts holds it equal to judge-sandbox/src/languages/table.ts.
 */
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const JAVA_HOME = '/usr/lib/jvm/java-17-openjdk-amd64';

/**
 * Language toolchains: the judge's language ids each one serves, the files the judge looks for (its `requires`),
 * the Debian/Ubuntu packages, and for the default set the names on other systems' package managers (the judge
 * finds Java only at Debian's path, so Java and the rest are Debian and Ubuntu only, or the judge image).
 */
const TOOLCHAINS = [
  {
    key: 'c',
    label: 'C',
    languages: ['c', 'c-o2', 'c17', 'c17-o2', 'c23', 'c23-o2'],
    files: ['/usr/bin/gcc'],
    apt: ['gcc', 'libc6-dev'],
    other: { dnf: ['gcc', 'glibc-devel'], pacman: ['gcc'], zypper: ['gcc', 'glibc-devel'] },
  },
  {
    key: 'cpp',
    label: 'C++',
    languages: ['cpp11', 'cpp11-o2', 'cpp', 'cpp-o2', 'cpp17', 'cpp17-o2', 'cpp20', 'cpp20-o2', 'cpp23', 'cpp23-o2'],
    files: ['/usr/bin/g++'],
    apt: ['g++'],
    other: { dnf: ['gcc-c++'], pacman: ['gcc'], zypper: ['gcc-c++'] },
  },
  {
    key: 'python3',
    label: 'Python 3',
    languages: ['python3'],
    files: ['/usr/bin/python3'],
    apt: ['python3'],
    other: { dnf: ['python3'], pacman: ['python'], zypper: ['python3'] },
  },
  {
    key: 'java',
    label: 'Java',
    languages: ['java'],
    files: [`${JAVA_HOME}/bin/java`, `${JAVA_HOME}/bin/javac`],
    apt: ['openjdk-17-jdk-headless'],
  },
  {
    key: 'kotlin',
    label: 'Kotlin',
    languages: ['kotlin'],
    files: ['/usr/bin/kotlinc', '/usr/share/kotlin/kotlinc/lib/kotlin-stdlib.jar', `${JAVA_HOME}/bin/java`],
    apt: ['kotlin', 'openjdk-17-jdk-headless'],
  },
  {
    key: 'scala',
    label: 'Scala',
    languages: ['scala'],
    files: ['/usr/bin/scalac', '/usr/share/scala-2.11/lib/scala-library.jar', `${JAVA_HOME}/bin/java`],
    apt: ['scala', 'openjdk-17-jdk-headless'],
  },
  { key: 'pypy3', label: 'PyPy3', languages: ['pypy3'], files: ['/usr/bin/pypy3'], apt: ['pypy3'] },
  // Debian's nodejs, or NodeSource's, which installs to the same /usr/bin/node (the sandbox sees only /usr).
  { key: 'js', label: 'JavaScript', languages: ['js'], files: ['/usr/bin/node'], apt: ['nodejs'] },
  {
    key: 'ts',
    label: 'TypeScript',
    languages: ['ts'],
    files: ['/usr/bin/node', '/usr/share/nodejs/typescript/bin/tsc'],
    apt: ['node-typescript'],
  },
  { key: 'ruby', label: 'Ruby', languages: ['ruby'], files: ['/usr/bin/ruby'], apt: ['ruby'] },
  { key: 'php', label: 'PHP', languages: ['php'], files: ['/usr/bin/php'], apt: ['php-cli'] },
  { key: 'lua', label: 'Lua', languages: ['lua'], files: ['/usr/bin/lua5.4', '/usr/bin/luac5.4'], apt: ['lua5.4'] },
  { key: 'perl', label: 'Perl', languages: ['perl'], files: ['/usr/bin/perl'], apt: ['perl-base'] },
  { key: 'bash', label: 'Bash', languages: ['bash'], files: ['/usr/bin/bash'], apt: ['bash'] },
  { key: 'csharp', label: 'C#', languages: ['csharp'], files: ['/usr/bin/mcs', '/usr/bin/mono'], apt: ['mono-mcs'] },
  { key: 'elixir', label: 'Elixir', languages: ['elixir'], files: ['/usr/bin/elixir', '/usr/bin/erl'], apt: ['elixir', 'erlang-nox'] },
  { key: 'lisp', label: 'Common Lisp', languages: ['lisp'], files: ['/usr/bin/sbcl'], apt: ['sbcl'] },
  { key: 'prolog', label: 'Prolog', languages: ['prolog'], files: ['/usr/bin/swipl'], apt: ['swi-prolog-nox'] },
  { key: 'r', label: 'R', languages: ['r'], files: ['/usr/bin/Rscript'], apt: ['r-base-core'] },
  { key: 'golang', label: 'Go', languages: ['golang'], files: ['/usr/bin/go'], apt: ['golang-go'] },
  { key: 'rust', label: 'Rust', languages: ['rust'], files: ['/usr/bin/rustc'], apt: ['rustc'] },
  { key: 'pascal', label: 'Pascal', languages: ['pascal'], files: ['/usr/bin/fpc'], apt: ['fp-compiler'] },
  { key: 'haskell', label: 'Haskell', languages: ['haskell'], files: ['/usr/bin/ghc'], apt: ['ghc'] },
  { key: 'ocaml', label: 'OCaml', languages: ['ocaml'], files: ['/usr/bin/ocamlopt'], apt: ['ocaml-nox'] },
  { key: 'fortran', label: 'Fortran', languages: ['fortran'], files: ['/usr/bin/gfortran'], apt: ['gfortran'] },
  { key: 'ada', label: 'Ada', languages: ['ada'], files: ['/usr/bin/gnatmake'], apt: ['gnat'] },
  { key: 'd', label: 'D', languages: ['d'], files: ['/usr/bin/gdc'], apt: ['gdc'] },
  { key: 'erlang', label: 'Erlang', languages: ['erlang'], files: ['/usr/bin/erlc', '/usr/bin/erl'], apt: ['erlang-nox'] },
];

/** The toolchains `npm start` makes sure of unless JUDGE_LANGUAGES says otherwise. */
const DEFAULT_LANGUAGES = ['c', 'cpp', 'python3', 'java'];

/** Needs beside the toolchains; `executable` is checked where the program runs it (JUDGE_BWRAP, CHROMIUM_PATH). */
const SANDBOX = {
  key: 'bubblewrap',
  label: 'bubblewrap',
  why: 'the sandbox every submission runs in',
  executable: (env) => env.JUDGE_BWRAP || '/usr/bin/bwrap',
  apt: ['bubblewrap'],
  other: { dnf: ['bubblewrap'], pacman: ['bubblewrap'], zypper: ['bubblewrap'] },
};
const BROWSER = [
  {
    key: 'chromium',
    label: 'Chromium',
    why: 'the browser suites',
    executable: (env) => env.CHROMIUM_PATH || '/usr/bin/chromium',
    apt: ['chromium'],
  },
  {
    key: 'fonts',
    label: 'CJK fonts',
    why: 'the browser suites render zh-CN pages',
    readable: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    apt: ['fonts-noto-cjk'],
  },
];
/**
 * The directory servers the single sign-on tests start on loopback ports of their own (backend/test/sso.e2e.spec.ts):
 * OpenLDAP's slapd with its tools. The test runs its own slapd process with its own data folder; the daemon the
 * package may start on port 389 is not used.
 */
const SSO_SERVERS = [
  {
    key: 'slapd',
    label: 'OpenLDAP slapd',
    why: 'the single sign-on tests log in against a real LDAP server',
    executable: () => '/usr/sbin/slapd',
    apt: ['slapd', 'ldap-utils'],
  },
];
/** CI starts PostgreSQL and Redis itself when they are not answering (.ci/run). */
const CI_SERVICES = [
  {
    key: 'redis-server',
    label: 'redis-server',
    why: 'CI starts Redis with it',
    executable: () => '/usr/bin/redis-server',
    apt: ['redis-server'],
  },
  {
    key: 'pg_isready',
    label: 'pg_isready',
    why: 'CI waits for PostgreSQL with it',
    executable: () => '/usr/bin/pg_isready',
    apt: ['postgresql-client'],
  },
];

const PURPOSES = {
  start: { what: 'the judge', languages: 'default' },
  judge: { what: 'the judge image', languages: 'all' },
  test: { what: 'npm test', languages: 'all', fixed: true, extra: [...BROWSER, ...SSO_SERVERS] },
  ci: { what: 'CI', languages: 'all', fixed: true, extra: [...BROWSER, ...SSO_SERVERS, ...CI_SERVICES] },
};

/** Toolchains named by JUDGE_LANGUAGES (`default`, `all` or keys); throws on an unknown key. */
function chosenToolchains(spec) {
  const keys = new Set();
  for (const word of String(spec || 'default')
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean)) {
    if (word === 'all') TOOLCHAINS.forEach((t) => keys.add(t.key));
    else if (word === 'default') DEFAULT_LANGUAGES.forEach((k) => keys.add(k));
    else if (TOOLCHAINS.some((t) => t.key === word)) keys.add(word);
    else throw new Error(`JUDGE_LANGUAGES: no language "${word}" (all, default, or: ${TOOLCHAINS.map((t) => t.key).join(', ')})`);
  }
  return TOOLCHAINS.filter((t) => keys.has(t.key));
}

/** As the judge finds a toolchain (judge-sandbox languages/index.ts): under /usr, readable and runnable by others. */
function sandboxVisible(file) {
  try {
    const real = fs.realpathSync(file);
    const stat = fs.statSync(real);
    const bits = real.endsWith('.jar') ? 0o004 : 0o005;
    return real.startsWith('/usr/') && stat.isFile() && (stat.mode & bits) === bits;
  } catch {
    return false;
  }
}

function executableFile(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function present(need, env) {
  if (need.files) return need.files.every(sandboxVisible);
  if (need.executable) return executableFile(need.executable(env));
  return fs.existsSync(need.readable);
}

/** A program on PATH, as a shell would find it. */
function which(command, env) {
  for (const dir of String(env.PATH || '').split(path.delimiter)) {
    if (dir && executableFile(path.join(dir, command))) return path.join(dir, command);
  }
  return null;
}

/** True when apt has package lists to install from (a fresh container has none until `apt-get update`). */
function aptHasLists() {
  try {
    return fs.readdirSync('/var/lib/apt/lists').some((f) => f.includes('_Packages'));
  } catch {
    return false;
  }
}

/** Why a judge cannot run on this host whatever is installed (the judge image is checked where it runs, not built). */
function hostBlockers(system) {
  const blockers = [];
  if (!system.root) blockers.push('the judge runs only as root (a cgroup and a uid per run): start it as root');
  let userNamespaces = '';
  try {
    userNamespaces = fs.readFileSync('/proc/sys/user/max_user_namespaces', 'utf8').trim();
  } catch {
    // not Linux, or /proc hidden: bubblewrap says so at start
  }
  if (userNamespaces === '0')
    blockers.push('user namespaces are off (user.max_user_namespaces = 0): sysctl -w user.max_user_namespaces=15000');
  return blockers;
}

const unique = (list) => [...new Set(list)];
const APT_INSTALL = ['install', '-y', '--no-install-recommends'];

/** The command that installs `missing` here, or why there is none. */
function installCommand(missing, system) {
  const sudo = system.root ? '' : system.sudo ? 'sudo ' : '';
  if (system.apt) {
    const install = `${sudo}apt-get ${APT_INSTALL.join(' ')} ${unique(missing.flatMap((n) => n.apt)).join(' ')}`;
    return { command: system.aptLists ? install : `${sudo}apt-get update && ${install}`, unpackaged: [] };
  }
  const manager = ['dnf', 'zypper', 'pacman'].find((m) => system[m]);
  const unpackaged = missing.filter((n) => !manager || !n.other?.[manager]);
  const names = unique(missing.flatMap((n) => (manager && n.other?.[manager]) || []));
  if (!manager || !names.length) return { command: null, unpackaged };
  const verb = { dnf: 'dnf install -y', zypper: 'zypper install -y', pacman: 'pacman -S --needed --noconfirm' }[manager];
  return { command: `${sudo}${verb} ${names.join(' ')}`, unpackaged };
}

/** What `purpose` needs that this machine lacks, and how to get it. No side effects. */
function checkJudgeHost({ purpose = 'start', env = process.env } = {}) {
  const p = PURPOSES[purpose];
  if (!p) throw new Error(`unknown purpose ${purpose} (${Object.keys(PURPOSES).join(', ')})`);
  const toolchains = chosenToolchains(p.fixed ? p.languages : env.JUDGE_LANGUAGES || p.languages);
  const needs = [SANDBOX, ...toolchains, ...(p.extra ?? [])];
  const missing = needs.filter((n) => !present(n, env));
  const system = {
    root: typeof process.getuid === 'function' && process.getuid() === 0,
    apt: !!which('apt-get', env),
    aptLists: aptHasLists(),
    sudo: !!which('sudo', env),
    dnf: !!which('dnf', env),
    zypper: !!which('zypper', env),
    pacman: !!which('pacman', env),
  };
  const { command, unpackaged } = missing.length ? installCommand(missing, system) : { command: null, unpackaged: [] };
  /** Why the judge cannot run here whatever is installed. */
  const blockers = purpose === 'judge' ? [] : hostBlockers(system);
  return {
    purpose,
    what: p.what,
    needs,
    toolchains,
    missing,
    command,
    unpackaged,
    system,
    blockers,
    sandbox: !missing.includes(SANDBOX),
  };
}

const needText = (n) => (n.why ? `${n.label} (${n.why})` : `${n.label} (${n.apt.join(', ')})`);

/**
 * Checks, installs what is missing when it may (root, apt, JUDGE_AUTO_INSTALL not 0), checks again, and says what
 * it found and did on `log`. Returns the final check plus `installed` (the needs apt-get brought) and `printed`
 * (the command shown for the user to run, when it did not install).
 */
function prepareJudgeHost({ purpose = 'start', env = process.env, log = (line) => console.log(`[setup] ${line}`) } = {}) {
  let check = checkJudgeHost({ purpose, env });
  if (!check.missing.length) {
    const languages = check.toolchains.reduce((n, t) => n + t.languages.length, 0);
    const toolchains = check.toolchains.length > 6 ? [`the toolchains of ${languages} languages`] : check.toolchains.map((t) => t.label);
    const extras = check.needs.filter((n) => !n.languages && n !== SANDBOX).map((n) => n.label);
    log(`${check.what}: bubblewrap, ${[...toolchains, ...extras].join(', ')}: all here.`);
    for (const b of check.blockers) log(`but ${b}.`);
    return { ...check, installed: [], printed: null };
  }
  log(`${check.what} needs what this machine lacks: ${check.missing.map(needText).join('; ')}.`);
  const autoInstall = env.JUDGE_AUTO_INSTALL !== '0';
  if (check.system.root && check.system.apt && autoInstall) {
    const before = check.missing;
    const packages = unique(before.flatMap((n) => n.apt));
    const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
    const apt = (args) => spawnSync('apt-get', args, { env: aptEnv, stdio: 'inherit' }).status ?? 1;
    log(
      `installing them with apt as root (JUDGE_AUTO_INSTALL=0 only prints the command): apt-get ${APT_INSTALL.join(' ')} ${packages.join(' ')}`,
    );
    let updated = false;
    if (!check.system.aptLists) {
      log('apt has no package lists yet: apt-get update first');
      apt(['update', '-q']);
      updated = true;
    }
    // A fresh machine may still be running its own first apt run (unattended-upgrades): wait for its lock.
    const install = () => apt([...APT_INSTALL, '-q', '-o', 'DPkg::Lock::Timeout=300', ...packages]);
    let status = install();
    if (status !== 0 && !updated) {
      log(`apt-get install failed (exit ${status}); its package lists may be stale: apt-get update, then once more`);
      apt(['update', '-q']);
      status = install();
    }
    check = checkJudgeHost({ purpose, env });
    const installed = before.filter((n) => !check.missing.includes(n));
    if (installed.length) log(`installed: ${installed.map((n) => n.label).join(', ')}.`);
    if (check.missing.length) {
      log(`still missing after apt-get (exit ${status}): ${check.missing.map((n) => n.label).join(', ')}; to retry: ${check.command}`);
    }
    for (const b of check.blockers) log(`but ${b}.`);
    return { ...check, installed, printed: check.missing.length ? check.command : null };
  }
  const why = !autoInstall
    ? 'JUDGE_AUTO_INSTALL=0'
    : !check.system.apt
      ? 'no apt-get here: only Debian and Ubuntu are set up automatically'
      : 'not root';
  if (check.command) {
    log(`not installing them (${why}); this installs them, then start again:`);
    log(`    ${check.command}`);
  }
  if (env.JUDGE_BWRAP && check.missing.includes(SANDBOX)) {
    log(`(JUDGE_BWRAP=${env.JUDGE_BWRAP} is no executable file: point it at bwrap, or unset it for the package's /usr/bin/bwrap)`);
  }
  if (check.unpackaged.length) {
    log(
      `${check.unpackaged.map((n) => n.label).join(', ')}: packaged here for Debian and Ubuntu only (${unique(check.unpackaged.flatMap((n) => n.apt)).join(' ')}); README "Requirements" names the packages, and docker compose (deploy/) brings them all.`,
    );
  }
  for (const b of check.blockers) log(`and ${b}.`);
  return { ...check, installed: [], printed: check.command };
}

module.exports = { TOOLCHAINS, DEFAULT_LANGUAGES, PURPOSES, checkJudgeHost, prepareJudgeHost };

if (require.main === module) {
  const at = process.argv.indexOf('--for');
  const purpose = at > 0 ? process.argv[at + 1] : 'start';
  try {
    const result = prepareJudgeHost({ purpose });
    process.exit(result.missing.length || result.blockers.length ? 1 : 0);
  } catch (e) {
    console.error(`[setup] ${e.message}`);
    process.exit(2);
  }
}
