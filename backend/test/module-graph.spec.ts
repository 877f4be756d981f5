/**
 * The module graph's check (scripts/module-graph.js --check, run by `npm run lint`): no dependency in a cycle, and no
 * import of another module's entities or controllers (issue 33); a module uses another through its exported services.
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
const moduleGraph = require('../../scripts/module-graph.js') as {
  graph(src?: string): Edge[];
  violations(edges: Edge[]): string[];
};

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

  it("today's backend imports no other module's entities or controllers and has no cycle", () => {
    const edges = moduleGraph.graph();
    expect(moduleGraph.violations(edges)).toEqual([]);
    // The reading is real: the graph has the modules and edges the backend has.
    expect(edges.length).toBeGreaterThan(50);
    expect(edges).toEqual(expect.arrayContaining([expect.objectContaining({ from: 'submission', to: 'submission-store' })]));
  });

  it("refuses an import of another module's entity, naming the file", () => {
    const src = tree({
      'modules/a/entities/thing.entity.ts': 'export class Thing {}\n',
      'modules/a/a.service.ts': "import { Thing } from './entities/thing.entity';\nexport class AService {}\n",
      'modules/b/b.service.ts': "import { Thing } from '../a/entities/thing.entity';\nexport class BService {}\n",
    });
    const edges = moduleGraph.graph(src);
    expect(edges).toEqual([expect.objectContaining({ from: 'b', to: 'a', entity: 1 })]);
    const found = moduleGraph.violations(edges);
    expect(found).toEqual([expect.stringContaining("b -> a: 1 import(s) of a's entities")]);
    expect(found[0]).toContain(path.join('modules', 'b', 'b.service.ts'));
    // The same import through a's service is allowed.
    const viaService = tree({
      'modules/a/a.service.ts': 'export class AService {}\n',
      'modules/b/b.service.ts': "import {\n  AService,\n} from '../a/a.service';\nexport class BService {}\n",
    });
    expect(moduleGraph.violations(moduleGraph.graph(viaService))).toEqual([]);
    // A type-only import is the shape a's exported service answers: allowed.
    const typeOnly = tree({
      'modules/a/entities/thing.entity.ts': 'export class Thing {}\n',
      'modules/b/b.service.ts': "import type { Thing } from '../a/entities/thing.entity';\nexport type Held = Thing;\n",
    });
    expect(moduleGraph.violations(moduleGraph.graph(typeOnly))).toEqual([]);
  });

  it("refuses an import of another module's controller and any dependency in a cycle", () => {
    const src = tree({
      'modules/a/a.controller.ts': "import { BService } from '../b/b.service';\nexport function helper() {}\n",
      'modules/b/b.service.ts': "import { helper } from '../a/a.controller';\nexport class BService {}\n",
    });
    const edges = moduleGraph.graph(src);
    const found = moduleGraph.violations(edges);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringContaining("b -> a: 1 import(s) of a's controllers"),
        expect.stringContaining('a -> b: a dependency in a cycle (a, b)'),
        expect.stringContaining('b -> a: a dependency in a cycle (a, b)'),
      ]),
    );
    expect(found).toHaveLength(3);
  });
});
