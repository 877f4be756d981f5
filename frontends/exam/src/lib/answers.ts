/** How each question type's answer is written as the one string submit-question takes (and kept locally). */
import { QuestionType } from '../api/types';

export const choiceLetter = (index: number): string => String.fromCharCode(65 + index);

/** Choice: the chosen letters in order ("AC"). */
export const encodeChoice = (indexes: number[]): string =>
  [...new Set(indexes)]
    .sort((a, b) => a - b)
    .map(choiceLetter)
    .join('');
export const decodeChoice = (value: string | undefined): number[] =>
  (value ?? '')
    .toUpperCase()
    .split('')
    .map((c) => c.charCodeAt(0) - 65)
    .filter((i) => i >= 0 && i < 26);

/** Blank: the blanks' texts as a JSON list. */
export const encodeBlanks = (values: string[]): string => JSON.stringify(values);
export function decodeBlanks(value: string | undefined, count: number): string[] {
  let list: unknown = [];
  try {
    list = JSON.parse(value || '[]');
  } catch {
    list = value ? [value] : [];
  }
  const out = Array.isArray(list) ? list.map((v) => String(v ?? '')) : [];
  while (out.length < count) out.push('');
  return out;
}

/** The number of blanks of a question: stated, or the runs of three or more underscores in its text, at least one. */
export function blankCount(q: { blankCount?: number; description: string }): number {
  if (q.blankCount && q.blankCount > 0) return q.blankCount;
  return Math.max(1, (q.description.match(/_{3,}/g) ?? []).length);
}

/** A stored answer in words for the paper views. */
export function answerText(type: QuestionType | undefined, value: string | null | undefined, judgeWords: [string, string]): string {
  if (value == null || value === '') return '';
  if (type === QuestionType.Judge) return value === 'true' ? judgeWords[0] : value === 'false' ? judgeWords[1] : value;
  if (type === QuestionType.Blank)
    return decodeBlanks(value, 0)
      .map((v, i) => `${i + 1}. ${v}`)
      .join('  ');
  return value;
}
