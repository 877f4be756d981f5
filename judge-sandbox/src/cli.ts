#!/usr/bin/env node
/**
 * oj-judge judge --problem DIR --lang ID --source FILE [--time-ms N] [--memory-mb N]
 * oj-judge run --lang ID --source FILE [--input FILE] [--time-ms N] [--memory-mb N]
 * oj-judge languages
 */
import * as fs from 'fs';
import * as path from 'path';
import { JudgeStatus } from '@oj/contracts';
import { judge } from './judge';
import { compile, readHead } from './compile';
import { detectLanguages, findLanguage, languageInfo } from './languages';
import { programSpec } from './judge';
import { run, settleRuns, followKernelLog, stopKernelLog } from './sandbox';

const USAGE = `usage:
  oj-judge judge --problem DIR --lang ID --source FILE [--time-ms N] [--memory-mb N]
  oj-judge run --lang ID --source FILE [--input FILE] [--time-ms N] [--memory-mb N]
  oj-judge languages [--json]`;

function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    if (!argv[i].startsWith('--')) throw new Error(`unexpected argument ${argv[i]}`);
    out[argv[i].slice(2)] = argv[++i] ?? '';
  }
  return out;
}

function need(args: Record<string, string>, name: string): string {
  if (!args[name]) throw new Error(`--${name} is required\n${USAGE}`);
  return args[name];
}

function optionalNumber(args: Record<string, string>, name: string): number | undefined {
  if (args[name] === undefined) return undefined;
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'languages') {
    // --json: the LanguageInfo rows the worker announces (versions, commands, factors).
    if (rest.includes('--json')) console.log(JSON.stringify(detectLanguages().map(languageInfo)));
    else for (const l of detectLanguages().map(languageInfo)) console.log(`${l.id.padEnd(10)} ${l.name.padEnd(16)} ${l.version}`);
    return 0;
  }
  const args = parseArgs(rest);
  if (command === 'judge') {
    followKernelLog();
    const result = await judge(path.resolve(need(args, 'problem')), {
      language: need(args, 'lang'),
      code: fs.readFileSync(need(args, 'source'), 'utf8'),
      timeLimitMs: optionalNumber(args, 'time-ms'),
      memoryLimitMb: optionalNumber(args, 'memory-mb'),
    });
    console.log(
      JSON.stringify({
        status: result.status,
        time: result.time,
        memory: result.memory,
        score: result.score,
        compileInfo: result.compileInfo ?? '',
        ...(result.errorMessage ? { errorMessage: result.errorMessage } : {}),
        cases: result.cases.map((c) => ({
          caseId: c.caseId,
          status: c.status,
          time: c.time,
          memory: c.memory,
          score: c.score,
          message: c.message ?? '',
        })),
      }),
    );
    return 0;
  }
  if (command === 'run') {
    followKernelLog();
    const language = findLanguage(need(args, 'lang'));
    if (!language) throw new Error(`unknown language ${args.lang}; see oj-judge languages`);
    const compiled = await compile(language, fs.readFileSync(need(args, 'source'), 'utf8'));
    try {
      if (!compiled.ok) {
        console.log(JSON.stringify({ status: JudgeStatus.CompileError, compileInfo: compiled.message }));
        return 0;
      }
      const memoryMb = optionalNumber(args, 'memory-mb') ?? 256;
      const out = path.join(compiled.dir, '..', `${path.basename(compiled.dir)}.stdout`);
      const result = await run({
        ...programSpec(
          language,
          compiled.dir,
          {
            timeLimitMs: Math.round((optionalNumber(args, 'time-ms') ?? 1000) * language.timeFactor),
            memoryLimitKb: memoryMb * 1024,
            stackLimitKb: memoryMb * 1024,
            outputLimitBytes: 64 * 1024 * 1024,
          },
          compiled.entry,
        ),
        stdin: args.input ? path.resolve(args.input) : undefined,
        stdout: out,
      });
      const stdoutHead = readHead(out, 4096);
      fs.rmSync(out, { force: true });
      console.log(
        JSON.stringify({
          status: result.status,
          time: result.timeMs,
          wallTime: result.wallMs,
          memory: result.memoryKb,
          exitCode: result.exitCode,
          signal: result.signal,
          message: result.message ?? '',
          stdout: stdoutHead,
        }),
      );
      return 0;
    } finally {
      await settleRuns();
      fs.rmSync(compiled.dir, { recursive: true, force: true });
    }
  }
  console.error(USAGE);
  return 2;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      stopKernelLog();
      process.exit(code);
    },
    (err) => {
      console.error((err as Error).message);
      process.exit(2);
    },
  );
}
