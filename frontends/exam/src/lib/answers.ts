/** The answer formats of contracts (exam.ts "Answer formats") as the inputs read and write them. */
import { QuestionType, choiceLetter, decodeBlankAnswer, encodeBlankAnswer, normaliseChoiceAnswer } from '@oj/contracts';

/** Choice: the chosen letters, sorted ("AC"). */
export const encodeChoice = (indexes: number[]): string => normaliseChoiceAnswer(indexes.map(choiceLetter).join(''));
export const decodeChoice = (value: string | undefined): number[] =>
  normaliseChoiceAnswer(value ?? '')
    .split('')
    .filter(Boolean)
    .map((c) => c.charCodeAt(0) - 65);

/** Blank: one string per blank, padded to the question's count. */
export const encodeBlanks = (values: string[]): string => encodeBlankAnswer(values);
export function decodeBlanks(value: string | undefined, count: number): string[] {
  const out = decodeBlankAnswer(value);
  while (out.length < count) out.push('');
  return out;
}

/** A stored answer (or right answer) in words for the paper views. */
export function answerText(type: QuestionType | undefined, value: string | null | undefined, judgeWords: [string, string]): string {
  if (value == null || value === '') return '';
  if (type === QuestionType.Judge) return value === 'true' ? judgeWords[0] : value === 'false' ? judgeWords[1] : value;
  if (type === QuestionType.Blank) {
    let list: unknown;
    try {
      list = JSON.parse(value);
    } catch {
      return value;
    }
    if (!Array.isArray(list)) return value;
    // an answer is a list of strings; a right answer a list of alternatives per blank
    return list.map((v, i) => `${i + 1}. ${Array.isArray(v) ? v.join(' / ') : String(v ?? '')}`).join('  ');
  }
  return value;
}
