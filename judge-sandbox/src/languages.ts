/**
 * Languages as one data table: display names as users know them (HOJ), short ids for the CLI,
 * compile and run commands, limit factors and the seccomp profile. Commands run inside the
 * sandbox: compilation in /w (the compile directory, writable), runs with the compiled
 * directory read-only on /p and a private writable /w as the working directory.
 */
import * as fs from 'fs';
import type { LanguageInfo } from '@oj/contracts';
import type { SeccompProfileName } from './sandbox/run';

export const PROGRAM_DIR = '/p';
export const TESTLIB_DIR = '/testlib';

export interface RunLimits {
  memoryLimitKb: number;
  stackLimitKb: number;
}

export interface Language {
  id: string;
  name: string;
  contentType: string;
  sourceFile: string;
  /** argv of the compilation in /w; `asChecker` adds the testlib include path. */
  compile?: (asChecker: boolean) => string[];
  /** argv of a run. */
  run: (limits: RunLimits) => string[];
  /** Multiplies the problem's time limit. */
  timeFactor: number;
  /** Added to the cgroup memory limit for runtimes with a fixed overhead (the JVM). */
  memoryExtraKb: number;
  pidsLimit: number;
  seccomp: SeccompProfileName;
  /** Host files that must exist (and be visible in the sandbox, i.e. under /usr) for the language. */
  requires: string[];
  /** Extra read-only system directories the runtime needs. */
  systemMounts?: string[];
}

const gcc = (std: string, o2: boolean, cpp: boolean) => (asChecker: boolean) => [
  cpp ? '/usr/bin/g++' : '/usr/bin/gcc',
  '-DONLINE_JUDGE',
  '-w',
  '-fmax-errors=3',
  `-std=${std}`,
  ...(o2 ? ['-O2'] : []),
  ...(asChecker ? [`-I${TESTLIB_DIR}`] : []),
  cpp ? 'main.cpp' : 'main.c',
  '-lm',
  '-o',
  'main',
];

function cFamily(id: string, name: string, std: string, o2: boolean, cpp: boolean): Language {
  return {
    id,
    name,
    contentType: cpp ? 'text/x-c++src' : 'text/x-csrc',
    sourceFile: cpp ? 'main.cpp' : 'main.c',
    compile: gcc(std, o2, cpp),
    run: () => [`${PROGRAM_DIR}/main`],
    timeFactor: 1,
    memoryExtraKb: 0,
    pidsLimit: 64,
    seccomp: 'default',
    requires: [cpp ? '/usr/bin/g++' : '/usr/bin/gcc'],
  };
}

const JAVA_HOME = '/usr/lib/jvm/java-17-openjdk-amd64';

export const LANGUAGES: Language[] = [
  cFamily('c', 'C', 'c11', false, false),
  cFamily('c-o2', 'C With O2', 'c11', true, false),
  cFamily('c17-o2', 'C 17 With O2', 'c17', true, false),
  cFamily('cpp', 'C++', 'c++14', false, true),
  cFamily('cpp-o2', 'C++ With O2', 'c++14', true, true),
  cFamily('cpp11-o2', 'C++ 11 With O2', 'c++11', true, true),
  cFamily('cpp17', 'C++ 17', 'c++17', false, true),
  cFamily('cpp17-o2', 'C++ 17 With O2', 'c++17', true, true),
  cFamily('cpp20', 'C++ 20', 'c++20', false, true),
  cFamily('cpp20-o2', 'C++ 20 With O2', 'c++20', true, true),
  {
    id: 'java',
    name: 'Java',
    contentType: 'text/x-java',
    sourceFile: 'Main.java',
    compile: () => [`${JAVA_HOME}/bin/javac`, '-J-Xmx256m', '-J-XX:+UseSerialGC', '-encoding', 'UTF-8', 'Main.java'],
    // -Xmx from the limit; off-heap memory gets around it, so the cgroup (limit + JVM overhead) decides.
    run: ({ memoryLimitKb, stackLimitKb }) => [
      `${JAVA_HOME}/bin/java`,
      `-Xmx${Math.max(16, Math.floor(memoryLimitKb / 1024))}m`,
      `-Xss${Math.max(1, Math.min(256, Math.floor(stackLimitKb / 1024)))}m`,
      '-XX:+UseSerialGC',
      '-XX:-UsePerfData',
      '-Xshare:auto',
      '-Djava.awt.headless=true',
      '-cp',
      PROGRAM_DIR,
      'Main',
    ],
    timeFactor: 2,
    memoryExtraKb: 192 * 1024,
    pidsLimit: 128,
    seccomp: 'java',
    requires: [`${JAVA_HOME}/bin/java`, `${JAVA_HOME}/bin/javac`],
    systemMounts: ['/etc/java-17-openjdk'],
  },
  {
    id: 'python3',
    name: 'Python3',
    contentType: 'text/x-python',
    sourceFile: 'main.py',
    compile: () => ['/usr/bin/python3', '-c', "import py_compile; py_compile.compile('main.py', doraise=True)"],
    run: () => ['/usr/bin/python3', '-S', '-B', `${PROGRAM_DIR}/main.py`],
    timeFactor: 1,
    memoryExtraKb: 0,
    pidsLimit: 64,
    seccomp: 'default',
    requires: ['/usr/bin/python3'],
  },
  {
    id: 'pypy3',
    name: 'PyPy3',
    contentType: 'text/x-python',
    sourceFile: 'main.py',
    run: () => ['/usr/bin/pypy3', `${PROGRAM_DIR}/main.py`],
    timeFactor: 1,
    memoryExtraKb: 0,
    pidsLimit: 64,
    seccomp: 'default',
    requires: ['/usr/bin/pypy3'],
  },
  {
    id: 'js',
    name: 'JavaScript Node',
    contentType: 'text/javascript',
    sourceFile: 'main.js',
    compile: () => ['/usr/bin/node', '--check', 'main.js'],
    run: ({ memoryLimitKb, stackLimitKb }) => [
      '/usr/bin/node',
      `--max-old-space-size=${Math.max(16, Math.floor(memoryLimitKb / 1024))}`,
      `--stack-size=${Math.max(984, Math.min(65500, Math.floor(stackLimitKb * 0.8)))}`,
      `${PROGRAM_DIR}/main.js`,
    ],
    timeFactor: 1,
    memoryExtraKb: 0,
    pidsLimit: 64,
    seccomp: 'node',
    requires: ['/usr/bin/node'],
  },
  {
    id: 'golang',
    name: 'Golang',
    contentType: 'text/x-go',
    sourceFile: 'main.go',
    compile: () => ['/usr/bin/go', 'build', '-o', 'main', 'main.go'],
    run: () => [`${PROGRAM_DIR}/main`],
    timeFactor: 1,
    memoryExtraKb: 0,
    pidsLimit: 64,
    seccomp: 'default',
    requires: ['/usr/bin/go'],
  },
  {
    id: 'rust',
    name: 'Rust',
    contentType: 'text/x-rustsrc',
    sourceFile: 'main.rs',
    compile: () => ['/usr/bin/rustc', '-O', '--edition=2021', '-o', 'main', 'main.rs'],
    run: () => [`${PROGRAM_DIR}/main`],
    timeFactor: 1,
    memoryExtraKb: 0,
    pidsLimit: 64,
    seccomp: 'default',
    requires: ['/usr/bin/rustc'],
  },
  {
    id: 'pascal',
    name: 'Pascal',
    contentType: 'text/x-pascal',
    sourceFile: 'main.pas',
    compile: () => ['/usr/bin/fpc', '-O2', '-omain', 'main.pas'],
    run: () => [`${PROGRAM_DIR}/main`],
    timeFactor: 1,
    memoryExtraKb: 0,
    pidsLimit: 64,
    seccomp: 'default',
    requires: ['/usr/bin/fpc'],
  },
];

let available: Language[] | undefined;

/**
 * The languages whose toolchains exist on this machine. Only paths under /usr count: the
 * sandbox sees /usr and nothing of /root or /opt (a rustup under /root is not offered).
 */
export function detectLanguages(): Language[] {
  if (!available) {
    available = LANGUAGES.filter((lang) =>
      lang.requires.every((file) => {
        try {
          const real = fs.realpathSync(file);
          fs.accessSync(real, fs.constants.X_OK);
          return real.startsWith('/usr/') && (fs.statSync(real).mode & 0o001) !== 0;
        } catch {
          return false;
        }
      }),
    );
  }
  return available;
}

/** Finds a language by display name ("C++ With O2") or CLI id ("cpp-o2"), case-insensitively. */
export function findLanguage(nameOrId: string): Language | undefined {
  const key = nameOrId.trim().toLowerCase();
  return detectLanguages().find((l) => l.id === key || l.name.toLowerCase() === key);
}

export function languageInfo(lang: Language): LanguageInfo {
  return {
    id: lang.id,
    name: lang.name,
    contentType: lang.contentType,
    compileCommand: lang.compile?.(false).join(' '),
    runCommand: lang.run({ memoryLimitKb: 262144, stackLimitKb: 131072 }).join(' '),
    sourceFile: lang.sourceFile,
    // Special judges and interactors are C or C++ (testlib).
    isSpj: /^c(pp)?(\d+)?(-o2)?$/.test(lang.id),
  };
}
