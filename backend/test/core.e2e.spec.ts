import { Body, Controller, Get, Module, Post, Query } from '@nestjs/common';
import { ERR, HEADERS, Role, SWITCH_DENIED_TEXT } from '@oj/contracts';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import request from 'supertest';
import { AuthUser } from '../src/core/auth/auth-user';
import { CurrentUser, OptionalAuth, Public, RequireSwitch, Roles } from '../src/core/auth/decorators';
import { SessionService } from '../src/core/auth/session.service';
import { TokenService } from '../src/core/auth/token.service';
import { NotFoundError } from '../src/core/http/api.exception';
import { PageQueryDto, pageRequest, toPage } from '../src/core/pagination/pagination';
import { SiteConfigService } from '../src/core/site-config/site-config.service';
import { TestApp, createTestApp } from './utils/test-app';

class EchoDto {
  @IsString({ message: ERR.usernameRequired })
  @IsNotEmpty({ message: ERR.usernameRequired })
  @MaxLength(20, { message: ERR.usernameTooLong })
  username: string;
}

@Controller('core-test')
class CoreTestController {
  @Get('me')
  me(@CurrentUser() user: AuthUser) {
    return { uid: user.uid, roleList: user.roleList };
  }

  @OptionalAuth()
  @Get('maybe')
  maybe(@CurrentUser() user?: AuthUser) {
    return user?.username ?? null;
  }

  @Roles(Role.Root, Role.Admin)
  @Get('admins')
  admins() {
    return 'ok';
  }

  @Public()
  @RequireSwitch('openPublicDiscussion')
  @Get('discussion')
  discussion() {
    return 'open';
  }

  @Public()
  @Post('echo')
  echo(@Body() dto: EchoDto) {
    return dto;
  }

  @Public()
  @Get('page')
  page(@Query() query: PageQueryDto) {
    const req = pageRequest(query);
    return toPage(['a', 'b', 'c'].slice(req.skip, req.skip + req.size), 3, req);
  }

  @Public()
  @Get('missing')
  missing() {
    throw new NotFoundError();
  }

  @Public()
  @Get('crash')
  crash() {
    throw new Error('boom');
  }
}

@Module({ controllers: [CoreTestController] })
class CoreTestModule {}

describe('core over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [CoreTestModule] });
  });
  afterAll(() => t?.close());

  it('answers the public website config in the envelope', async () => {
    const res = await request(t.url).get('/api/get-website-config').expect(200);
    expect(res.body).toMatchObject({ status: 200, msg: 'success' });
    expect(res.body.data.shortName).toBe('OJ');
  });

  it('answers unknown API routes with 404 and the catalogue text', async () => {
    const res = await request(t.url).get('/api/no-such-route').expect(404);
    expect(res.body).toEqual({ status: 404, msg: ERR.notFound, data: null, msgCode: 'ERR.notFound' });
  });

  it('answers thrown project exceptions and crashes in the envelope', async () => {
    expect((await request(t.url).get('/api/core-test/missing').expect(404)).body).toEqual({
      status: 404,
      msg: ERR.notFound,
      data: null,
      msgCode: 'ERR.notFound',
    });
    expect((await request(t.url).get('/api/core-test/crash').expect(500)).body).toEqual({
      status: 500,
      msg: ERR.serverError,
      data: null,
      msgCode: 'ERR.serverError',
    });
  });

  it('requires a token by default and accepts it with or without Bearer', async () => {
    expect((await request(t.url).get('/api/core-test/me').expect(401)).body.msg).toBe(ERR.loginFirst);
    const bare = await request(t.url)
      .get('/api/core-test/me')
      .set('Authorization', t.users.user.token)
      .set('Url-Type', 'general')
      .expect(200);
    expect(bare.body.data).toEqual({ uid: t.users.user.uid, roleList: ['default_role'] });
    await request(t.url).get('/api/core-test/me').set('Authorization', `Bearer ${t.users.user.token}`).expect(200);
  });

  it('refuses forged and revoked tokens with "Please Login Again"', async () => {
    const forged = t.users.user.token.slice(0, -3) + 'abc';
    expect((await request(t.url).get('/api/core-test/me').set('Authorization', forged).expect(401)).body.msg).toBe(ERR.loginAgain);
    const u = await t.createUser('revoked_user');
    await request(t.url).get('/api/core-test/me').set('Authorization', u.token).expect(200);
    await t.get<SessionService>(SessionService).revokeAllTokens(u.uid);
    expect((await request(t.url).get('/api/core-test/me').set('Authorization', u.token).expect(401)).body.msg).toBe(ERR.loginAgain);
  });

  it('reads the caller on optional routes and ignores bad tokens there', async () => {
    expect((await request(t.url).get('/api/core-test/maybe').expect(200)).body.data).toBeNull();
    expect((await request(t.url).get('/api/core-test/maybe').set('Authorization', 'junk').expect(200)).body.data).toBeNull();
    expect((await request(t.url).get('/api/core-test/maybe').set('Authorization', t.users.admin.token).expect(200)).body.data).toBe(
      t.users.admin.username,
    );
  });

  it('lets only the listed roles through @Roles', async () => {
    expect((await request(t.url).get('/api/core-test/admins').expect(401)).body.msg).toBe(ERR.loginFirst);
    expect((await request(t.url).get('/api/core-test/admins').set('Authorization', t.users.user.token).expect(403)).body.msg).toBe(
      ERR.noPermission,
    );
    expect((await request(t.url).get('/api/core-test/admins').set('Authorization', t.users.problemAdmin.token).expect(403)).body.msg).toBe(
      ERR.noPermission,
    );
    await request(t.url).get('/api/core-test/admins').set('Authorization', t.users.admin.token).expect(200);
    await request(t.url).get('/api/core-test/admins').set('Authorization', t.users.root.token).expect(200);
  });

  it('closes switch-guarded routes for everyone but root while the switch is off', async () => {
    const site = t.get<SiteConfigService>(SiteConfigService);
    await request(t.url).get('/api/core-test/discussion').expect(200);
    await site.set('switch', { openPublicDiscussion: false });
    try {
      expect((await request(t.url).get('/api/core-test/discussion').expect(403)).body.msg).toBe(SWITCH_DENIED_TEXT.openPublicDiscussion);
      for (const who of ['user', 'admin', 'problemAdmin'] as const) {
        const res = await request(t.url).get('/api/core-test/discussion').set('Authorization', t.users[who].token).expect(403);
        expect(res.body.msg).toBe(ERR.noAccessDiscussion);
      }
      await request(t.url).get('/api/core-test/discussion').set('Authorization', t.users.root.token).expect(200);
    } finally {
      await site.set('switch', { openPublicDiscussion: true });
    }
  });

  it('validates bodies with catalogue texts and drops unknown fields', async () => {
    expect((await request(t.url).post('/api/core-test/echo').send({}).expect(400)).body).toEqual({
      status: 400,
      msg: ERR.usernameRequired,
      data: null,
      msgCode: 'ERR.usernameRequired',
    });
    expect(
      (
        await request(t.url)
          .post('/api/core-test/echo')
          .send({ username: 'x'.repeat(21) })
          .expect(400)
      ).body.msg,
    ).toBe(ERR.usernameTooLong);
    // HOJ's clients send fields the DTO does not name: they are dropped, never passed on.
    expect((await request(t.url).post('/api/core-test/echo').send({ username: 'a', isAdmin: true }).expect(200)).body.data).toEqual({
      username: 'a',
    });
    expect(
      (await request(t.url).post('/api/core-test/echo').set('Content-Type', 'application/json').send('{bad').expect(400)).body.msg,
    ).toBe(ERR.badRequest);
    expect((await request(t.url).post('/api/core-test/echo').send({ username: 'abc' }).expect(200)).body.data).toEqual({ username: 'abc' });
  });

  it('pages with currentPage and limit', async () => {
    const res = await request(t.url).get('/api/core-test/page?currentPage=2&limit=2').expect(200);
    expect(res.body.data).toEqual({ records: ['c'], total: 3, size: 2, current: 2, pages: 2 });
    expect((await request(t.url).get('/api/core-test/page?limit=0').expect(400)).body.msg).toBe(ERR.badRequest);
  });

  it('sends a fresh token once half of the old one has passed', async () => {
    const tokens = t.get<TokenService>(TokenService);
    const fresh = await request(t.url).get('/api/core-test/me').set('Authorization', t.users.user.token).expect(200);
    expect(fresh.headers[HEADERS.refreshToken.toLowerCase()]).toBeUndefined();
    // A token signed with an iat from more than half a lifetime ago.
    const jwt = await import('jsonwebtoken');
    const old = jwt.sign({ ver: 0, iat: Math.floor(Date.now() / 1000) - t.config.jwt.expiresInSec * 0.6 }, t.config.jwt.secret, {
      subject: t.users.user.uid,
      jwtid: 'old-one',
      expiresIn: t.config.jwt.expiresInSec,
    });
    const res = await request(t.url).get('/api/core-test/me').set('Authorization', old).expect(200);
    expect(res.headers['refresh-token']).toBe('true');
    const renewed = res.headers['authorization'];
    expect(tokens.verify(renewed)?.sub).toBe(t.users.user.uid);
    // Same-origin callers read it as is; configured CORS origins get it exposed (proxy-cors-rejudge.e2e.spec.ts).
  });
});
