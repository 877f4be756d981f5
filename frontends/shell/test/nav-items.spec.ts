import { NavContext, NavItem, badgeCount, navItems, selectedKey, showsRegister, userMenuItems } from '../src/layout/nav-items';

const config = { openPublicJudge: true, openPublicDiscussion: true, register: true, emailConfigured: true };
type Over = Partial<Omit<NavContext, 'config'>> & { config?: Partial<NavContext['config']> };
const ctx = (over: Over = {}): NavContext => ({
  isRoot: false,
  isAdmin: false,
  isLoggedIn: false,
  ...over,
  config: { ...config, ...(over.config ?? {}) },
});
const keys = (items: NavItem[]): string[] => items.flatMap((i) => [i.key, ...(i.children ? keys(i.children) : [])]);

describe('navbar items (product §2, §6)', () => {
  it('lists every top navigation item in order when all switches are on', () => {
    expect(keys(navItems(ctx()))).toEqual([
      '/home',
      '/problem',
      '/training',
      '/contest',
      '/exam',
      '/status',
      'rank',
      '/acm-rank',
      '/oi-rank',
      '/discussion',
      '/group',
      'about',
      '/introduction',
      '/developer',
    ]);
  });

  it('hides status and discussion when their switches are off, except for the super admin', () => {
    const off = { openPublicJudge: false, openPublicDiscussion: false };
    expect(keys(navItems(ctx({ config: off })))).not.toEqual(expect.arrayContaining(['/status']));
    expect(keys(navItems(ctx({ config: off })))).not.toContain('/discussion');
    expect(keys(navItems(ctx({ config: off, isRoot: true })))).toEqual(expect.arrayContaining(['/status', '/discussion']));
  });

  it('shows the management link to admin-type roles only', () => {
    expect(keys(userMenuItems(ctx({ isLoggedIn: true })))).toEqual(['/user-home', '/status?onlyMine=true', '/setting', '/logout']);
    expect(keys(userMenuItems(ctx({ isLoggedIn: true, isAdmin: true })))).toContain('/admin/');
  });

  it('shows the register link only when registration is on, always to the super admin', () => {
    expect(showsRegister(ctx())).toBe(true);
    expect(showsRegister(ctx({ config: { register: false } }))).toBe(false);
    expect(showsRegister(ctx({ config: { register: false }, isRoot: true }))).toBe(true);
  });

  it('hides the register link while no mail server can send the code, except to the super admin', () => {
    expect(showsRegister(ctx({ config: { emailConfigured: false } }))).toBe(false);
    expect(showsRegister(ctx({ config: { emailConfigured: false }, isRoot: true }))).toBe(true);
  });

  it('caps badges at 99', () => {
    expect(badgeCount(5)).toBe(5);
    expect(badgeCount(150)).toBe(99);
    expect(badgeCount(-1)).toBe(0);
  });

  it('selects the top-level item of nested paths', () => {
    expect(selectedKey('/problem/1001')).toBe('/problem');
    expect(selectedKey('/')).toBe('/home');
    expect(selectedKey('/oi-rank')).toBe('/oi-rank');
  });
});
