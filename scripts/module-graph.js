#!/usr/bin/env node
/**
 * The backend's module graph: which module imports which, read from the import statements of backend/src (tests and
 * benches left out). A unit is `core` or one folder of backend/src/modules. `node scripts/module-graph.js` prints
 * every edge with how many imports it stands for and what they reach (`entities/` of another module, a controller,
 * anything else; a type-only import counts as neither), then the strongly connected sets (modules that depend on each other in a circle) and ends with one
 * JSON line: {"modules","edges","entityImports","controllerImports","coreToModules","cycles":[[...]]}.
 * `--dot` prints the graph in Graphviz's language instead. docs/architecture.md says which way dependencies must go.
 *
 * `--check` (part of `npm run lint`) fails on any dependency in a cycle (the graph is acyclic) and on any import of
 * another module's entities or controllers (a module uses another through the services it exports).
 */
const fs = require('fs');
const path = require('path');

const SRC = path.join(__dirname, '..', 'backend', 'src');
const SKIP = /\.(spec|e2e-spec|e2e\.spec)\.ts$/;

function files(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'bench' && e.name !== 'migrations') files(p, out);
    } else if (e.name.endsWith('.ts') && !SKIP.test(e.name)) out.push(p);
  }
  return out;
}

/** `core`, `modules/<name>`'s name, or null for what is neither (main.ts, app.module.ts). */
function unitOf(file, src) {
  const rel = path.relative(src, file).split(path.sep);
  if (rel[0] === 'core') return 'core';
  if (rel[0] === 'modules' && rel.length > 2) return rel[1];
  return null;
}

/** What an import reaches inside its module: entities, a controller, or another file. */
function kindOf(target, src) {
  const rel = path.relative(src, target).split(path.sep);
  if (rel.includes('entities')) return 'entity';
  if (/\.controller(\.ts)?$/.test(rel[rel.length - 1])) return 'controller';
  return 'other';
}

function graph(src = SRC) {
  const edges = new Map();
  const importRe = /(?:^|\n)\s*(import\s+type\s|import\s|export\s)[^'"]*?from\s+['"](\.[^'"]+)['"]/g;
  for (const file of files(src)) {
    const from = unitOf(file, src);
    if (!from) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(importRe)) {
      const target = path.resolve(path.dirname(file), m[2]);
      const typeOnly = /^import\s+type\s/.test(m[1]);
      const to = unitOf(target, src);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      const e = edges.get(key) ?? { from, to, count: 0, entity: 0, controller: 0, files: new Set() };
      e.count += 1;
      // core is what every module builds on: its entities (the account tables) are for every module to use. A type-only
      // import of an entity is the shape an exported service answers (erased at build time); what is refused is
      // using another module's tables (repositories, queries), which needs the class itself.
      const kind = to === 'core' || typeOnly ? 'other' : kindOf(target, src);
      e[kind] = (e[kind] ?? 0) + 1;
      e.files.add(path.relative(src, file));
      edges.set(key, e);
    }
  }
  return [...edges.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** Tarjan's strongly connected components with more than one member. */
function cycles(nodes, edges) {
  const out = new Map(nodes.map((n) => [n, []]));
  for (const e of edges) out.get(e.from).push(e.to);
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const sccs = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of out.get(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) sccs.push(c.sort());
    }
  };
  for (const n of nodes) if (!idx.has(n)) visit(n);
  return sccs;
}

/** What --check refuses: any import of another module's entities or controllers, and any dependency in a cycle. */
function violations(edges) {
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  const inCycle = new Map();
  for (const c of cycles(nodes, edges)) for (const n of c) inCycle.set(n, c);
  const out = [];
  for (const e of edges) {
    const key = `${e.from} -> ${e.to}`;
    for (const kind of ['entity', 'controller']) {
      if (e[kind] > 0) {
        const what = kind === 'entity' ? 'entities' : 'controllers';
        out.push(`${key}: ${e[kind]} import(s) of ${e.to}'s ${what} (use the services ${e.to} exports): ${[...e.files].join(', ')}`);
      }
    }
    if (inCycle.get(e.from) && inCycle.get(e.from) === inCycle.get(e.to)) {
      out.push(`${key}: a dependency in a cycle (${inCycle.get(e.from).join(', ')}): ${[...e.files].join(', ')}`);
    }
  }
  return out;
}

function main() {
  const edges = graph();
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  const sccs = cycles(nodes, edges);
  if (process.argv.includes('--check')) {
    const found = violations(edges);
    for (const v of found) console.error(`module graph: ${v}`);
    if (found.length) process.exit(1);
    return;
  }
  if (process.argv.includes('--dot')) {
    console.log('digraph modules {');
    for (const e of edges) console.log(`  "${e.from}" -> "${e.to}" [label="${e.count}"];`);
    console.log('}');
    return;
  }
  for (const e of edges) {
    const parts = [e.entity && `${e.entity} entity`, e.controller && `${e.controller} controller`].filter(Boolean);
    console.log(`${e.from} -> ${e.to}  ${e.count} import(s)${parts.length ? ` (${parts.join(', ')})` : ''}`);
  }
  for (const c of sccs) console.log(`cycle: ${c.length} modules depend on each other: ${c.join(', ')}`);
  const sum = (k) => edges.reduce((s, e) => s + (e[k] ?? 0), 0);
  console.log(
    JSON.stringify({
      modules: nodes.length,
      edges: edges.length,
      entityImports: sum('entity'),
      controllerImports: sum('controller'),
      coreToModules: edges.filter((e) => e.from === 'core').reduce((s, e) => s + e.count, 0),
      cycles: sccs,
    }),
  );
}

if (require.main === module) main();
module.exports = { graph, cycles, violations };
