import { GroupAuth, GroupVO } from '@oj/contracts';
import { Directory, DirectoryGroup, DirectoryQuery, GroupDirectoryService } from './group-directory.service';

/** 60 groups: every 4th hidden, levels in turn; names searchable. */
function directory(): Directory {
  const groups: DirectoryGroup[] = [];
  for (let id = 1; id <= 60; id++) {
    const vo = { id, name: `Group ${id}`, shortName: `g${id}`, owner: id % 2 ? 'Alice' : 'bob', visible: id % 4 !== 0 } as GroupVO;
    vo.auth = ((id % 3) + 1) as GroupAuth;
    groups.push({ id, visible: vo.visible, auth: vo.auth, search: [vo.name, vo.shortName, vo.owner].map((t) => t.toLowerCase()), vo });
  }
  return { groups, byId: new Map(groups.map((g) => [g.id, g])), visible: groups.filter((g) => g.visible) };
}

/** The list's rules written plainly: what every page must equal. */
function expected(dir: Directory, q: DirectoryQuery): { ids: number[]; total: number } {
  const all = dir.groups.filter(
    (g) =>
      (q.onlyMine ? q.mine.has(g.id) : g.visible || q.seesHidden || q.mine.has(g.id)) &&
      (!q.auth || g.auth === q.auth) &&
      (!q.keyword || g.search.some((t) => t.includes(q.keyword!.toLowerCase()))),
  );
  return { ids: all.slice(q.skip, q.skip + q.size).map((g) => g.id), total: all.length };
}

describe('GroupDirectoryService.page', () => {
  const service = new GroupDirectoryService(undefined as never, { on: () => undefined } as never);
  const dir = directory();
  const memberships: ReadonlySet<number>[] = [new Set(), new Set([4, 8, 9, 60, 999]), new Set(dir.groups.map((g) => g.id))];

  it('gives every page as the plain rules do', () => {
    let pages = 0;
    let nonEmpty = 0;
    for (const mine of memberships)
      for (const seesHidden of [false, true])
        for (const onlyMine of [false, true])
          for (const auth of [undefined, 1, 3])
            for (const keyword of [undefined, 'ALICE', 'group 1', 'none'])
              for (const [skip, size] of [
                [0, 10],
                [10, 10],
                [40, 30],
                [100, 10],
              ]) {
                const q: DirectoryQuery = { mine, seesHidden, onlyMine, auth, keyword, skip, size };
                const page = service.page(dir, q);
                const want = expected(dir, q);
                expect({ ids: page.records.map((r) => r.id), total: page.total }).toEqual(want);
                pages++;
                if (want.ids.length) nonEmpty++;
              }
    expect(pages).toBe(3 * 2 * 2 * 3 * 4 * 4);
    // Most combinations give a page with groups on it (not a test of empty pages alone).
    expect(nonEmpty).toBeGreaterThan(pages / 5);
  });

  it('merges a member’s hidden groups into the visible ones in id order', () => {
    const page = service.page(dir, { mine: new Set([4, 8]), seesHidden: false, onlyMine: false, skip: 0, size: 10 });
    expect(page.records.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(page.total).toBe(45 + 2);
  });
});
