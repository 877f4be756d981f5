/**
 * The float-comparing checker (a problem's `floatTolerance`, as DOMjudge's `float_tolerance`):
 * tokens are compared one by one, whitespace is free; where the answer's token is a number the
 * output's must be a number within the absolute or the relative tolerance (either suffices);
 * other tokens must be equal. NaN and infinities must match exactly.
 */
import { JudgeStatus } from '@oj/contracts';
import { CompareResult, expectedFound, tokenDiffers } from './compare';

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^[+-]?(inf|infinity|nan)$/i;

export interface FloatTolerance {
  absolute?: number;
  relative?: number;
}

export function compareFloats(output: Buffer, answer: Buffer, tolerance: FloatTolerance): CompareResult {
  const outTokens = tokens(output);
  const out = outTokens.map((t) => t.text);
  const ans = tokens(answer).map((t) => t.text);
  const abs = tolerance.absolute ?? 0;
  const rel = tolerance.relative ?? 0;
  for (let i = 0; i < ans.length; i++) {
    const expected = ans[i];
    const found = out[i];
    if (found === undefined) return { status: JudgeStatus.WrongAnswer, message: `Output ends early at token ${i + 1}` };
    if (!NUMBER.test(expected)) {
      if (found !== expected) return wrong(outTokens[i], expected, found);
      continue;
    }
    if (!NUMBER.test(found)) return wrong(outTokens[i], expected, found);
    const e = Number(expected.replace(/inf(inity)?/i, 'Infinity').replace(/nan/i, 'NaN'));
    const f = Number(found.replace(/inf(inity)?/i, 'Infinity').replace(/nan/i, 'NaN'));
    if (Number.isNaN(e) || !Number.isFinite(e)) {
      if (!Object.is(e, f)) return wrong(outTokens[i], expected, found);
      continue;
    }
    const error = Math.abs(f - e);
    // NaN compares false: a NaN output is wrong against a finite answer.
    if (!(error <= abs || error <= rel * Math.abs(e))) return wrong(outTokens[i], expected, found, error);
  }
  if (out.length > ans.length) return { status: JudgeStatus.WrongAnswer, message: `Extra output at token ${ans.length + 1}` };
  return { status: JudgeStatus.Accepted };
}

interface Token {
  text: string;
  line: number;
  tokenInLine: number;
}

function tokens(buf: Buffer): Token[] {
  const out: Token[] = [];
  buf
    .toString('utf8')
    .split('\n')
    .forEach((text, l) =>
      text
        .split(/\s+/)
        .filter((t) => t.length > 0)
        .forEach((t, k) => out.push({ text: t, line: l + 1, tokenInLine: k + 1 })),
    );
  return out;
}

/**
 * The submitter learns where; the error stays with the admins like the expected token (two guesses and
 * their errors would give the answer).
 */
function wrong(at: Token, expected: string, found: string, error?: number): CompareResult {
  const by = error === undefined ? '' : ` (error ${error.toPrecision(3)})`;
  return {
    status: JudgeStatus.WrongAnswer,
    message: tokenDiffers(at.line, at.tokenInLine),
    detail: `${expectedFound(expected, found)}${by}`,
  };
}
