#!/usr/bin/env node
/**
 * Every path a README or a page of docs/ names must exist: `node scripts/doc-paths.js` prints each one that does not
 * (file:line: path) and exits 1 when there is any. backend/test/doc-paths.spec.ts runs it in `npm test`.
 *
 * What counts as a path: the target of a Markdown link that is not a web address, and a `code span` that starts with
 * one of the repository's folders (backend/, judge-sandbox/, frontends/, packages/, scripts/, deploy/, docs/, e2e/,
 * .ci/) or with src/ or test/ (read from the document's package), or that names a file with an extension in the
 * document's own folder. Spans with placeholders (<domain>, $VAR, *, {a,b}, ...) name a pattern, not a file, and are
 * skipped. A path may end in :line or #anchor.
 */
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');
const TOP = ['backend/', 'judge-sandbox/', 'frontends/', 'packages/', 'scripts/', 'deploy/', 'docs/', 'e2e/', '.ci/'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.data', 'coverage']);

/** README.md files and docs/*.md of the repository. */
function documents(dir = ROOT, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) documents(p, out);
    else if (entry.name === 'README.md' || (entry.name.endsWith('.md') && path.relative(ROOT, dir).split(path.sep)[0] === 'docs'))
      out.push(p);
  }
  return out;
}

/** The folder of the package (nearest package.json) holding `file`. */
function packageDir(file) {
  for (let dir = path.dirname(file); dir.startsWith(ROOT); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  }
  return ROOT;
}

const PLACEHOLDER = /[<>$*{}|\s]|\.\.\.|…/;

/** Candidate paths of one line: [text as written, bases to resolve it from]. */
function candidates(line, doc) {
  const found = [];
  const here = path.dirname(doc);
  for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1];
    if (/^[a-z]+:/i.test(target) || target.startsWith('#') || target.startsWith('/')) continue;
    found.push([target, [here]]);
  }
  for (const m of line.matchAll(/`([^`]+)`/g)) {
    let span = m[1].trim();
    if (PLACEHOLDER.test(span) || /^[a-z]+:\/\//i.test(span)) continue;
    span = span.replace(/^\.\//, '');
    if (TOP.some((t) => span.startsWith(t))) found.push([span, [ROOT]]);
    else if (/^(src|test)\//.test(span)) found.push([span, [packageDir(doc), here]]);
    // A file path inside the document's package: from the document's folder, its parent (a module naming a sibling
    // module's file), the package or the package's src/ (backend READMEs write core/http/...).
    else if (/^[\w.-]+\/[\w./-]+\.(ts|tsx|js|mjs|json|md|yml|yaml|c|h|sh)$/.test(span))
      found.push([span, [here, path.dirname(here), packageDir(doc), path.join(packageDir(doc), 'src')]]);
    // A bare source file name (`contest-judge.bridge.ts`): some file of that name in the repository.
    else if (/^\w[\w.-]*\.(ts|tsx|c|mjs)$/.test(span)) found.push([span, [], ROOT]);
  }
  return found;
}

/** Base names of the files under dir (node_modules, dist skipped), read once per folder. */
const namesUnder = new Map();
function fileNames(dir) {
  if (!namesUnder.has(dir)) {
    const names = new Set();
    const walk = (d) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        if (SKIP_DIRS.has(e.name)) continue;
        if (e.isDirectory()) walk(path.join(d, e.name));
        else names.add(e.name);
      }
    };
    walk(dir);
    namesUnder.set(dir, names);
  }
  return namesUnder.get(dir);
}

function exists(text, bases, anywhereIn) {
  if (anywhereIn) return fileNames(anywhereIn).has(text);
  const clean = text
    .replace(/#.*$/, '')
    .replace(/:\d+(-\d+)?$/, '')
    .replace(/\/$/, '');
  if (!clean) return true;
  return bases.some((b) => fs.existsSync(path.join(b, clean)));
}

/** The paths `text` (the document at `doc`) names that do not exist, as "doc:line: path". */
function checkDocument(doc, text) {
  const missing = [];
  const lines = text.split('\n');
  let fenced = false;
  lines.forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    // A fenced block shows commands and trees; its paths are checked where prose names them.
    if (fenced) return;
    for (const [name, bases, anywhereIn] of candidates(line, doc)) {
      if (!exists(name, bases, anywhereIn)) missing.push(`${path.relative(ROOT, doc)}:${i + 1}: ${name}`);
    }
  });
  return missing;
}

function check() {
  return documents().flatMap((doc) => checkDocument(doc, fs.readFileSync(doc, 'utf8')));
}

if (require.main === module) {
  const missing = check();
  for (const m of missing) console.log(m);
  console.log(JSON.stringify({ missing: missing.length }));
  process.exit(missing.length ? 1 : 0);
}
module.exports = { check, checkDocument };
