/** Shared by the benchmark and the timing-stability test: a compiled CPU loop measured N times. */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { judgeConfig } from './config';
import { compile, CompileResult } from './compile';
import { findLanguage } from './languages';
import { programSpec } from './judge';
import { run, settleRuns } from './sandbox';

/** The CPU loop: `iterations` additions to a volatile counter (not optimised away). */
export const loopSource = (iterations: number): string => `#include <stdio.h>
int main(){ volatile unsigned long x = 0; for (unsigned long i = 0; i < ${iterations}UL; i++) x += i; printf("%lu\\n", (unsigned long)(x & 1)); return 0; }`;

/** The loop's target CPU time: the issue measures timing stability on a 0.5 s loop. */
export const LOOP_TARGET_MS = 500;
const PROBE_ITERATIONS = 200_000_000;

export async function compileC(code: string): Promise<CompileResult> {
  const lang = findLanguage('c-o2');
  if (!lang) throw new Error('C is not available');
  const r = await compile(lang, code);
  if (!r.ok) throw new Error(r.message);
  return r;
}

const loopLimits = { timeLimitMs: 10000, memoryLimitKb: 64 * 1024, stackLimitKb: 8 * 1024, outputLimitBytes: 1024 };

/**
 * The loop compiled with as many iterations as take about LOOP_TARGET_MS of CPU here: a probe run is timed
 * and the count scaled (machines differ several-fold, and a 60 ms loop would measure the clock's grain).
 */
export async function compileCalibratedLoop(): Promise<{ compiled: CompileResult; iterations: number }> {
  const probe = await compileC(loopSource(PROBE_ITERATIONS));
  let probeMs: number;
  try {
    const r = await run(programSpec(probe.language, probe.dir, loopLimits, probe.entry));
    if (r.status !== 'exited') throw new Error(`loop probe failed: ${r.status} ${r.message ?? ''}`);
    probeMs = Math.max(1, r.timeMs);
  } finally {
    await settleRuns();
    fs.rmSync(probe.dir, { recursive: true, force: true });
  }
  const iterations = Math.round((PROBE_ITERATIONS * LOOP_TARGET_MS) / probeMs);
  return { compiled: await compileC(loopSource(iterations)), iterations };
}

/** CPU times (ms) of `times` sandboxed runs of the loop. */
export async function loopCpuTimes(times: number): Promise<number[]> {
  const { compiled } = await compileCalibratedLoop();
  try {
    const out: number[] = [];
    for (let i = 0; i < times; i++) {
      const r = await run(programSpec(compiled.language, compiled.dir, loopLimits, compiled.entry));
      if (r.status !== 'exited') throw new Error(`loop run failed: ${r.status} ${r.message ?? ''}`);
      out.push(r.timeMs);
    }
    return out;
  } finally {
    await settleRuns();
    fs.rmSync(compiled.dir, { recursive: true, force: true });
  }
}

export function stats(values: number[]): { mean: number; median: number; cvPct: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
  return {
    mean,
    median: sorted[Math.floor(sorted.length / 2)],
    cvPct: (sd / mean) * 100,
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}

export function writeAplusBProblem(dir: string, cases: number): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  fs.writeFileSync(
    path.join(dir, 'problem.json'),
    JSON.stringify({ timeLimit: 1000, memoryLimit: 256, stackLimit: 128, judgeMode: 'default', type: 'acm', isRemoveEndBlank: true }),
  );
  for (let i = 1; i <= cases; i++) {
    const a = i * 7919;
    const b = i * 104729;
    fs.writeFileSync(path.join(dir, `${i}.in`), `${a} ${b}\n`, { mode: 0o644 });
    fs.writeFileSync(path.join(dir, `${i}.out`), `${a + b}\n`, { mode: 0o644 });
  }
}

export const APLUSB_C =
  '#include <stdio.h>\nint main(){ long a,b; if (scanf("%ld %ld",&a,&b)!=2) return 1; printf("%ld\\n",a+b); return 0; }';

/**
 * CPU times (ms) of the loop run two at a time (`pairs` × 2 runs): each run shares the machine with
 * the same loop in the other prepared slot, which sits on its own CPU where the judge may use two.
 */
export async function loopCpuTimesConcurrent(pairs: number): Promise<number[]> {
  const { compiled } = await compileCalibratedLoop();
  try {
    const spec = programSpec(compiled.language, compiled.dir, loopLimits, compiled.entry);
    const out: number[] = [];
    for (let i = 0; i < pairs; i++) {
      const results = await Promise.all([run(spec), run(spec)]);
      for (const r of results) {
        if (r.status !== 'exited') throw new Error(`loop run failed: ${r.status} ${r.message ?? ''}`);
        out.push(r.timeMs);
      }
    }
    return out;
  } finally {
    await settleRuns();
    fs.rmSync(compiled.dir, { recursive: true, force: true });
  }
}

/**
 * The judging work without any judge: per submission a plain shell loop that compiles the source
 * with the language's own compile command and runs the binary bare on every case of the package
 * (`N.in` → compared with `N.out`, trailing blanks ignored), `parallel` submissions at a time.
 * The fair raw baseline of bench:pipeline's burst. Answers submissions per second.
 */
export async function plainShellBaseline(
  problemDir: string,
  languageId: string,
  code: string,
  runs: number,
  parallel = 2,
): Promise<number> {
  const lang = findLanguage(languageId);
  if (!lang?.compile) throw new Error(`${languageId} is not a compiled language here`);
  const compileArgs = lang.compile(false, lang.sourceFile);
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const script = [
    'set -e',
    'cd "$1"',
    compileArgs.map(quote).join(' '),
    `for f in ${quote(problemDir)}/*.in; do ./main < "$f" > out.txt; diff -q -Z out.txt "\${f%.in}.out" > /dev/null; done`,
  ].join('\n');
  const root = fs.mkdtempSync(path.join(judgeConfig().workRoot, '..', 'plain-'));
  try {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: parallel }, async (_, lane) => {
        while (next < runs) {
          const n = next++;
          const dir = path.join(root, `${lane}-${n}`);
          fs.mkdirSync(dir);
          fs.writeFileSync(path.join(dir, lang.sourceFile), code);
          await new Promise<void>((resolve, reject) => {
            const child = spawn('/bin/bash', ['-c', script, 'plain', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
            let err = '';
            child.stderr.on('data', (d: Buffer) => (err += d.toString()));
            child.on('error', reject);
            child.on('close', (status) =>
              status === 0 ? resolve() : reject(new Error(`plain baseline failed (${status}): ${err.slice(0, 300)}`)),
            );
          });
          fs.rmSync(dir, { recursive: true, force: true });
        }
      }),
    );
    return runs / ((performance.now() - started) / 1000);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
