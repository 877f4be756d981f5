/** The shape of one judged language (see table.ts). */
import type { EntryPoint } from './entry';

export interface RunLimits {
  memoryLimitKb: number;
  stackLimitKb: number;
}

export interface Language {
  id: string;
  /** Display name as users know it (HOJ's names where HOJ has the language). */
  name: string;
  contentType: string;
  /** Source file name in the compile directory (JVM languages: see entryPoint). */
  sourceFile: string;
  /** Finds the file name and the class to start in the source (JVM languages). */
  entryPoint?: (code: string) => EntryPoint;
  /** Files written next to the source before compiling. */
  extraSources?: Record<string, string>;
  /** argv of the compilation in /w; `asChecker` adds the testlib include path. */
  compile?: (asChecker: boolean, sourceFile: string) => string[];
  /** Environment of the compilation. */
  compileEnv?: Record<string, string>;
  /** argv of a run; `entry` is what entryPoint found. */
  run: (limits: RunLimits, entry?: string) => string[];
  /** Environment of a run. */
  env?: Record<string, string>;
  /** Multiplies the problem's time limit. */
  timeFactor: number;
  /** Added to the cgroup memory limit for runtimes with a fixed overhead (the JVM). */
  memoryExtraKb: number;
  pidsLimit: number;
  /** RLIMIT_NOFILE of a run (default 64). */
  openFilesLimit?: number;
  /** Base seccomp profile; runs add the exec-self rule unless runExecs. */
  seccomp: 'default' | 'node' | 'java';
  /**
   * The runtime must start other programs (launcher scripts, shells, helper processes). Every
   * other language's program may execve only itself.
   */
  runExecs?: boolean;
  /** Host files that must exist (and be visible in the sandbox, i.e. under /usr) for the language. */
  requires: string[];
  /** Extra read-only system directories the runtime needs. */
  systemMounts?: string[];
  /** Shown to users: the toolchain's name and the Debian package whose version is its version. */
  toolchain: { label: string; package: string };
}
