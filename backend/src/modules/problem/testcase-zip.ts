import { ArchiveError } from '../../core/archive/safe-zip';

export interface CaseFiles {
  /** Case number as found in the file names (1-based order after sorting). */
  caseId: number;
  inputName: string;
  outputName: string;
  input: Buffer;
  output: Buffer;
  score?: number;
}

const naturalCompare = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * Pairs test files of an archive (or of one folder of it): `N.in` with `N.out` or `N.ans`, or `inputN.txt` with
 * `outputN.txt`. Every input needs its output and the other way round; an empty set is refused.
 * Only files directly in `dir` are considered.
 */
export function pairTestcases(files: Map<string, Buffer>, dir = ''): CaseFiles[] {
  const prefix = dir ? `${dir.replace(/\/$/, '')}/` : '';
  const inputs = new Map<string, { name: string; data: Buffer }>();
  const outputs = new Map<string, { name: string; data: Buffer }>();
  for (const [path, data] of files) {
    if (!path.startsWith(prefix)) continue;
    const name = path.slice(prefix.length);
    if (name.includes('/')) continue;
    let m: RegExpMatchArray | null;
    if ((m = name.match(/^(.+)\.in$/))) setOnce(inputs, m[1], name, data);
    else if ((m = name.match(/^(.+)\.(out|ans)$/))) setOnce(outputs, m[1], name, data);
    else if ((m = name.match(/^input(.+)\.txt$/))) setOnce(inputs, `txt:${m[1]}`, name, data);
    else if ((m = name.match(/^output(.+)\.txt$/))) setOnce(outputs, `txt:${m[1]}`, name, data);
  }
  for (const stem of inputs.keys())
    if (!outputs.has(stem)) throw new ArchiveError(`input without output: ${inputs.get(stem)!.name}`, 'unpaired', inputs.get(stem)!.name);
  for (const stem of outputs.keys())
    if (!inputs.has(stem)) throw new ArchiveError(`output without input: ${outputs.get(stem)!.name}`, 'unpaired', outputs.get(stem)!.name);
  if (inputs.size === 0) throw new ArchiveError('no test cases found', 'noCases');
  return [...inputs.keys()]
    .sort((a, b) => naturalCompare(a, b))
    .map((stem, i) => ({
      caseId: i + 1,
      inputName: inputs.get(stem)!.name,
      outputName: outputs.get(stem)!.name,
      input: inputs.get(stem)!.data,
      output: outputs.get(stem)!.data,
    }));
}

function setOnce(map: Map<string, { name: string; data: Buffer }>, stem: string, name: string, data: Buffer) {
  if (map.has(stem)) throw new ArchiveError(`duplicate test file for ${stem}: ${name}`, 'duplicate', name);
  map.set(stem, { name, data });
}

/** Splits 100 points over n cases: every case gets the floor, the last ones absorb the remainder. */
export function evenScores(n: number, total = 100): number[] {
  const base = Math.floor(total / n);
  const rest = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i >= n - rest ? 1 : 0));
}

/** The folder holding the test files: the root, or the only top-level folder when everything sits in one. */
export function testcaseRoot(files: Map<string, Buffer>): string {
  const tops = new Set([...files.keys()].map((p) => (p.includes('/') ? p.split('/')[0] + '/' : '')));
  if (tops.size === 1) {
    const only = [...tops][0];
    return only;
  }
  return '';
}
