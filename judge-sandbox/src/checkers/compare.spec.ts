import { JudgeStatus } from '@oj/contracts';
import { compareOutput } from './compare';
import { checkerExitVerdict } from './special';
import type { RunResult } from '../sandbox';

const b = (s: string) => Buffer.from(s);

describe('default comparer', () => {
  it('accepts identical output and ignores trailing blanks when the flag is on', () => {
    expect(compareOutput(b('1 2\n3\n'), b('1 2\n3\n'), false).status).toBe(JudgeStatus.Accepted);
    expect(compareOutput(b('1 2   \n3\n\n\n'), b('1 2\n3'), true).status).toBe(JudgeStatus.Accepted);
    expect(compareOutput(b('1 2\r\n3\r\n'), b('1 2\n3\n'), false).status).toBe(JudgeStatus.Accepted);
  });

  it('gives PE when only whitespace differs', () => {
    expect(compareOutput(b('1 2 \n3\n'), b('1 2\n3\n'), false).status).toBe(JudgeStatus.PresentationError);
    expect(compareOutput(b('1\n2\n3\n'), b('1 2\n3\n'), true).status).toBe(JudgeStatus.PresentationError);
  });

  it('gives WA with the place of the first differing token; the tokens go to the admins only', () => {
    expect(compareOutput(b('1 2 4\n'), b('1 2 3\n'), true)).toEqual({
      status: JudgeStatus.WrongAnswer,
      message: 'Line 1, token 3 differs',
      detail: 'expected "3", found "4"',
    });
    expect(compareOutput(b('1\n2 3\n\n4 SECRET 6\n'), b('1 2 3 4 5 6'), true)).toEqual({
      status: JudgeStatus.WrongAnswer,
      message: 'Line 4, token 2 differs',
      detail: 'expected "5", found "SECRET"',
    });
    expect(compareOutput(b('1 2'), b('1 2 3'), true).message).toBe('Output ends early at token 3');
    expect(compareOutput(b(''), b('5'), true).status).toBe(JudgeStatus.WrongAnswer);
  });
});

describe('checker exit codes', () => {
  const exited = (code: number): RunResult => ({
    status: code === 0 ? 'exited' : 'nonzero',
    exitCode: code,
    signal: null,
    timeMs: 1,
    wallMs: 1,
    memoryKb: 1,
  });
  it('maps testlib codes', () => {
    expect(checkerExitVerdict('testlib', exited(0), 'ok', 10).status).toBe(JudgeStatus.Accepted);
    expect(checkerExitVerdict('testlib', exited(1), 'wa', 10).status).toBe(JudgeStatus.WrongAnswer);
    expect(checkerExitVerdict('testlib', exited(2), 'pe', 10).status).toBe(JudgeStatus.PresentationError);
    expect(checkerExitVerdict('testlib', exited(3), 'fail', 10).status).toBe(JudgeStatus.SystemError);
    expect(checkerExitVerdict('testlib', exited(7), 'points 4', 10)).toEqual({
      status: JudgeStatus.PartialAccepted,
      score: 4,
      message: 'points 4',
    });
    expect(checkerExitVerdict('testlib', exited(7), '25', 10).score).toBe(10);
  });
  it('maps DOMjudge codes', () => {
    expect(checkerExitVerdict('domjudge', exited(42), '', 10).status).toBe(JudgeStatus.Accepted);
    expect(checkerExitVerdict('domjudge', exited(43), '', 10).status).toBe(JudgeStatus.WrongAnswer);
    expect(checkerExitVerdict('domjudge', exited(0), '', 10).status).toBe(JudgeStatus.SystemError);
  });
  it('treats a crashed checker as System Error', () => {
    const crashed: RunResult = { ...exited(0), status: 'signaled', signal: 'SIGSEGV', exitCode: null };
    expect(checkerExitVerdict('testlib', crashed, '', 10).status).toBe(JudgeStatus.SystemError);
  });
});
