/**
 * npm run bench -w judge-sandbox
 *  (a) sandboxed minus bare wall time of the same compiled A+B binary (median of 200 each),
 *  (b) time to judge a 100-case A+B problem with the solution already compiled (and with compile),
 *  (c) coefficient of variation of the CPU time of a ~500 ms loop measured 20 times,
 *  (d) the same while the other prepared slot runs the same loop (10 pairs; goal < 2 %),
 *  (e) the judging work without a judge: compile + 10 cases of C++ A+B by a plain shell loop of the
 *      compiler and bare runs, 2 at a time (the fair raw baseline of bench:pipeline's burst), next to
 *      the judge library doing the same 2 at a time.
 * Ends with one JSON line: {"overheadMs","bareMs","judge100Ms","cpuCvPct","cpuCvPairPct","plainPerSec","judgePerSec"}.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { APLUSB_C, compileC, loopCpuTimes, loopCpuTimesConcurrent, plainShellBaseline, stats, writeAplusBProblem } from './bench-lib';
import { judge } from './judge';
import { programSpec } from './judge';
import { run } from './sandbox';
import { configureJudge, judgeConfig } from './config';

const N = 200;

function bareRun(exe: string, input: string, output: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const inFd = fs.openSync(input, 'r');
    const outFd = fs.openSync(output, 'w');
    const t0 = process.hrtime.bigint();
    const child = spawn(exe, [], { stdio: [inFd, outFd, 'ignore'] });
    fs.closeSync(inFd);
    fs.closeSync(outFd);
    child.on('error', reject);
    child.on('close', () => resolve(Number(process.hrtime.bigint() - t0) / 1e6));
  });
}

async function main(): Promise<void> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'));
  fs.chmodSync(base, 0o755);
  configureJudge({ workRoot: path.join(base, 'work'), cacheDir: path.join(base, 'cache') });
  try {
    const compiled = await compileC(APLUSB_C);
    const input = path.join(base, 'in.txt');
    fs.writeFileSync(input, '1 2\n', { mode: 0o644 });
    const out = path.join(base, 'out.txt');
    const spec = programSpec(
      compiled.language,
      compiled.dir,
      {
        timeLimitMs: 1000,
        memoryLimitKb: 256 * 1024,
        stackLimitKb: 8 * 1024,
        outputLimitBytes: 1 << 20,
      },
      compiled.entry,
    );
    console.log(`sandbox: ${judgeConfig().sandbox} (JUDGE_SANDBOX), load average ${os.loadavg()[0].toFixed(2)}`);
    // Interleave bare and sandboxed runs so load changes hit both alike.
    const bare: number[] = [];
    const boxed: number[] = [];
    for (let i = 0; i < N; i++) {
      bare.push(await bareRun(path.join(compiled.dir, 'main'), input, out));
      const t0 = process.hrtime.bigint();
      const r = await run({ ...spec, stdin: input, stdout: out });
      boxed.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (r.status !== 'exited') throw new Error(`sandboxed A+B failed: ${r.status} ${r.message ?? ''}`);
    }
    const bareMs = stats(bare).median;
    const boxedMs = stats(boxed).median;
    console.log(
      `(a) A+B wall time, median of ${N}: bare ${bareMs.toFixed(2)} ms, sandboxed ${boxedMs.toFixed(2)} ms, overhead ${(boxedMs - bareMs).toFixed(2)} ms`,
    );

    const problemDir = path.join(base, 'aplusb100');
    writeAplusBProblem(problemDir, 100);
    const code = APLUSB_C;
    const t0 = Date.now();
    const withCompile = await judge(problemDir, { language: 'C With O2', code });
    const totalMs = Date.now() - t0;
    if (withCompile.status !== 0 || withCompile.cases.length !== 100)
      throw new Error(`100-case judge failed: ${JSON.stringify(withCompile).slice(0, 300)}`);
    // The cases alone: the same judge minus its compilation, measured as the time between the
    // first and the last progress report plus the last case.
    let firstCaseAt = 0;
    const t1 = Date.now();
    await judge(problemDir, { language: 'C With O2', code }, (p) => {
      if (p.caseIndex === 1 && !firstCaseAt) firstCaseAt = Date.now();
    });
    const judge100Ms = Date.now() - firstCaseAt;
    console.log(
      `(b) 100-case A+B: ${judge100Ms} ms for the cases (compiled), ${totalMs} ms including compilation (${Date.now() - t1} ms second run)`,
    );

    const loop = stats(await loopCpuTimes(20));
    console.log(
      `(c) ~500 ms loop (calibrated) CPU time x20: mean ${loop.mean.toFixed(1)} ms, min ${loop.min}, max ${loop.max}, CV ${loop.cvPct.toFixed(2)}%`,
    );
    const pair = stats(await loopCpuTimesConcurrent(10));
    console.log(
      `(d) the loop two at a time (prepared slots on their own CPUs) x20: mean ${pair.mean.toFixed(1)} ms, min ${pair.min}, max ${pair.max}, CV ${pair.cvPct.toFixed(2)}% (goal < 2%)`,
    );

    const tenCases = path.join(base, 'aplusb10');
    writeAplusBProblem(tenCases, 10);
    const RUNS = Number(process.env.BENCH_PLAIN_RUNS || 20);
    const plainPerSec = await plainShellBaseline(tenCases, 'cpp', APLUSB_CPP, RUNS, 2);
    let next = 0;
    const j0 = performance.now();
    await Promise.all(
      [0, 1].map(async () => {
        while (next < RUNS) {
          next++;
          const r = await judge(tenCases, { language: 'cpp', code: APLUSB_CPP });
          if (r.status !== 0) throw new Error(`judge of the 10-case A+B failed: ${JSON.stringify(r).slice(0, 300)}`);
        }
      }),
    );
    const judgePerSec = RUNS / ((performance.now() - j0) / 1000);
    console.log(
      `(e) compile + 10 cases of C++ A+B, 2 at a time, ${RUNS} submissions: plain shell loop (compiler, bare runs) ${plainPerSec.toFixed(2)}/s; judge library ${judgePerSec.toFixed(2)}/s (${Math.round((judgePerSec / plainPerSec) * 100)}% of plain)`,
    );
    fs.rmSync(compiled.dir, { recursive: true, force: true });
    console.log(
      JSON.stringify({
        overheadMs: round(boxedMs - bareMs),
        bareMs: round(bareMs),
        judge100Ms,
        cpuCvPct: round(loop.cvPct),
        cpuCvPairPct: round(pair.cvPct),
        plainPerSec: round(plainPerSec),
        judgePerSec: round(judgePerSec),
      }),
    );
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

const round = (x: number): number => Math.round(x * 100) / 100;

/** The C++ A+B of bench:pipeline (iostream: the compile dominates, as in a real submission). */
const APLUSB_CPP = '#include <iostream>\nint main(){ long long a, b; std::cin >> a >> b; std::cout << a + b << "\\n"; }';

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
