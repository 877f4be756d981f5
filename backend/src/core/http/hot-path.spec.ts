import {
  Body,
  CallHandler,
  CanActivate,
  Controller,
  ExecutionContext,
  Get,
  Header,
  HttpCode,
  NestInterceptor,
  ParseIntPipe,
  Post,
  Query,
  SetMetadata,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { APP_GUARD, DiscoveryModule, Reflector } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { ApiOperation } from '@nestjs/swagger';
import { ERR, PERMISSION, Role, SWITCH_DENIED_TEXT } from '@oj/contracts';
import { accessRuleOf, authRefusal, rolesRefusal, switchRefusal } from '../auth/access-policy';
import { AuthGuard } from '../auth/auth.guard';
import { AuthUser, toAuthUser } from '../auth/auth-user';
import { OptionalAuth, Permission, Public, RequireSwitch, Roles } from '../auth/decorators';
import { PermissionService } from '../auth/permission.service';
import { RolesGuard } from '../auth/roles.guard';
import { LockdownService } from '../auth/lockdown';
import { SessionService } from '../auth/session.service';
import { SwitchGuard } from '../auth/switch.guard';
import { TokenService } from '../auth/token.service';
import { MetricsService } from '../observability/metrics.service';
import { SiteConfigService } from '../site-config/site-config.service';
import { HotAnswer, HotCall, HotPathService, HotRoute, HotRouteError, hotRoutesOf, positiveIntQuery } from './hot-path';

class NoGuard implements CanActivate {
  canActivate() {
    return true;
  }
}
class Passthrough implements NestInterceptor {
  intercept(_: ExecutionContext, next: CallHandler) {
    return next.handle();
  }
}

const answer = (): HotAnswer => [Buffer.from('{}')];

@RequireSwitch('openPublicDiscussion')
@Controller('area')
class Evaluated {
  @Get('page')
  @OptionalAuth()
  @ApiOperation({ summary: 'documentation does not change the answer' })
  @HotRoute('pageHot')
  page(@Query() _q: unknown) {}
  pageHot = answer;

  @Post('rank')
  @HttpCode(200)
  @Roles(Role.Root, Role.Admin)
  @Permission(PERMISSION.contestAdmin)
  @HotRoute('rankHot')
  rank(@Body() _b: unknown) {}
  rankHot = answer;

  @Get('cold')
  cold() {}
}

/** One controller per thing the hot path cannot evaluate on a hot handler. */
function controllerWith(...decorators: MethodDecorator[]) {
  @Controller()
  class Hot {
    @Get('x')
    @HotRoute('xHot')
    x() {}
    xHot = answer;
  }
  for (const d of decorators) d(Hot.prototype, 'x', Object.getOwnPropertyDescriptor(Hot.prototype, 'x')!);
  return Hot;
}

const build = (metatype: new () => object, global: { guards?: unknown[]; interceptors?: unknown[] } = {}) =>
  hotRoutesOf(new Reflector(), [{ instance: new metatype(), metatype }], {
    guards: (global.guards ?? [AuthGuard, RolesGuard, SwitchGuard]) as (new () => object)[],
    interceptors: (global.interceptors ?? []) as (new () => object)[],
  });

describe('hot routes: found on their handlers, with the rule the guards read', () => {
  it('builds each hot handler under the API prefix with its own and its class decorators', async () => {
    const routes = build(Evaluated);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/area/page', 'POST /api/area/rank']);
    expect(routes[0].rule).toEqual({ mode: 'optional', roles: undefined, permission: undefined, switches: ['openPublicDiscussion'] });
    expect(routes[1].rule).toEqual({
      mode: 'required',
      roles: [Role.Root, Role.Admin],
      permission: PERMISSION.contestAdmin,
      switches: ['openPublicDiscussion'],
    });
    // The very rule the guards use for the same handler.
    expect(routes[1].rule).toEqual(accessRuleOf(new Reflector(), Evaluated.prototype.rank, Evaluated));
    expect(await routes[0].answer({} as HotCall)).toEqual([Buffer.from('{}')]);
  });

  it.each([
    ['@UseGuards', UseGuards(NoGuard), '"__guards__"'],
    ['@UseInterceptors', UseInterceptors(Passthrough), '"__interceptors__"'],
    ['@Header', Header('X-Extra', '1'), '"__headers__"'],
    ['a decorator it does not know', SetMetadata('oj:new-rule', true), '"oj:new-rule"'],
    ['@Public', Public(), '@Public'],
  ])('refuses a hot handler with %s', (_name, decorator, why) => {
    expect(() => build(controllerWith(decorator))).toThrow(HotRouteError);
    expect(() => build(controllerWith(decorator))).toThrow(why);
  });

  it('refuses a guard on the hot handler class, a parameter pipe, a POST answered 201, a missing answer', () => {
    @UseGuards(NoGuard)
    @Controller()
    class Guarded {
      @Get('x')
      @HotRoute('xHot')
      x() {}
      xHot = answer;
    }
    expect(() => build(Guarded)).toThrow('"__guards__"');

    @Controller()
    class Piped {
      @Get('x')
      @HotRoute('xHot')
      x(@Query('n', ParseIntPipe) _n: number) {}
      xHot = answer;
    }
    expect(() => build(Piped)).toThrow('own pipe');

    @Controller()
    class Created {
      @Post('x')
      @HotRoute('xHot')
      x() {}
      xHot = answer;
    }
    expect(() => build(Created)).toThrow('answers 200');

    @Controller()
    class Unanswered {
      @Get('x')
      @HotRoute('missing')
      x() {}
    }
    expect(() => build(Unanswered)).toThrow('Unanswered.missing is not a method');
  });

  it('refuses a global guard or interceptor it does not evaluate, only when there are hot routes', () => {
    expect(() => build(Evaluated, { guards: [AuthGuard, NoGuard] })).toThrow('global guard NoGuard');
    expect(() => build(Evaluated, { interceptors: [Passthrough] })).toThrow('global interceptor Passthrough');
    @Controller()
    class Cold {
      @Get('x') x() {}
    }
    expect(build(Cold, { guards: [NoGuard], interceptors: [Passthrough] })).toEqual([]);
  });
});

describe('the app refuses to boot with a hot route it cannot evaluate', () => {
  @Controller()
  class Bypassing {
    @Get('secret')
    @UseGuards(NoGuard)
    @HotRoute('secretHot')
    secret() {}
    secretHot = answer;
  }

  const boot = async (controller: new () => object) => {
    const moduleRef = await Test.createTestingModule({
      imports: [DiscoveryModule],
      controllers: [controller],
      providers: [
        HotPathService,
        { provide: TokenService, useValue: {} },
        { provide: SessionService, useValue: {} },
        { provide: MetricsService, useValue: {} },
        { provide: PermissionService, useValue: {} },
        { provide: SiteConfigService, useValue: {} },
        { provide: LockdownService, useValue: {} },
        { provide: APP_GUARD, useClass: NoGuard },
      ],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    try {
      await app.init();
      return app.get(HotPathService).paths();
    } finally {
      await app.close();
    }
  };

  it('fails app.init with the reason, for a guard on the handler and for an unknown global guard', async () => {
    await expect(boot(Bypassing)).rejects.toThrow(/hot route Bypassing.secret: it carries "__guards__"/);
    await expect(boot(Evaluated)).rejects.toThrow(/global guard NoGuard/);
  });
});

describe('access-policy decisions (guards and hot path alike)', () => {
  const user = (roleId: Role): AuthUser => toAuthUser({ uid: 'u', username: 'u', roleId, status: 0, tokenVersion: 0 });

  it('decides the auth, role, permission and switch rules', async () => {
    expect(authRefusal('required', 'none')?.message).toBe(ERR.loginFirst);
    expect(authRefusal('required', 'invalid')?.message).toBe(ERR.loginAgain);
    expect(authRefusal('optional', 'invalid')).toBeUndefined();
    const rule = { mode: 'required' as const, roles: [Role.Admin] };
    expect(rolesRefusal(rule, user(Role.User), () => Promise.resolve(true))).toMatchObject({ message: ERR.noPermission });
    expect(rolesRefusal(rule, user(Role.Admin), () => Promise.resolve(false))).toBeUndefined();
    const byPermission = { mode: 'required' as const, roles: [Role.Admin], permission: 'p' };
    expect(await rolesRefusal(byPermission, user(Role.User), () => Promise.resolve(true))).toBeUndefined();
    expect(await rolesRefusal(byPermission, user(Role.Admin), () => Promise.resolve(false))).toMatchObject({ message: ERR.noPermission });
    const closed = () => Promise.resolve(false);
    expect((await switchRefusal(['openPublicDiscussion'], user(Role.Admin), closed))?.message).toBe(
      SWITCH_DENIED_TEXT.openPublicDiscussion,
    );
    expect(await switchRefusal(['openPublicDiscussion'], user(Role.Root), closed)).toBeUndefined();
    expect(await switchRefusal(['openPublicDiscussion'], undefined, () => Promise.resolve(true))).toBeUndefined();
  });

  it('reads hot queries strictly', () => {
    const q = (s: string) => positiveIntQuery(new URLSearchParams(s), ['did', 'limit'], 'did');
    expect(q('did=5&limit=2')).toEqual({ did: 5, limit: 2 });
    for (const bad of ['limit=2', 'did=0', 'did=5&did=6', 'did=5&x=1', 'did=05', 'did=1234567890'])
      expect([bad, q(bad)]).toEqual([bad, undefined]);
  });
});
