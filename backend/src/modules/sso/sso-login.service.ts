import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ERR,
  LIMITS,
  Role,
  SSO_CALLBACK_PAGE,
  SSO_ERR,
  SSO_LIMITS,
  SsoCasSettings,
  SsoLdapSettings,
  SsoOidcSettings,
  isAdminRole,
  messageCodeOf,
} from '@oj/contracts';
import { createHash, randomBytes, timingSafeEqual } from 'crypto';
import Redis from 'ioredis';
import { DataSource, Repository } from 'typeorm';
import { SessionService } from '../../core/auth/session.service';
import { UserRole } from '../../core/auth/entities/user-role.entity';
import { User, UserStatus } from '../../core/auth/entities/user.entity';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { ApiException, BadRequestError, ForbiddenError, NotFoundError } from '../../core/http/api.exception';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';
import { REDIS } from '../../core/redis/redis.module';
import { AccountService, LoginResult } from '../account/account.service';
import { GroupMemberService } from '../group/members/group-member.service';
import { UserService } from '../user/user.service';
import { SsoIdentity } from './entities/sso-identity.entity';
import { SsoProvider } from './entities/sso-provider.entity';
import { MappedProfile, SsoClaims, mapProfile } from './protocols/claims';
import { CasProtocol } from './protocols/cas';
import { LdapProtocol } from './protocols/ldap';
import { OidcPending, OidcProtocol } from './protocols/oidc';
import { SsoProviderService } from './sso-provider.service';

/** Redis keys (under the app's prefix): each is read once with GETDEL, so a state or a code works one time only. */
const STATE_KEY = (state: string) => `sso:state:${state}`;
const CODE_KEY = (code: string) => `sso:code:${code}`;
const TICKET_KEY = (ticket: string) => `sso:cas-ticket:${createHash('sha256').update(ticket).digest('hex')}`;

interface PendingLogin {
  providerId: number;
  proof: string;
  oidc?: OidcPending;
}

const hashProof = (proof: string) => createHash('sha256').update(proof).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The sign-in flows: a redirect login (OIDC, CAS) from `authorize` through the provider's callback to the one-time
 * code the web app exchanges for the token, and the LDAP login with a typed password. Whatever the provider, the
 * session starts in AccountService.startSession, the same function a password login ends in.
 */
@Injectable()
export class SsoLoginService implements OnModuleInit {
  private readonly logger = new Logger(SsoLoginService.name);
  private readonly oidc = new OidcProtocol();
  private readonly ldap = new LdapProtocol();
  private readonly cas = new CasProtocol();

  constructor(
    private readonly providers: SsoProviderService,
    private readonly accounts: AccountService,
    private readonly users: UserService,
    private readonly groupMembers: GroupMemberService,
    private readonly sessions: SessionService,
    private readonly rateLimit: RateLimitService,
    private readonly dataSource: DataSource,
    @InjectRepository(SsoIdentity) private readonly identities: Repository<SsoIdentity>,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // "Local passwords off for non-admins": admins keep the password, so a broken provider never locks root out.
    this.accounts.onPasswordLogin(async (_user, role) => {
      if (isAdminRole(role)) return;
      if ((await this.providers.siteSettings()).localPasswordOff) throw new ForbiddenError(SSO_ERR.localPasswordOff);
    });
  }

  private async throttle(ip: string, username?: string): Promise<void> {
    const limits = this.config.rateLimit;
    await this.rateLimit.consume(
      { key: `sso:ip:${ip}`, max: limits.loginPerIpPerMin, windowSec: 60 },
      ...(username ? [{ key: `sso:user:${username}`, max: limits.loginPerUserPerMin, windowSec: 60 }] : []),
    );
  }

  /** POST /api/sso/authorize: where the browser goes to sign in at an OIDC or CAS provider. */
  async authorize(id: number, proof: string, ip: string): Promise<{ url: string }> {
    await this.throttle(ip);
    const provider = await this.providers.forLogin(id);
    if (provider.type === 'ldap') throw new NotFoundError(SSO_ERR.providerNotFound);
    const base = await this.providers.baseUrl();
    const callback = this.providers.callbackUrl(base, provider.id);
    const pending: PendingLogin = { providerId: provider.id, proof: hashProof(proof) };
    let url: string;
    let state: string;
    if (provider.type === 'oidc') {
      const started = await this.oidc.start(provider.settings as SsoOidcSettings, provider.secret, callback);
      pending.oidc = started.pending;
      state = started.pending.state;
      url = started.url;
    } else {
      // CAS has no state parameter: it rides in the service address, which the ticket is bound to.
      state = randomBytes(24).toString('base64url');
      url = this.cas.loginUrl(provider.settings as SsoCasSettings, `${callback}?state=${state}`);
    }
    await this.redis.set(STATE_KEY(state), JSON.stringify(pending), 'EX', SSO_LIMITS.stateTtlSec);
    return { url };
  }

  /**
   * GET /api/sso/callback/<id>: the provider sent the browser back. Answers the web app's address to redirect to:
   * its callback page with a one-time code, or with the refusal's code and text.
   */
  async callback(id: number, query: Record<string, string>): Promise<string> {
    const base = await this.providers.baseUrl();
    const page = `${base}${SSO_CALLBACK_PAGE}`;
    try {
      const code = await this.finishRedirect(id, query, base);
      return `${page}?code=${encodeURIComponent(code)}`;
    } catch (e) {
      if (!(e instanceof ApiException)) this.logger.error(`sign-in through provider ${id} failed: ${(e as Error).stack ?? String(e)}`);
      const msg = e instanceof ApiException ? e.message : SSO_ERR.providerRefused;
      const msgCode = messageCodeOf(msg) ?? '';
      return `${page}?error=${encodeURIComponent(msgCode)}&msg=${encodeURIComponent(msg)}`;
    }
  }

  private async takeState(state: string | undefined, providerId: number): Promise<PendingLogin> {
    if (!state || state.length > 200) throw new BadRequestError(SSO_ERR.stateInvalid);
    const raw = await this.redis.getdel(STATE_KEY(state));
    if (!raw) throw new BadRequestError(SSO_ERR.stateInvalid);
    const pending = JSON.parse(raw) as PendingLogin;
    if (pending.providerId !== providerId) throw new BadRequestError(SSO_ERR.stateInvalid);
    return pending;
  }

  private async finishRedirect(id: number, query: Record<string, string>, base: string): Promise<string> {
    const provider = await this.providers.forLogin(id);
    const callback = this.providers.callbackUrl(base, provider.id);
    let claims: SsoClaims;
    let pending: PendingLogin;
    if (provider.type === 'oidc') {
      // The provider's own refusal (access_denied, ...) comes back as error=; the state is spent all the same.
      pending = await this.takeState(query.state, provider.id);
      if (query.error) throw new BadRequestError(SSO_ERR.providerRefused);
      const params: Record<string, string> = {};
      for (const k of ['code', 'state', 'iss', 'session_state']) if (typeof query[k] === 'string') params[k] = query[k];
      claims = await this.oidc.finish(provider.settings as SsoOidcSettings, provider.secret, callback, params, pending.oidc!);
    } else if (provider.type === 'cas') {
      const ticket = typeof query.ticket === 'string' ? query.ticket : '';
      if (!ticket || ticket.length > 512) throw new BadRequestError(SSO_ERR.ticketInvalid);
      // A ticket is good once, here as at the CAS server: a replayed callback is refused before anything else.
      const fresh = await this.redis.set(TICKET_KEY(ticket), '1', 'EX', SSO_LIMITS.ticketMemorySec, 'NX');
      if (fresh !== 'OK') throw new BadRequestError(SSO_ERR.ticketInvalid);
      pending = await this.takeState(query.state, provider.id);
      claims = await this.cas.validate(provider.settings as SsoCasSettings, `${callback}?state=${query.state}`, ticket);
    } else {
      throw new NotFoundError(SSO_ERR.providerNotFound);
    }
    const user = await this.resolveAccount(provider, claims);
    // Refused here already, so the callback page says why; the exchange checks again through startSession.
    if (user.status === UserStatus.Disabled) throw new ForbiddenError(ERR.accountDisabled);
    const code = randomBytes(24).toString('base64url');
    await this.redis.set(CODE_KEY(code), JSON.stringify({ uid: user.uid, proof: pending.proof }), 'EX', SSO_LIMITS.codeTtlSec);
    return code;
  }

  /** POST /api/sso/exchange: the callback page's code and the browser's proof → the session token. */
  async exchange(code: string, proof: string, ip: string): Promise<LoginResult> {
    await this.throttle(ip);
    const raw = await this.redis.getdel(CODE_KEY(code));
    if (!raw) throw new BadRequestError(SSO_ERR.codeInvalid);
    const stored = JSON.parse(raw) as { uid: string; proof: string };
    // The code of someone else's callback (a link sent to this browser) is useless without that browser's proof.
    if (!sameHash(stored.proof, hashProof(proof))) throw new BadRequestError(SSO_ERR.proofInvalid);
    const user = await this.users.findByUid(stored.uid);
    if (!user) throw new BadRequestError(SSO_ERR.codeInvalid);
    return this.accounts.startSession(user, ip);
  }

  /** POST /api/sso/ldap-login: the typed name and password checked by the directory. */
  async ldapLogin(id: number, username: string, password: string, ip: string): Promise<LoginResult> {
    await this.throttle(ip, username);
    const provider = await this.providers.forLogin(id, 'ldap');
    const claims = await this.ldap.login(provider.settings as SsoLdapSettings, provider.secret, username, password);
    const user = await this.resolveAccount(provider, claims);
    return this.accounts.startSession(user, ip);
  }

  /** "Test connection" of the admin page: discovery, the service bind, or the CAS login page. */
  async test(id: number): Promise<{ ok: boolean; detail: string }> {
    const provider = await this.providers.forTest(id);
    try {
      if (provider.type === 'ldap')
        return { ok: true, detail: await this.ldap.test(provider.settings as SsoLdapSettings, provider.secret) };
      if (provider.type === 'cas') {
        const base = await this.providers.baseUrl();
        return { ok: true, detail: await this.cas.test(provider.settings as SsoCasSettings, this.providers.callbackUrl(base, id)) };
      }
      const settings = provider.settings as SsoOidcSettings;
      this.oidc.forget(settings);
      const base = await this.providers.baseUrl();
      const { url } = await this.oidc.start(settings, provider.secret, this.providers.callbackUrl(base, id));
      return { ok: true, detail: `discovery read; authorization endpoint ${new URL(url).origin}${new URL(url).pathname}` };
    } catch (e) {
      return { ok: false, detail: (e as Error).message };
    }
  }

  /**
   * The account of a provider's subject: the one linked before, else a new one (create mode) or an existing one
   * with the same e-mail or student number (link mode). Group rules are applied on every login.
   */
  private async resolveAccount(provider: SsoProvider, claims: SsoClaims): Promise<User> {
    const profile = mapProfile(claims.attributes, provider.mapping);
    const linked = await this.identities.findOne({ where: { providerId: provider.id, subject: claims.subject } });
    let user: User | null = linked ? await this.users.findByUid(linked.uid) : null;
    if (!user) {
      user = provider.accountMode === 'link' ? await this.findToLink(provider, profile) : await this.createAccount(profile);
      if (linked) await this.identities.update({ id: linked.id }, { uid: user.uid });
      else await this.identities.insert({ providerId: provider.id, subject: claims.subject, uid: user.uid });
    }
    await this.identities.update({ providerId: provider.id, subject: claims.subject }, { lastLogin: new Date() });
    if (user.status !== UserStatus.Disabled) await this.applyGroupRules(provider, user, profile);
    return user;
  }

  private async findToLink(provider: SsoProvider, profile: MappedProfile): Promise<User> {
    if (provider.linkBy === 'email') {
      const found = profile.email ? await this.users.findByEmail(profile.email) : null;
      if (!found) throw new ForbiddenError(SSO_ERR.noAccountToLink);
      return found;
    }
    if (!profile.number) throw new ForbiddenError(SSO_ERR.noAccountToLink);
    // A student number is not unique in the table: two accounts with it are no match at all.
    const found = await this.dataSource.getRepository(User).find({ where: { number: profile.number }, take: 2 });
    if (found.length !== 1) throw new ForbiddenError(SSO_ERR.noAccountToLink);
    return found[0];
  }

  private async createAccount(profile: MappedProfile): Promise<User> {
    const username = profile.username;
    if (!username) throw new BadRequestError(SSO_ERR.usernameMissing);
    if (username.length > LIMITS.usernameMax) throw new BadRequestError(ERR.usernameTooLong);
    if (await this.users.findByUsername(username)) throw new BadRequestError(SSO_ERR.usernameTaken);
    if (profile.email && (await this.users.findByEmail(profile.email))) throw new BadRequestError(ERR.emailExists);
    let user: User;
    try {
      // A random password nobody knows: the account signs in through its provider (or after a password reset).
      user = await this.users.create({
        username,
        password: randomBytes(24).toString('base64url'),
        email: profile.email,
        realname: clip(profile.realname),
        school: clip(profile.school),
        role: Role.User,
      });
    } catch (e) {
      // A concurrent first login of the same name won the unique index.
      if ((e as { code?: string }).code === '23505') throw new BadRequestError(SSO_ERR.usernameTaken);
      throw e;
    }
    if (profile.number) {
      await this.dataSource.getRepository(User).update({ uid: user.uid }, { number: clip(profile.number) });
      user.number = clip(profile.number);
    }
    return user;
  }

  /** The first matching rule with a role sets the role (root is never changed); every matching rule's group is joined. */
  private async applyGroupRules(provider: SsoProvider, user: User, profile: MappedProfile): Promise<void> {
    if (!provider.groupRules.length) return;
    const values = new Set(profile.groups);
    const matching = provider.groupRules.filter((r) => values.has(r.value));
    const role = matching.find((r) => r.role)?.role;
    if (role) {
      const current = await this.users.roleOf(user.uid);
      if (current !== Role.Root && current !== role) {
        await this.dataSource.getRepository(UserRole).update({ uid: user.uid }, { roleId: role });
        await this.sessions.invalidate(user.uid);
      }
    }
    for (const rule of matching) if (rule.gid) await this.groupMembers.addMemberBySignIn(rule.gid, user.uid);
  }
}

const clip = (s: string | null): string | null => (s === null ? null : s.slice(0, 100));
