/**
 * Sandboxed compilation with its own time, memory and output limits. The compiler's message is
 * returned truncated. Checkers and interactors are compiled once per content and cached.
 */
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { CHECKER_COMPILE_WALL_LIMIT_MS } from '@oj/contracts';
import { Language, TESTLIB_DIR } from './languages';
import { run, Mount, RunResult, removeLater } from './sandbox';
import { judgeConfig } from './config';

export const COMPILE_LIMITS = {
  timeLimitMs: 15000,
  wallLimitMs: 30000,
  memoryLimitKb: 1024 * 1024,
  outputLimitBytes: 64 * 1024 * 1024,
  messageLimitBytes: 8192,
  pidsLimit: 128,
};

/**
 * A checker or interactor includes testlib.h: 6-8 s of CPU for g++ -O2 where a contestant's program takes one, and on
 * a busy machine several times that in wall clock (contracts CHECKER_COMPILE_WALL_LIMIT_MS has the figures). Running
 * out of it is reported as a timeout (CompileCheckResult.timedOut), never as a compile error of the checker.
 */
export const CHECKER_COMPILE_LIMITS = { ...COMPILE_LIMITS, timeLimitMs: 30000, wallLimitMs: CHECKER_COMPILE_WALL_LIMIT_MS };

export interface CompileResult {
  ok: boolean;
  /** Compiler output (truncated), or why the compilation was stopped. */
  message: string;
  /** Host directory holding the source and what the compiler produced. */
  dir: string;
  language: Language;
  /** What the run starts (JVM languages: the class found in the source). */
  entry?: string;
  run?: RunResult;
}

export interface CompileOptions {
  /** Checker / interactor: testlib.h on the include path. */
  asChecker?: boolean;
  /** Host directory to compile in (created); defaults to a fresh one under the work root. */
  dir?: string;
}

export function newWorkDir(prefix: string): string {
  const root = judgeConfig().workRoot;
  fs.mkdirSync(root, { recursive: true, mode: 0o755 });
  const dir = fs.mkdtempSync(path.join(root, `${prefix}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export async function compile(language: Language, code: string, options: CompileOptions = {}): Promise<CompileResult> {
  const dir = options.dir ?? newWorkDir('compile');
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  const { sourceFile, entry } = language.entryPoint?.(code) ?? { sourceFile: language.sourceFile, entry: undefined };
  fs.writeFileSync(path.join(dir, sourceFile), code, { mode: 0o644 });
  for (const [name, content] of Object.entries(language.extraSources ?? {}))
    fs.writeFileSync(path.join(dir, name), content, { mode: 0o644 });
  if (!language.compile) return { ok: true, message: '', dir, language, entry };
  const mounts: Mount[] = [];
  const testlib = judgeConfig().testlibDir;
  if (options.asChecker && testlib && fs.existsSync(testlib)) mounts.push({ host: testlib, sandbox: TESTLIB_DIR });
  for (const m of language.systemMounts ?? []) if (fs.existsSync(m)) mounts.push({ host: m, sandbox: m });
  // Logs live outside the compile dir: the compiler could swap a file there for a symlink.
  const logDir = newWorkDir('compile-log');
  const stdout = path.join(logDir, 'out');
  const stderr = path.join(logDir, 'err');
  const limits = options.asChecker ? CHECKER_COMPILE_LIMITS : COMPILE_LIMITS;
  const result = await run({
    args: language.compile(options.asChecker ?? false, sourceFile),
    env: language.compileEnv,
    timeLimitMs: limits.timeLimitMs,
    wallLimitMs: limits.wallLimitMs,
    memoryLimitKb: limits.memoryLimitKb,
    outputLimitBytes: limits.outputLimitBytes,
    pidsLimit: limits.pidsLimit,
    openFilesLimit: 256,
    workDir: dir,
    stdout,
    stderr,
    tmpfsSizeBytes: 256 * 1024 * 1024,
    mounts,
    seccomp: 'compiler',
  });
  // The JVM's notes about its own options are not the submission's business.
  const output = (readHead(stderr) + readHead(stdout))
    .replace(/^(Picked up JAVA_TOOL_OPTIONS|OpenJDK 64-Bit Server VM warning: Options -Xverify).*\n?/gm, '')
    .trim();
  removeLater(logDir);
  // Give the artefacts back to root: the compile uid is reused by later runs.
  chownTree(dir);
  let message = truncate(output, COMPILE_LIMITS.messageLimitBytes);
  let ok = result.status === 'exited';
  if (result.status === 'time-limit') message = `Compilation time limit exceeded\n${message}`.trim();
  else if (result.status === 'memory-limit') message = `Compilation memory limit exceeded\n${message}`.trim();
  else if (result.status === 'output-limit') message = `Compiler output limit exceeded\n${message}`.trim();
  else if (result.status === 'error') throw new Error(`compile sandbox failed: ${result.message}`);
  else if (!ok && !message) message = result.message ?? 'Compilation failed';
  if (ok && entry && !fs.existsSync(path.join(dir, `${entry.replace(/\./g, '/')}.class`))) {
    ok = false;
    message = `${message}\nNo class ${entry} with a main method was found`.trim();
  }
  return { ok, message, dir, language, entry, run: result };
}

const checkerCache = new Map<string, Promise<CompileResult>>();

/**
 * Compiles a checker or interactor once per (language, code) and keeps it under the cache dir,
 * so a problem version's checker is compiled once per worker (and survives restarts).
 */
export function compileCached(language: Language, code: string): Promise<CompileResult> {
  const hash = crypto.createHash('sha256').update(`${language.id}\0${code}`).digest('hex').slice(0, 32);
  let pending = checkerCache.get(hash);
  if (!pending) {
    pending = (async () => {
      const root = path.join(judgeConfig().cacheDir, 'checkers');
      fs.mkdirSync(root, { recursive: true, mode: 0o755 });
      const dir = path.join(root, hash);
      if (fs.existsSync(path.join(dir, '.ok'))) return { ok: true, message: '', dir, language };
      const tmp = newWorkDir('checker');
      const result = await compile(language, code, { asChecker: true, dir: tmp });
      if (!result.ok) {
        fs.rmSync(tmp, { recursive: true, force: true });
        return result;
      }
      fs.writeFileSync(path.join(tmp, '.ok'), '');
      try {
        fs.renameSync(tmp, dir);
      } catch {
        // another worker finished first
        fs.rmSync(tmp, { recursive: true, force: true });
      }
      return { ...result, dir };
    })();
    checkerCache.set(hash, pending);
    pending.then(
      (r) => !r.ok && checkerCache.delete(hash),
      () => checkerCache.delete(hash),
    );
  }
  return pending;
}

export function readHead(file: string, limit = COMPILE_LIMITS.messageLimitBytes * 2): string {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const buf = Buffer.alloc(limit);
      const n = fs.readSync(fd, buf, 0, limit, 0);
      return buf.subarray(0, n).toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}

export function truncate(text: string, limit: number): string {
  if (Buffer.byteLength(text) <= limit) return text;
  return `${Buffer.from(text).subarray(0, limit).toString('utf8')}\n... (truncated)`;
}

function chownTree(dir: string): void {
  fs.chownSync(dir, 0, 0);
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) chownTree(p);
    else fs.lchownSync(p, 0, 0);
    if (!e.isSymbolicLink()) fs.chmodSync(p, e.isDirectory() ? 0o755 : fs.statSync(p).mode | 0o444);
  }
}
