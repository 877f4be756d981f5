import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ERR, Role, SWITCH_DENIED_TEXT, SiteSwitch } from '@oj/contracts';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api.exception';
import { SiteConfigService } from '../site-config/site-config.service';
import { AuthGuard } from './auth.guard';
import { AuthUser, toAuthUser } from './auth-user';
import { OptionalAuth, Permission, Public, RequireSwitch, Roles } from './decorators';
import { PermissionService } from './permission.service';
import { RolesGuard } from './roles.guard';
import { SessionService } from './session.service';
import { SwitchGuard } from './switch.guard';
import { TokenPayload, TokenService } from './token.service';

class Handlers {
  plain() {}
  @Public() open() {}
  @OptionalAuth() maybe() {}
  @Roles(Role.Root, Role.Admin) admins() {}
  @Public() @Roles(Role.Root) publicButRoles() {}
  @Public() @RequireSwitch('openPublicJudge') judgeStatus() {}
  @Roles(Role.Root, Role.Admin) @Permission('problem:admin') problems() {}
}

interface FakeHttp {
  headers: Record<string, string>;
  user?: AuthUser;
  token?: unknown;
  urlType?: string;
}

function context(handler: keyof Handlers, req: FakeHttp, resHeaders: Record<string, string> = {}): ExecutionContext {
  return {
    getType: () => 'http',
    getHandler: () => Handlers.prototype[handler],
    getClass: () => Handlers,
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => ({ setHeader: (k: string, v: string) => (resHeaders[k] = v) }) }),
  } as unknown as ExecutionContext;
}

async function rejection(p: Promise<unknown> | (() => unknown)): Promise<ApiException> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    return e as ApiException;
  }
  throw new Error('expected a refusal');
}

const user = (roleId: Role, extra: Partial<AuthUser> = {}) =>
  ({ ...toAuthUser({ uid: 'u' + roleId, username: 'n' + roleId, roleId, status: 0, tokenVersion: 0 }), ...extra }) as AuthUser;

describe('AuthGuard', () => {
  const reflector = new Reflector();
  const tokens = new TokenService({ jwt: { secret: 's', expiresInSec: 100 } } as AppConfig);
  let resolved: AuthUser | null;
  // The stub remembers nothing locally: every lookup goes through resolve.
  const sessions = {
    resolveLocal: () => undefined,
    resolve: async (_p: TokenPayload) => resolved,
    wasReplaced: () => false,
  } as unknown as SessionService;
  const guard = new AuthGuard(reflector, tokens, sessions);

  beforeEach(() => {
    resolved = user(Role.User);
  });

  it('refuses a route without a token with "Please Login First!"', async () => {
    const e = await rejection(guard.canActivate(context('plain', { headers: {} })));
    expect([e.status, e.message]).toEqual([401, ERR.loginFirst]);
  });

  it('refuses a bad or revoked token with "Please Login Again"', async () => {
    let e = await rejection(guard.canActivate(context('plain', { headers: { authorization: 'nonsense' } })));
    expect([e.status, e.message]).toEqual([401, ERR.loginAgain]);
    resolved = null;
    e = await rejection(guard.canActivate(context('plain', { headers: { authorization: tokens.sign('u', 0) } })));
    expect([e.status, e.message]).toEqual([401, ERR.loginAgain]);
  });

  it('refuses a disabled account', async () => {
    resolved = user(Role.User, { status: 1 });
    const e = await rejection(guard.canActivate(context('plain', { headers: { authorization: tokens.sign('u', 0) } })));
    expect([e.status, e.message]).toEqual([403, ERR.accountDisabled]);
  });

  it('attaches the user and the Url-Type', async () => {
    const req: FakeHttp = { headers: { authorization: 'Bearer ' + tokens.sign('u', 0), 'url-type': 'admin' } };
    await expect(guard.canActivate(context('plain', req))).resolves.toBe(true);
    expect(req.user?.roleId).toBe(Role.User);
    expect(req.urlType).toBe('admin');
  });

  it('does not read tokens on public routes, and reads them where a switch is checked', async () => {
    const req: FakeHttp = { headers: { authorization: tokens.sign('u', 0) } };
    await guard.canActivate(context('open', req));
    expect(req.user).toBeUndefined();
    expect(guard.mode(context('judgeStatus', req))).toBe('optional');
    await guard.canActivate(context('judgeStatus', req));
    expect(req.user).toBeDefined();
  });

  it('treats bad tokens as anonymous on optional routes', async () => {
    const req: FakeHttp = { headers: { authorization: 'nonsense' } };
    await expect(guard.canActivate(context('maybe', req))).resolves.toBe(true);
    expect(req.user).toBeUndefined();
  });

  it('requires login where roles are listed, even next to @Public', () => {
    expect(guard.mode(context('publicButRoles', { headers: {} }))).toBe('required');
  });

  it('sets Refresh-Token and a new Authorization once the token is half way', async () => {
    const now = Math.floor(Date.now() / 1000);
    const half = tokens.sign('u', 0);
    const headers: Record<string, string> = {};
    // Simulate age by asking the guard with a token whose iat is old: re-sign with jsonwebtoken.
    const jwt = await import('jsonwebtoken');
    const old = jwt.sign({ ver: 0, iat: now - 60 }, 's', { subject: 'u', jwtid: 'x', expiresIn: 100 });
    await guard.canActivate(context('plain', { headers: { authorization: old } }, headers));
    expect(headers['Refresh-Token']).toBe('true');
    expect(tokens.verify(headers['Authorization'])?.sub).toBe(resolved!.uid);
    const fresh: Record<string, string> = {};
    await guard.canActivate(context('plain', { headers: { authorization: half } }, fresh));
    expect(fresh).toEqual({});
  });
});

describe('RolesGuard', () => {
  const held = new Map<number, Set<string>>([[Role.Admin, new Set(['problem:admin'])]]);
  const permissions = {
    holds: async (roleId: number, p: string) => roleId === Role.Root || (held.get(roleId)?.has(p) ?? false),
  } as unknown as PermissionService;
  const guard = new RolesGuard(new Reflector(), permissions);

  it('reads the stored permission, not the declared roles, where @Permission is set', async () => {
    await expect(guard.canActivate(context('problems', { headers: {}, user: user(Role.Admin) }))).resolves.toBe(true);
    await expect(guard.canActivate(context('problems', { headers: {}, user: user(Role.Root) }))).resolves.toBe(true);
    held.set(Role.User, new Set(['problem:admin']));
    await expect(guard.canActivate(context('problems', { headers: {}, user: user(Role.User) }))).resolves.toBe(true);
    held.delete(Role.Admin);
    const e = await rejection(Promise.resolve(guard.canActivate(context('problems', { headers: {}, user: user(Role.Admin) }))));
    expect([e.status, e.message]).toEqual([403, ERR.noPermission]);
  });

  it.each([
    [Role.Root, true],
    [Role.Admin, true],
    [Role.ProblemAdmin, false],
    [Role.User, false],
    [Role.UserMuted, false],
  ])('role %i on a root/admin route → allowed %s', async (role, allowed) => {
    const ctx = context('admins', { headers: {}, user: user(role) });
    if (allowed) expect(guard.canActivate(ctx)).toBe(true);
    else {
      const e = await rejection(() => guard.canActivate(ctx));
      expect([e.status, e.message]).toEqual([403, ERR.noPermission]);
    }
  });

  it('asks anonymous callers to log in', async () => {
    const e = await rejection(() => guard.canActivate(context('admins', { headers: {} })));
    expect([e.status, e.message]).toEqual([401, ERR.loginFirst]);
  });

  it('lets routes without @Roles through', () => {
    expect(guard.canActivate(context('plain', { headers: {} }))).toBe(true);
  });
});

describe('SwitchGuard', () => {
  const switches: Partial<Record<SiteSwitch, boolean>> = {};
  const site = { isSwitchOn: async (name: SiteSwitch) => switches[name] ?? true } as unknown as SiteConfigService;
  const guard = new SwitchGuard(new Reflector(), site);

  it('passes while the switch is on', async () => {
    switches.openPublicJudge = true;
    await expect(guard.canActivate(context('judgeStatus', { headers: {} }))).resolves.toBe(true);
  });

  it('refuses everyone but root with the switch text while it is off', async () => {
    switches.openPublicJudge = false;
    for (const who of [undefined, user(Role.User), user(Role.Admin), user(Role.ProblemAdmin)]) {
      const e = await rejection(guard.canActivate(context('judgeStatus', { headers: {}, user: who })));
      expect([e.status, e.message]).toEqual([403, SWITCH_DENIED_TEXT.openPublicJudge]);
    }
    await expect(guard.canActivate(context('judgeStatus', { headers: {}, user: user(Role.Root) }))).resolves.toBe(true);
  });
});
