import {
  AVAILABLE_REMOTES,
  areaOf,
  availableAreas,
  defaultManifest,
  failedRemotes,
  hidesSiteLayout,
  isRemoteAvailable,
  matchesPrefix,
  setManifest,
} from '../src/root/remotes';

describe('remote registry', () => {
  it('routes each prefix to its remote', () => {
    expect(areaOf('/problem')?.name).toBe('problems');
    expect(areaOf('/problem/1001')?.name).toBe('problems');
    expect(areaOf('/status/12')?.name).toBe('problems');
    expect(areaOf('/acm-rank')?.name).toBe('problems');
    expect(areaOf('/training/3/rank')?.name).toBe('problems');
    expect(areaOf('/discussion')?.name).toBe('problems');
    expect(areaOf('/contest/1/problem/A')?.name).toBe('contest');
    expect(areaOf('/exam')?.name).toBe('exam');
    expect(areaOf('/group/4')?.name).toBe('group');
    expect(areaOf('/admin/problems')?.name).toBe('admin');
    expect(areaOf('/home')).toBeUndefined();
  });

  it('matches whole path segments only', () => {
    expect(matchesPrefix('/problems', '/problem')).toBe(false);
    expect(matchesPrefix('/problem/', '/problem')).toBe(true);
    expect(areaOf('/examples')).toBeUndefined();
  });

  it('says an area is not installed when its remote is not in the list', () => {
    expect(isRemoteAvailable(areaOf('/contest'), ['problems', 'admin'])).toBe(false);
    expect(isRemoteAvailable(areaOf('/problem'), ['problems', 'admin'])).toBe(true);
    expect(isRemoteAvailable(undefined, ['problems'])).toBe(false);
  });

  it('hides the site navbar and footer in the admin area only', () => {
    expect(hidesSiteLayout('/admin')).toBe(true);
    expect(hidesSiteLayout('/admin/login')).toBe(true);
    expect(hidesSiteLayout('/problem')).toBe(false);
    expect(hidesSiteLayout('/administrator')).toBe(false);
  });
});

describe('runtime remote manifest (issue 20)', () => {
  afterEach(() => setManifest(undefined));

  it('takes which remotes exist and where from the manifest, any name with its own prefixes', () => {
    setManifest([
      { name: 'problems', url: 'https://problems.cdn.example.com/v7/remoteEntry.js' },
      { name: 'ranking', url: '/teams/ranking/remoteEntry.js', prefixes: ['/board'] },
      { name: 'bad name', url: '/x.js' },
      { name: 'nourl' },
    ]);
    expect(AVAILABLE_REMOTES).toEqual(['problems', 'ranking']);
    expect(availableAreas().map((a) => a.name)).toEqual(['problems', 'ranking']);
    expect(areaOf('/board/2')?.name).toBe('ranking');
    expect(isRemoteAvailable(areaOf('/board'))).toBe(true);
    // a bundled area that the manifest leaves out says it is not installed
    expect(isRemoteAvailable(areaOf('/contest/1'))).toBe(false);
    // remotes loading other remotes (contest → problems) find them where the manifest says
    expect(window.__OJ_REMOTE_URLS__).toEqual({
      problems: 'https://problems.cdn.example.com/v7/remoteEntry.js',
      ranking: '/teams/ranking/remoteEntry.js',
    });
  });

  it('a remote without prefixes owns /<name>; a manifest entry may move a bundled area and give it its own layout', () => {
    setManifest([
      { name: 'exam', url: '/remotes/exam/remoteEntry.js', prefixes: ['/exams'] },
      { name: 'lab', url: '/lab.js', ownLayout: true },
    ]);
    expect(areaOf('/exams/3')?.name).toBe('exam');
    expect(areaOf('/lab')?.name).toBe('lab');
    expect(hidesSiteLayout('/lab/x')).toBe(true);
  });

  it('falls back to the remotes built beside the shell when the manifest is not a list', () => {
    expect(setManifest({ not: 'a list' })).toEqual(defaultManifest());
  });

  it('remembers which remotes failed to load and tells the layout', () => {
    const seen: string[] = [];
    const stop = failedRemotes.subscribe(() => seen.push(failedRemotes.snapshot()));
    failedRemotes.set('contest', true);
    failedRemotes.set('contest', true);
    expect(failedRemotes.has('contest')).toBe(true);
    failedRemotes.set('contest', false);
    stop();
    expect(seen).toEqual(['contest', '']);
  });
});
