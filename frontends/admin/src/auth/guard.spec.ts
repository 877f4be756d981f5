import { ERR, SITE_TEXT } from '@oj/contracts';
import { decideAccess, isAdminUser, needsSuperAdmin } from './guard';

describe('admin route guard (product §6)', () => {
  it('sends a visitor without a stored token to login with "Please Login First!"', () => {
    expect(decideAccess('/dashboard', null, undefined)).toEqual({
      allow: false,
      message: ERR.loginFirst,
      clearSession: true,
      to: 'login',
    });
  });

  it('sends a signed-in user without an admin role home with the reason, keeping the session (issue 37 item 15)', () => {
    expect(decideAccess('/problems', 'tok', ['default_role'])).toEqual({
      allow: false,
      message: SITE_TEXT.notAdmin,
      clearSession: false,
      to: 'home',
    });
    expect(decideAccess('/', 'tok', [])).toMatchObject({ clearSession: false, to: 'home' });
  });

  it('lets admins and problem admins into the problem screens', () => {
    expect(decideAccess('/problems', 'tok', ['admin'])).toEqual({ allow: true });
    expect(decideAccess('/problem/edit/3', 'tok', ['problem_admin'])).toEqual({ allow: true });
    expect(decideAccess('/dashboard', 'tok', ['root'])).toEqual({ allow: true });
  });

  it.each(['/user', '/auth', '/announcement', '/notice', '/conf', '/switch', '/remote-judge', '/conf/'])(
    'keeps %s for the super admin',
    (path) => {
      expect(needsSuperAdmin(path)).toBe(true);
      expect(decideAccess(path, 'tok', ['admin'])).toMatchObject({ allow: false, message: ERR.loginAgain, to: 'login' });
      expect(decideAccess(path, 'tok', ['problem_admin'])).toMatchObject({ allow: false });
      expect(decideAccess(path, 'tok', ['root'])).toEqual({ allow: true });
    },
  );

  it('does not treat look-alike paths as super-admin pages', () => {
    expect(needsSuperAdmin('/problems')).toBe(false);
    expect(needsSuperAdmin('/problem/tag')).toBe(false);
    expect(needsSuperAdmin('/configuration')).toBe(false);
  });

  it('recognises the admin-type roles only', () => {
    expect(isAdminUser(['root'])).toBe(true);
    expect(isAdminUser(['default_role', 'problem_admin'])).toBe(true);
    expect(isAdminUser(['no_submit'])).toBe(false);
    expect(isAdminUser(undefined)).toBe(false);
  });
});
