import { JudgeStatus } from '@oj/contracts';
import { compareFloats } from './float-compare';

const b = (s: string) => Buffer.from(s);
const AC = JudgeStatus.Accepted;
const WA = JudgeStatus.WrongAnswer;

describe('float comparer', () => {
  it('accepts numbers within the absolute tolerance, whatever the whitespace', () => {
    expect(compareFloats(b('0.3333333\n'), b('0.333333333'), { absolute: 1e-6 }).status).toBe(AC);
    expect(compareFloats(b('1.0   2.0\n\n'), b('1\n2\n'), { absolute: 1e-9 }).status).toBe(AC);
    expect(compareFloats(b('0.3334'), b('0.333333333'), { absolute: 1e-6 })).toEqual({
      status: WA,
      message: 'Line 1, token 1 differs',
      detail: 'expected "0.333333333", found "0.3334" (error 0.0000667)',
    });
    // Neither the expected number nor the error (two guesses and their errors give the answer) reach the submitter.
    expect(compareFloats(b('1.5\n2.5 9.75'), b('1.5 2.5 3.25'), { absolute: 1e-6 }).message).toBe('Line 2, token 2 differs');
  });

  it('accepts a large number within the relative tolerance only when one is set', () => {
    expect(compareFloats(b('1000000.5'), b('1000000'), { relative: 1e-6 }).status).toBe(AC);
    expect(compareFloats(b('1000000.5'), b('1000000'), { absolute: 1e-6 }).status).toBe(WA);
    // Either bound suffices (DOMjudge's float_tolerance).
    expect(compareFloats(b('1e-12'), b('0'), { absolute: 1e-9, relative: 1e-9 }).status).toBe(AC);
  });

  it('compares words exactly and needs numbers where the answer has numbers', () => {
    expect(compareFloats(b('Case 1: 2.5000'), b('Case 1: 2.5'), { absolute: 1e-6 }).status).toBe(AC);
    expect(compareFloats(b('case 1: 2.5'), b('Case 1: 2.5'), { absolute: 1e-6 }).status).toBe(WA);
    expect(compareFloats(b('abc'), b('1.5'), { absolute: 1 }).status).toBe(WA);
    expect(compareFloats(b('nan'), b('1.5'), { absolute: 1 }).status).toBe(WA);
    expect(compareFloats(b('inf'), b('inf'), { absolute: 1 }).status).toBe(AC);
  });

  it('refuses missing and extra tokens', () => {
    expect(compareFloats(b('1.0'), b('1.0 2.0'), { absolute: 1e-6 })).toEqual({ status: WA, message: 'Output ends early at token 2' });
    expect(compareFloats(b('1.0 2.0 3'), b('1.0 2.0'), { absolute: 1e-6 })).toEqual({ status: WA, message: 'Extra output at token 3' });
  });
});
