/**
 * The module graph's check (scripts/module-graph.js --check, run by `npm run lint`): no dependency in a cycle, ever;
 * and a module may not start importing another module's entities or controllers beyond what
 * scripts/module-graph.baseline.json records of today's graph (issue 33: that allowance only shrinks).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

interface Edge {
  from: string;
  to: string;
  count: number;
  entity?: number;
  controller?: number;
}
interface Baseline {
  edges: Record<string, { entity: number; controller: number }>;
}
const moduleGraph = require('../../scripts/module-graph.js') as {
  graph(src?: string): Edge[];
  violations(edges: Edge[], baseline: Baseline): string[];
  baselineOf(edges: Edge[]): Baseline;
};
const BASELINE = JSON.parse(fs.readFileSync(path.join(__dirname, '../../scripts/module-graph.baseline.json'), 'utf8')) as Baseline;

/** A throwaway backend/src with the given files. */
function fixture(files: Record<string, string>): string {
  const src = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-module-graph-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(src, name)), { recursive: true });
    fs.writeFileSync(path.join(src, name), text);
  }
  return src;
}

describe('module graph', () => {
  const made: string[] = [];
  afterAll(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const tree = (files: Record<string, string>) => {
    const src = fixture(files);
    made.push(src);
    return src;
  };

  it("today's backend keeps within the baseline", () => {
    expect(moduleGraph.violations(moduleGraph.graph(), BASELINE)).toEqual([]);
  });

  it("refuses an import of another module's entity, naming the file", () => {
    const src = tree({
      'modules/a/entities/thing.entity.ts': 'export class Thing {}\n',
      'modules/a/a.service.ts': "import { Thing } from './entities/thing.entity';\nexport class AService {}\n",
      'modules/b/b.service.ts': "import { Thing } from '../a/entities/thing.entity';\nexport class BService {}\n",
    });
    const edges = moduleGraph.graph(src);
    expect(edges).toEqual([expect.objectContaining({ from: 'b', to: 'a', entity: 1 })]);
    const found = moduleGraph.violations(edges, { edges: {} });
    expect(found).toEqual([expect.stringContaining("b -> a: 1 more import(s) of a's entities")]);
    expect(found[0]).toContain(path.join('modules', 'b', 'b.service.ts'));
    // The same import through a's service is allowed.
    const viaService = tree({
      'modules/a/a.service.ts': 'export class AService {}\n',
      'modules/b/b.service.ts': "import {\n  AService,\n} from '../a/a.service';\nexport class BService {}\n",
    });
    expect(moduleGraph.violations(moduleGraph.graph(viaService), { edges: {} })).toEqual([]);
    // A type-only import is the shape a's exported service answers: allowed.
    const typeOnly = tree({
      'modules/a/entities/thing.entity.ts': 'export class Thing {}\n',
      'modules/b/b.service.ts': "import type { Thing } from '../a/entities/thing.entity';\nexport type Held = Thing;\n",
    });
    expect(moduleGraph.violations(moduleGraph.graph(typeOnly), { edges: {} })).toEqual([]);
  });

  it("today's backend has no cycle", () => {
    const edges = moduleGraph.graph();
    expect(moduleGraph.violations(edges, moduleGraph.baselineOf(edges)).filter((v) => v.includes('cycle'))).toEqual([]);
  });

  it("refuses an import of another module's controller and any dependency in a cycle, baseline or not", () => {
    const src = tree({
      'modules/a/a.controller.ts': "import { BService } from '../b/b.service';\nexport function helper() {}\n",
      'modules/b/b.service.ts': "import { helper } from '../a/a.controller';\nexport class BService {}\n",
    });
    const edges = moduleGraph.graph(src);
    const found = moduleGraph.violations(edges, { edges: {} });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringContaining("b -> a: 1 more import(s) of a's controllers"),
        expect.stringContaining('a -> b: a dependency in a cycle (a, b)'),
        expect.stringContaining('b -> a: a dependency in a cycle (a, b)'),
      ]),
    );
    // A baseline allows the controller import it records, never the cycle.
    expect(moduleGraph.violations(edges, moduleGraph.baselineOf(edges))).toEqual([
      expect.stringContaining('a -> b: a dependency in a cycle (a, b)'),
      expect.stringContaining('b -> a: a dependency in a cycle (a, b)'),
    ]);
  });
});
