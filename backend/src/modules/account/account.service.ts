import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ACCOUNT_TIMINGS,
  CheckUsernameOrEmailResponse,
  ERR,
  LIMITS,
  LoginFailureData,
  RegisterCodeResponse,
  ROLE_NAMES,
  Role,
  SITE_TEXT,
  TIMINGS,
  UserInfo,
  isAdminRole,
} from '@oj/contracts';
import { randomBytes, randomInt } from 'crypto';
import Redis from 'ioredis';
import { AuthUser, TokenInfo } from '../../core/auth/auth-user';
import { verifyPassword } from '../../core/auth/password';
import { LockdownService } from '../../core/auth/lockdown';
import { SessionService } from '../../core/auth/session.service';
import { TokenService } from '../../core/auth/token.service';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { ApiException, BadRequestError, ForbiddenError } from '../../core/http/api.exception';
import { MailService } from '../../core/mail/mail.service';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';
import { REDIS } from '../../core/redis/redis.module';
import { SiteConfigService } from '../../core/site-config/site-config.service';
import { User, UserStatus } from '../../core/auth/entities/user.entity';
import { UserService } from '../user/user.service';
import { CaptchaService } from './captcha/captcha.service';
import { ApplyResetPasswordDto, CheckUsernameOrEmailDto, LoginDto, RegisterDto, ResetPasswordDto } from './dto/account.dto';
import { SlideVerifyService } from './captcha/slide-verify.service';

const FAILURES_KEY = (username: string) => `login:failures:${username}`;
const REGISTER_CODE_KEY = (email: string) => `register:code:${email}`;
const RESET_CODE_KEY = (username: string) => `reset:code:${username}`;

export interface LoginResult {
  token: string;
  user: UserInfo;
}

/** User info as login returns it (product §3 "User info" plus the profile fields clients show). */
export function toUserInfo(user: User, role: Role): UserInfo & Record<string, unknown> {
  return {
    uid: user.uid,
    username: user.username,
    nickname: user.nickname,
    avatar: user.avatar,
    email: user.email,
    school: user.school,
    realname: user.realname,
    gender: user.gender,
    signature: user.signature,
    number: user.number,
    course: user.course,
    blog: user.blog,
    github: user.github,
    cfUsername: user.cfUsername,
    mobile: user.mobile,
    titleName: user.titleName,
    titleColor: user.titleColor,
    roleList: ROLE_NAMES[role] ? [ROLE_NAMES[role]] : [],
  };
}

/** Accounts (product §7 Account): codes, registration, login with failure counter, password reset, logout. */
@Injectable()
export class AccountService {
  private readonly logger = new Logger(AccountService.name);
  private readonly passwordLoginRules: ((user: User, role: Role) => Promise<void> | void)[] = [];

  constructor(
    private readonly users: UserService,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly lockdown: LockdownService,
    private readonly siteConfig: SiteConfigService,
    private readonly mail: MailService,
    private readonly rateLimit: RateLimitService,
    private readonly captcha: CaptchaService,
    private readonly slide: SlideVerifyService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Throttle per IP and per account: 429 'Speed too fast, ...'. */
  private async throttleLogin(ip: string, username: string): Promise<void> {
    const limits = this.config.rateLimit;
    await this.rateLimit.consume(
      { key: `login:ip:${ip}`, max: limits.loginPerIpPerMin, windowSec: 60 },
      { key: `login:user:${username}`, max: limits.loginPerUserPerMin, windowSec: 60 },
    );
  }

  private async throttleCodes(ip: string): Promise<void> {
    await this.rateLimit.consume({ key: `code:ip:${ip}`, max: this.config.rateLimit.codePerIpPerHour, windowSec: 3600 });
  }

  async failures(username: string): Promise<number> {
    return Number((await this.redis.get(FAILURES_KEY(username))) ?? 0);
  }

  private async fail(username: string): Promise<never> {
    const key = FAILURES_KEY(username);
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, ACCOUNT_TIMINGS.loginFailureTtlSec).exec()) as [[null, number]];
    const data: LoginFailureData = { failures: count, slideRequired: count >= LIMITS.loginFailuresBeforeVerify };
    throw new ApiException(400, ERR.wrongCredentials, data);
  }

  /**
   * POST /api/login and /api/admin/login. From the 5th failure on, the attempt must carry a slide
   * proof for this username; a success resets the counter.
   */
  async login(dto: LoginDto, ip: string, adminOnly = false): Promise<LoginResult> {
    await this.throttleLogin(ip, dto.username);
    const failures = await this.failures(dto.username);
    if (failures >= LIMITS.loginFailuresBeforeVerify && !(await this.slide.consumeToken(dto.slideToken, dto.username))) {
      const data: LoginFailureData = { failures, slideRequired: true };
      throw new ApiException(400, ERR.slideVerifyRequired, data);
    }
    const user = await this.users.findWithPassword(dto.username);
    if (!user || !(await verifyPassword(user.password, dto.password))) return this.fail(dto.username);
    const result = await this.startSession(user, ip, { adminOnly, password: true });
    await this.redis.del(FAILURES_KEY(dto.username));
    return result;
  }

  /**
   * Rules a password login must also pass once the password is right (the sso module's "local passwords off for
   * non-admins"): registered by the modules above this one, which this one cannot import.
   */
  onPasswordLogin(rule: (user: User, role: Role) => Promise<void> | void): void {
    this.passwordLoginRules.push(rule);
  }

  /**
   * The one place a session starts, for a password login and for a single sign-on login (sso module) alike, so that
   * every rule of a login applies to both: a disabled account is refused, the admin area only to admin roles, the
   * login is recorded, and the token is the same kind.
   */
  async startSession(user: User, ip: string, options: { adminOnly?: boolean; password?: boolean } = {}): Promise<LoginResult> {
    if (user.status === UserStatus.Disabled) throw new ForbiddenError(ERR.accountDisabled);
    const role = await this.users.roleOf(user.uid);
    if (options.adminOnly && !isAdminRole(role)) throw new ForbiddenError(SITE_TEXT.notAdmin);
    if (options.password) for (const rule of this.passwordLoginRules) await rule(user, role);
    await this.users.recordLogin(user.uid, ip);
    // A participant of a running locked-down contest or exam keeps one session: this login ends the earlier one.
    const token = await this.lockdown.startSession(user, ip);
    return { token, user: toUserInfo(user, role) };
  }

  async logout(token: TokenInfo | undefined): Promise<void> {
    if (token) await this.sessions.revokeToken(token);
  }

  /** GET /api/get-register-code: a 6-digit code by e-mail; one request per 60 s per address. */
  async sendRegisterCode(email: string, ip: string): Promise<RegisterCodeResponse> {
    await this.throttleCodes(ip);
    if (await this.users.findByEmail(email)) throw new BadRequestError(ERR.emailExists);
    await this.rateLimit.lockOrThrow(`register:${email}`, TIMINGS.registerCodeResendSec, ERR.resendTooSoon);
    const code = Array.from({ length: LIMITS.registerCodeLength }, () => randomInt(10)).join('');
    await this.redis.set(REGISTER_CODE_KEY(email), JSON.stringify({ code, tries: 0 }), 'EX', ACCOUNT_TIMINGS.registerCodeTtlSec);
    const web = await this.siteConfig.get('web');
    const minutes = ACCOUNT_TIMINGS.registerCodeTtlSec / 60;
    try {
      await this.mail.send({
        to: email,
        subject: `${web.shortName} registration code`,
        text: `Your verification code is ${code}. It expires in ${minutes} minutes.`,
        html: `<p>Your verification code for <b>${escapeHtml(web.name)}</b> is</p><h2>${code}</h2><p>It expires in ${minutes} minutes.</p>`,
      });
    } catch (e) {
      // Not sent: let the user ask again at once.
      await this.rateLimit.release(`register:${email}`);
      throw e;
    }
    return { email, expire: TIMINGS.registerCodeResendSec };
  }

  /** Checks the code (a few tries, then it is dropped) and spends it. */
  private async takeRegisterCode(email: string, code: string): Promise<void> {
    const key = REGISTER_CODE_KEY(email);
    const raw = await this.redis.get(key);
    if (!raw) throw new BadRequestError(ERR.registerCodeWrong);
    const stored = JSON.parse(raw) as { code: string; tries: number };
    if (stored.code !== code) {
      if (stored.tries + 1 >= ACCOUNT_TIMINGS.registerCodeMaxTries) await this.redis.del(key);
      else await this.redis.set(key, JSON.stringify({ ...stored, tries: stored.tries + 1 }), 'KEEPTTL');
      throw new BadRequestError(ERR.registerCodeWrong);
    }
    await this.redis.del(key);
  }

  /** The register switch is checked by the route's guard (root may register while it is closed). */
  async register(dto: RegisterDto): Promise<void> {
    if (await this.users.findByUsername(dto.username)) throw new BadRequestError(ERR.usernameExists);
    if (await this.users.findByEmail(dto.email)) throw new BadRequestError(ERR.emailExists);
    await this.takeRegisterCode(dto.email, dto.code);
    try {
      await this.users.create({ username: dto.username, password: dto.password, email: dto.email, role: Role.User });
    } catch (e) {
      // Two registrations raced for the same name or address: the unique index decided.
      if ((e as { code?: string }).code === '23505') throw new BadRequestError(ERR.usernameExists);
      throw e;
    }
  }

  async checkUsernameOrEmail(dto: CheckUsernameOrEmailDto, ip: string): Promise<CheckUsernameOrEmailResponse> {
    await this.rateLimit.consume({ key: `check:ip:${ip}`, max: this.config.rateLimit.loginPerIpPerMin, windowSec: 60 });
    const [username, email, mobile] = await Promise.all([
      dto.username ? this.users.findByUsername(dto.username) : null,
      dto.email ? this.users.findByEmail(dto.email) : null,
      dto.mobile ? this.users.findByMobile(dto.mobile) : null,
    ]);
    return { username: Boolean(username), email: Boolean(email), mobile: Boolean(mobile) };
  }

  /** POST /api/apply-reset-password: captcha, then a reset link by e-mail; one per 90 s per address. */
  async applyResetPassword(dto: ApplyResetPasswordDto, ip: string): Promise<void> {
    if (!(await this.captcha.check(dto.captchaKey, dto.captcha))) throw new BadRequestError(ERR.captchaWrong);
    await this.throttleCodes(ip);
    const user = await this.users.findByEmail(dto.email);
    if (!user) throw new BadRequestError(ERR.emailNotExist);
    await this.rateLimit.lockOrThrow(`reset:${dto.email}`, TIMINGS.passwordResetResendSec, ERR.resendTooSoon);
    const code = randomBytes(16).toString('hex');
    await this.redis.set(RESET_CODE_KEY(user.username), code, 'EX', ACCOUNT_TIMINGS.resetCodeTtlSec);
    const web = await this.siteConfig.get('web');
    const base = (web.baseUrl || this.config.baseUrl).replace(/\/$/, '');
    const link = `${base}/reset-password?username=${encodeURIComponent(user.username)}&code=${code}`;
    const minutes = ACCOUNT_TIMINGS.resetCodeTtlSec / 60;
    try {
      await this.mail.send({
        to: dto.email,
        subject: `${web.shortName} password reset`,
        text: `Open this link to set a new password for ${user.username}: ${link}\nIt expires in ${minutes} minutes.`,
        html: `<p>Open this link to set a new password for <b>${escapeHtml(user.username)}</b>:</p><p><a href="${link}">${link}</a></p><p>It expires in ${minutes} minutes.</p>`,
      });
    } catch (e) {
      await this.rateLimit.release(`reset:${dto.email}`);
      throw e;
    }
    this.logger.log(`password reset mail sent for ${user.username}`);
  }

  /** POST /api/reset-password: the code of the link, once; every session of the user ends. */
  async resetPassword(dto: ResetPasswordDto): Promise<void> {
    const key = RESET_CODE_KEY(dto.username);
    const stored = await this.redis.get(key);
    if (!stored || stored !== dto.code) throw new BadRequestError(SITE_TEXT.resetCodeWrong);
    const user = await this.users.findByUsername(dto.username);
    if (!user) throw new BadRequestError(ERR.usernameNotExist);
    await this.redis.del(key);
    await this.users.setPassword(user.uid, dto.password);
    await this.redis.del(FAILURES_KEY(dto.username));
  }

  currentUserInfo(user: AuthUser): Promise<UserInfo | null> {
    return this.users.findByUid(user.uid).then((u) => (u ? toUserInfo(u, user.roleId) : null));
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
