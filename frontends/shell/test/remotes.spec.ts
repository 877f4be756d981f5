import { areaOf, hidesSiteLayout, isRemoteAvailable, matchesPrefix } from '../src/root/remotes';

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

  it('shows coming soon for remotes that are not built', () => {
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
