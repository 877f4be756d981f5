/**
 * The first page must not need antd (issue 5: shell initial JavaScript ≤ 150 KB gzip). Shared modules are
 * not tree-shaken, so one static import of antd, @ant-design/* or the full @oj/kit (which imports antd)
 * anywhere in the static import graph of the entry puts all of antd in the first load. antd parts are
 * reached only through dynamic import() (src/antd/lazy-parts.tsx).
 */
import * as fs from 'fs';
import * as path from 'path';

const SRC = path.join(__dirname, '../src');
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function resolveLocal(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function staticGraph(entry: string): { files: string[]; packages: Map<string, string> } {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(STATIC_IMPORT)) {
      if (spec.startsWith('.')) {
        const local = resolveLocal(file, spec);
        if (local && /\.tsx?$/.test(local)) visit(local);
      } else packages.set(spec, path.relative(SRC, file));
    }
  };
  visit(entry);
  return { files: [...seen].map((f) => path.relative(SRC, f)), packages };
}

describe('the shell first page', () => {
  const graph = staticGraph(path.join(SRC, 'bootstrap.tsx'));

  it('imports no antd, no icon library and not the full @oj/kit statically', () => {
    const heavy = [...graph.packages].filter(
      ([p]) => p === 'antd' || p.startsWith('antd/') || p.startsWith('@ant-design/') || p === '@oj/kit',
    );
    expect(heavy).toEqual([]);
    expect(graph.packages.has('@oj/kit/core')).toBe(true);
  });

  it('reaches the antd parts only through the lazy handles', () => {
    expect(graph.files).toContain(path.join('antd', 'lazy-parts.tsx'));
    expect(graph.files).not.toContain(path.join('antd', 'antd-parts.tsx'));
    expect(graph.files).not.toContain(path.join('account', 'account-dialog.tsx'));
    expect(graph.files).toEqual(expect.arrayContaining([path.join('layout', 'navbar.tsx'), path.join('pages', 'home', 'index.tsx')]));
  });

  it("carries one language's texts and no progress bar (issue 37: both load when needed)", () => {
    // the texts of each language only through locales/loaded.ts's import(); the full map is the tests'
    for (const file of ['zh-CN.ts', 'en-US.ts', 'index.ts']) expect(graph.files).not.toContain(path.join('locales', file));
    expect(graph.files).toContain(path.join('locales', 'loaded.ts'));
    // NProgress shows on navigations inside the site, loaded by the first one
    expect([...graph.packages.keys()].filter((p) => p.startsWith('nprogress'))).toEqual([]);
  });
});
