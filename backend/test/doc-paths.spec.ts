/**
 * The project documents itself (docs/, every README): a path or file a document names must exist, so a move or a
 * rename that leaves a README behind fails here (scripts/doc-paths.js says what counts as a path).
 */
import * as path from 'path';

const docPaths = require('../../scripts/doc-paths.js') as {
  check(): string[];
  checkDocument(doc: string, text: string): string[];
};
const REPO = path.resolve(__dirname, '../..');

describe('paths named by the documentation', () => {
  it('every path a README or a page of docs/ names exists', () => {
    expect(docPaths.check()).toEqual([]);
  });

  it('finds a missing file in a link, a repository path, a package path and a bare file name, and skips patterns', () => {
    const doc = path.join(REPO, 'backend/src/modules/contest/README.md');
    const text = [
      'See [the board](scoreboard/scoreboard-engine.ts) and [gone](scoreboard/no-such-engine.ts).',
      '`backend/src/core/http/hot-path.ts` and `backend/src/core/http/cold-path.ts`.',
      '`core/http/send-serialised.ts`, `core/http/send-later.ts`, `src/main.ts`, `src/nowhere.ts`.',
      '`contest-judge.bridge.ts` and `contest-judge.ferry.ts`.',
      '`src/modules/<domain>/x.ts`, `$JUDGE_CACHE_DIR/zygote/`, `**/*.entity.ts`, https://example.org/a.ts',
      '```',
      'backend/in/a/fence.ts',
      '```',
    ].join('\n');
    expect(docPaths.checkDocument(doc, text)).toEqual([
      'backend/src/modules/contest/README.md:1: scoreboard/no-such-engine.ts',
      'backend/src/modules/contest/README.md:2: backend/src/core/http/cold-path.ts',
      'backend/src/modules/contest/README.md:3: core/http/send-later.ts',
      'backend/src/modules/contest/README.md:3: src/nowhere.ts',
      'backend/src/modules/contest/README.md:4: contest-judge.ferry.ts',
    ]);
  });
});
