/**
 * Entry points of JVM languages, found in the source as DOMjudge's autodetection does: whatever
 * the class is called and whichever package it is in. Only top-level declarations count (a
 * `main` inside a nested class belongs to its outer class's region).
 */

export interface EntryPoint {
  /** File name the source is written to (javac wants a public class in a file of its name). */
  sourceFile: string;
  /** What the run starts: the fully qualified class name. */
  entry: string;
}

/** Comments and string/char literals blanked, so braces and keywords inside them do not count. */
export function stripLiterals(code: string): string {
  return code.replace(/"""[\s\S]*?"""|\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, (m) =>
    m.startsWith('/') ? ' ' : '""',
  );
}

interface Declaration {
  keyword: string;
  name: string;
  /** The declaration's text up to its closing brace. */
  body: string;
}

/** Top-level declarations introduced by one of the keywords, with their bodies. */
function topLevel(src: string, keywords: string[]): Declaration[] {
  const found: Declaration[] = [];
  const pattern = new RegExp(`\\b(${keywords.join('|')})\\s+(\\w+)`, 'g');
  let depth = 0;
  let at = 0;
  for (let m = pattern.exec(src); m; m = pattern.exec(src)) {
    for (; at < m.index; at++) depth += src[at] === '{' ? 1 : src[at] === '}' ? -1 : 0;
    if (depth !== 0) continue;
    let end = src.indexOf('{', m.index);
    if (end < 0) end = src.length;
    for (let d = 0, i = end; i < src.length; i++) {
      d += src[i] === '{' ? 1 : src[i] === '}' ? -1 : 0;
      if (d === 0) {
        end = i + 1;
        break;
      }
      end = src.length;
    }
    found.push({ keyword: m[1], name: m[2], body: src.slice(m.index, end) });
  }
  return found;
}

/** The declaration's own members: its body's text outside nested braces (so a nested class's main is not its). */
function members(d: Declaration): string {
  let depth = 0;
  let out = '';
  for (const ch of d.body) {
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (depth === 1) out += ch;
  }
  return out;
}

function qualified(pkg: string | undefined, name: string): string {
  return pkg ? `${pkg}.${name}` : name;
}

export function javaEntry(code: string): EntryPoint {
  const src = stripLiterals(code);
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(src)?.[1];
  const decls = topLevel(src, ['class', 'interface', 'enum', 'record']);
  const publicOne = decls.find((d) =>
    new RegExp(`\\bpublic\\s+(?:(?:final|abstract|strictfp|sealed)\\s+)*${d.keyword}\\s+${d.name}\\b`).test(src),
  );
  const hasMain = (d: Declaration) => /\bstatic\s+(?:final\s+)?void\s+main\s*\(/.test(members(d));
  const main = [publicOne, ...decls].find((d) => d && hasMain(d)) ?? publicOne ?? decls[0];
  return { sourceFile: `${publicOne?.name ?? 'Main'}.java`, entry: qualified(pkg, main?.name ?? 'Main') };
}

export function kotlinEntry(code: string): EntryPoint {
  const src = stripLiterals(code);
  const pkg = /^\s*package\s+([\w.]+)/m.exec(src)?.[1];
  // A top-level `fun main` lives in the file class MainKt (the source is main.kt).
  const funs = topLevel(src, ['fun']);
  if (funs.some((f) => f.name === 'main')) return { sourceFile: 'main.kt', entry: qualified(pkg, 'MainKt') };
  const objects = topLevel(src, ['object', 'class']);
  const main = objects.find((d) => /\bfun\s+main\s*\(/.test(members(d)));
  return { sourceFile: 'main.kt', entry: qualified(pkg, main?.name ?? 'MainKt') };
}

export function scalaEntry(code: string): EntryPoint {
  const src = stripLiterals(code);
  const pkg = /^\s*package\s+([\w.]+)/m.exec(src)?.[1];
  const objects = topLevel(src, ['object']);
  const main = objects.find((d) => /\bdef\s+main\s*\(/.test(members(d)) || /^object\s+\w+\s+extends\s+App\b/.test(d.body)) ?? objects[0];
  return { sourceFile: 'main.scala', entry: qualified(pkg, main?.name ?? 'Main') };
}
