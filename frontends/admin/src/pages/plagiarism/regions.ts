/** Which matching region each line of a pair's program belongs to, and the colour that region is drawn in. */
import { PlagiarismRegion } from '@oj/contracts';

/**
 * Soft backgrounds (antd's "-2" shades) told apart at a glance; a region has the same one in both programs, so the
 * reader sees which part matches which. More regions than colours reuse them in turn.
 */
export const REGION_COLOURS = ['#fff1b8', '#d9f7be', '#bae0ff', '#ffd8bf', '#efdbff', '#b5f5ec', '#ffd6e7', '#f4ffb8'] as const;
/** The stronger shades of the same hues, for the region picked by a click. */
const REGION_EDGES = ['#faad14', '#52c41a', '#1677ff', '#fa541c', '#722ed1', '#13c2c2', '#eb2f96', '#a0d911'] as const;

export const regionColour = (index: number): string => REGION_COLOURS[index % REGION_COLOURS.length];
export const regionEdge = (index: number): string => REGION_EDGES[index % REGION_EDGES.length];

export type Side = 'a' | 'b';

/** The lines of a region in one program (1-based, inclusive). */
export const regionLines = (r: PlagiarismRegion, side: Side): [number, number] => (side === 'a' ? [r.aFrom, r.aTo] : [r.bFrom, r.bTo]);

/**
 * For lines 1..lineCount of one program, the index of the region the line lies in (index 0 unused), or undefined.
 * Where regions overlap the earlier one keeps the line; lines outside the program are ignored.
 */
export function lineRegions(regions: readonly PlagiarismRegion[], side: Side, lineCount: number): (number | undefined)[] {
  const of: (number | undefined)[] = new Array(lineCount + 1).fill(undefined);
  regions.forEach((r, index) => {
    const [from, to] = regionLines(r, side);
    for (let line = Math.max(1, from); line <= Math.min(lineCount, to); line++) if (of[line] === undefined) of[line] = index;
  });
  return of;
}

/** A program's lines as shown: CRLF read as LF, and no empty last line for the final newline. */
export function codeLines(code: string): string[] {
  const lines = code.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A percent as shown: at most one decimal. */
export const percent = (value: number): string => `${Math.round(value * 10) / 10}%`;
