/**
 * Default comparison. Exact match (after dropping trailing whitespace of every line and trailing
 * blank lines when the problem's isRemoveEndBlank flag is on) is Accepted; equal tokens with
 * different whitespace is Presentation Error; anything else is Wrong Answer. CRLF counts as LF.
 */
import { JudgeStatus } from '@oj/contracts';

export interface CompareResult {
  status: typeof JudgeStatus.Accepted | typeof JudgeStatus.WrongAnswer | typeof JudgeStatus.PresentationError;
  /** Shown to the submitter: where the first difference is, never the expected data. */
  message?: string;
  /** For admins only: the expected and the found token (repeated submissions would read whole answers from it). */
  detail?: string;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d, 0x0b, 0x0c]);

export function compareOutput(output: Buffer, answer: Buffer, removeEndBlank: boolean): CompareResult {
  const out = normalise(output, removeEndBlank);
  const ans = normalise(answer, removeEndBlank);
  if (out.equals(ans)) return { status: JudgeStatus.Accepted };
  const diff = firstTokenDifference(output, answer);
  if (diff === null) return { status: JudgeStatus.PresentationError, message: 'Only whitespace differs' };
  return { status: JudgeStatus.WrongAnswer, ...diff };
}

function normalise(buf: Buffer, removeEndBlank: boolean): Buffer {
  let text = buf.toString('latin1').replace(/\r\n/g, '\n');
  if (removeEndBlank) {
    text = text
      .split('\n')
      .map((line) => line.replace(/[ \t\r\v\f]+$/, ''))
      .join('\n')
      .replace(/\n+$/, '');
  }
  return Buffer.from(text, 'latin1');
}

/**
 * null when the token sequences are equal, else where the first difference is (the line of the program's
 * output and the token within it) and, apart, what the two tokens were.
 */
function firstTokenDifference(a: Buffer, b: Buffer): { message: string; detail?: string } | null {
  let i = 0;
  let j = 0;
  let line = 1;
  let tokenInLine = 0;
  for (let index = 1; ; index++) {
    while (i < a.length && WS.has(a[i])) {
      if (a[i] === 0x0a) {
        line++;
        tokenInLine = 0;
      }
      i++;
    }
    while (j < b.length && WS.has(b[j])) j++;
    if (i >= a.length || j >= b.length) {
      if (i >= a.length && j >= b.length) return null;
      return { message: i >= a.length ? `Output ends early at token ${index}` : `Extra output at token ${index}` };
    }
    tokenInLine++;
    const si = i;
    const sj = j;
    while (i < a.length && !WS.has(a[i])) i++;
    while (j < b.length && !WS.has(b[j])) j++;
    const ta = a.subarray(si, i);
    const tb = b.subarray(sj, j);
    if (!ta.equals(tb)) {
      return { message: tokenDiffers(line, tokenInLine), detail: expectedFound(tb.toString('utf8'), ta.toString('utf8')) };
    }
  }
}

/** The submitter's message of a differing token (shared with the float checker). */
export function tokenDiffers(line: number, tokenInLine: number): string {
  return `Line ${line}, token ${tokenInLine} differs`;
}

/** The admins' detail of a differing token. */
export function expectedFound(expected: string, found: string): string {
  const cut = (s: string) => (s.length > 32 ? `${s.slice(0, 32)}...` : s);
  return `expected "${cut(expected)}", found "${cut(found)}"`;
}
