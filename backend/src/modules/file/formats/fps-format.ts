import { XMLParser } from 'fast-xml-parser';
import { JudgeMode } from '@oj/contracts';
import { ArchiveError } from '../../../core/archive/safe-zip';
import { emptyProblem, ImportedProblem } from '../../problem/imported-problem';

type Node = string | number | { '#text'?: string | number; [attr: string]: unknown };

const REPEATED = new Set(['item', 'sample_input', 'sample_output', 'test_input', 'test_output', 'solution', 'img', 'template', 'spj']);

/** FPS language names → the names users know here. */
const FPS_LANGUAGES: Record<string, string> = {
  c: 'C',
  'c++': 'C++',
  cpp: 'C++',
  java: 'Java',
  python: 'Python3',
  python3: 'Python3',
  pascal: 'Pascal',
  go: 'Golang',
  golang: 'Golang',
};

const text = (n: Node | undefined): string => (n == null ? '' : typeof n === 'object' ? String(n['#text'] ?? '') : String(n));
const attr = (n: Node | undefined, name: string): string | undefined =>
  n != null && typeof n === 'object' && n[`@_${name}`] != null ? String(n[`@_${name}`]) : undefined;

/** Reads a FreeProblemSet XML file: one problem per `<item>`, limits with their units, samples and tests. */
export function parseFps(xml: string): ImportedProblem[] {
  // Entity declarations allow expansion bombs; FPS files never need them.
  if (/<!ENTITY/i.test(xml)) throw new ArchiveError('entity declarations are not allowed');
  let doc: { fps?: { item?: Record<string, Node[] | Node>[] } };
  try {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      trimValues: false,
      processEntities: true,
      isArray: (name) => REPEATED.has(name),
    });
    doc = parser.parse(xml, true);
  } catch (e) {
    throw new ArchiveError(`invalid FPS xml: ${(e as Error).message}`);
  }
  const items = doc?.fps?.item;
  if (!Array.isArray(items) || items.length === 0) throw new ArchiveError('no FPS items');
  return items.map((item) => {
    const one = (k: string): Node | undefined => {
      const v = item[k];
      return Array.isArray(v) ? v[0] : v;
    };
    const many = (k: string): Node[] => {
      const v = item[k];
      return v == null ? [] : Array.isArray(v) ? v : [v];
    };
    const p = emptyProblem();
    p.title = text(one('title')).trim();
    if (!p.title) throw new ArchiveError('FPS item without title');
    const tl = one('time_limit');
    const tlValue = Number(text(tl));
    if (Number.isFinite(tlValue) && tlValue > 0) p.timeLimit = Math.round(attr(tl, 'unit') === 'ms' ? tlValue : tlValue * 1000);
    const ml = one('memory_limit');
    const mlValue = Number(text(ml));
    if (Number.isFinite(mlValue) && mlValue > 0)
      p.memoryLimit = Math.round(attr(ml, 'unit')?.toLowerCase() === 'kb' ? mlValue / 1024 : mlValue);
    p.description = text(one('description'));
    p.input = text(one('input'));
    p.output = text(one('output'));
    p.hint = text(one('hint'));
    p.source = text(one('source'));
    const sIn = many('sample_input');
    const sOut = many('sample_output');
    p.examples = sIn.map((s, i) => ({ input: text(s), output: text(sOut[i]) }));
    const tIn = many('test_input');
    const tOut = many('test_output');
    if (tIn.length !== tOut.length) throw new ArchiveError(`unpaired test data in ${p.title}`);
    const cases = tIn.length > 0 ? tIn.map((t, i) => ({ input: text(t), output: text(tOut[i]) })) : p.examples;
    if (cases.length === 0) throw new ArchiveError(`no test data in ${p.title}`);
    p.cases = cases.map((c) => ({ input: Buffer.from(c.input), output: Buffer.from(c.output), score: 0 }));
    const spj = many('spj')[0];
    if (spj != null && text(spj).trim()) {
      p.judgeMode = JudgeMode.Special;
      p.spjCode = text(spj);
      p.spjLanguage = FPS_LANGUAGES[(attr(spj, 'language') ?? 'c++').toLowerCase()] ?? 'C++';
    }
    p.codeTemplates = many('template')
      .filter((t) => attr(t, 'language'))
      .map((t) => ({ language: FPS_LANGUAGES[attr(t, 'language')!.toLowerCase()] ?? attr(t, 'language')!, code: text(t) }));
    return p;
  });
}
