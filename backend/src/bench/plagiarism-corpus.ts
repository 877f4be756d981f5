/**
 * Independent C++ programs for the plagiarism check's benchmark and tests: each is drawn from its own seed, with its
 * own functions, nesting, statements and expressions, so that two of them share only what two people's code would by
 * chance (short runs like `for ( int I = N ; I < I ; I ++ )`). A copy is a program with every name changed, blank
 * lines and comments moved, and spacing redone.
 */

/** mulberry32: small, seeded, good enough to draw code from */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPS = ['+', '-', '*', '/', '%', '^', '&', '|', '<<', '>>'];
const CMP = ['<', '>', '<=', '>=', '==', '!='];
const ASSIGN = ['=', '+=', '-=', '*=', '^=', '|=', '&=', '%='];
const TYPES = ['int', 'long long', 'unsigned', 'short', 'double'];

/** A program of about `lines` lines drawn from `seed`. */
export function randomProgram(seed: number, lines = 200): string {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const names = Array.from({ length: 8 + Math.floor(r() * 8) }, (_, i) => `v${seed % 97}_${i}`);
  const num = () => String(Math.floor(r() * 1000));
  const atom = (): string => {
    const x = r();
    if (x < 0.45) return pick(names);
    if (x < 0.7) return num();
    if (x < 0.85) return `a[${pick(names)} % ${num()}]`;
    return `f${Math.floor(r() * 4)}(${pick(names)}, ${num()})`;
  };
  const expr = (depth: number): string => {
    if (depth <= 0 || r() < 0.3) return atom();
    const e = `${expr(depth - 1)} ${pick(OPS)} ${expr(depth - 1)}`;
    return r() < 0.4 ? `(${e})` : e;
  };
  const out: string[] = ['#include <cstdio>', `long long a[${1000 + Math.floor(r() * 9000)}];`];
  const funcs = 4;
  for (let f = 0; f < funcs; f++) {
    out.push(`long long f${f}(long long ${names[0]}, long long ${names[1]}) {`);
    out.push(`  return ${expr(2)};`);
    out.push('}');
  }
  out.push('int main() {');
  for (const n of names) out.push(`  ${pick(TYPES)} ${n} = ${expr(1)};`);
  let depth = 1;
  while (out.length < lines - depth - 3) {
    const pad = '  '.repeat(depth);
    const x = r();
    if (x < 0.1 && depth < 4) {
      out.push(
        `${pad}for (int ${pick(names)}i = ${num()}; ${pick(names)} ${pick(CMP)} ${expr(1)}; ${pick(names)}${pick(['++', '--', ' += 2'])}) {`,
      );
      depth++;
    } else if (x < 0.2 && depth < 4) {
      out.push(`${pad}if (${expr(2)} ${pick(CMP)} ${expr(1)}) {`);
      depth++;
    } else if (x < 0.25 && depth < 4) {
      out.push(`${pad}while (${pick(names)} ${pick(CMP)} ${expr(1)}) {`);
      depth++;
    } else if (x < 0.35 && depth > 1) {
      depth--;
      out.push(`${'  '.repeat(depth)}}${r() < 0.3 ? ' else {' : ''}`);
      if (out[out.length - 1].endsWith('{')) depth++;
    } else if (x < 0.45) out.push(`${pad}printf("%lld\\n", (long long)(${expr(2)}));`);
    else if (x < 0.55) out.push(`${pad}a[${pick(names)} % ${num()}] ${pick(ASSIGN)} ${expr(2)};`);
    else out.push(`${pad}${pick(names)} ${pick(ASSIGN)} ${expr(3)};`);
  }
  while (depth > 1) out.push(`${'  '.repeat(--depth)}}`);
  out.push('  return 0;', '}');
  return out.join('\n') + '\n';
}

/** The copier's version: names changed, a comment and blank lines put in, indentation redone. */
export function disguisedCopy(code: string, seed: number): string {
  const r = rng(seed);
  return code
    .replace(/\bv(\d+)_(\d+)\b/g, (_, a: string, b: string) => `renamed${b}x${a}`)
    .replace(/\bf(\d)\(/g, (_, d: string) => `helper${d}(`)
    .split('\n')
    .flatMap((line) => {
      const moved = line.replace(/^\s+/, (s) => ' '.repeat(s.length * 2));
      if (r() < 0.1) return ['', `// ${Math.floor(r() * 1e6)}`, moved];
      return r() < 0.1 ? ['', moved] : [moved];
    })
    .join('\n');
}
