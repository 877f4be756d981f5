import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ChangeAccountResult, ERR, PROFILE_LIMITS, PROFILE_TEXT, Role } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { verifyPassword } from '../../../core/auth/password';
import { TokenService } from '../../../core/auth/token.service';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import { MailService } from '../../../core/mail/mail.service';
import { RateLimitService } from '../../../core/rate-limit/rate-limit.service';
import { SiteConfigService } from '../../../core/site-config/site-config.service';
import { toUserInfo } from '../../account/account.service';
import { User } from '../../../core/auth/entities/user.entity';
import { UserService } from '../../user/user.service';
import { ChangeEmailDto, ChangeMobileDto, ChangePasswordDto, ChangeUserInfoDto } from '../dto/profile.dto';
import { SmsClient } from '../sms/sms.client';
import { UserHomeService } from '../user-home.service';
import { VerifyCodeStore } from '../verify-code.store';

/** Wrong passwords on the change-* calls: this many per half hour per user, then 429. */
const PASSWORD_TRIES = { max: 10, windowSec: 30 * 60 };

/** /setting: profile, password, e-mail and mobile of the caller (product §5 "Mobile and email change"). */
@Injectable()
export class AccountSettingService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly userService: UserService,
    private readonly tokens: TokenService,
    private readonly codes: VerifyCodeStore,
    private readonly mail: MailService,
    private readonly sms: SmsClient,
    private readonly rateLimit: RateLimitService,
    private readonly siteConfig: SiteConfigService,
    private readonly home: UserHomeService,
  ) {}

  private async load(uid: string): Promise<User> {
    const user = await this.users.findOne({ where: { uid } });
    if (!user) throw new NotFoundError();
    return user;
  }

  private async info(uid: string, role: Role): Promise<Record<string, unknown>> {
    return toUserInfo(await this.load(uid), role);
  }

  /** Checks the caller's password; repeated failures are throttled. */
  private async checkPassword(uid: string, password: string, wrongText: string): Promise<void> {
    const row = await this.users.createQueryBuilder('u').addSelect('u.password').where('u.uid = :uid', { uid }).getOne();
    if (!row) throw new NotFoundError();
    if (await verifyPassword(row.password, password)) return;
    await this.rateLimit.consume({ key: `setting-password:${uid}`, ...PASSWORD_TRIES });
    throw new BadRequestError(wrongText);
  }

  /** Revokes every token of the user, then answers a fresh one for the session that asked. */
  async changePassword(caller: AuthUser, dto: ChangePasswordDto): Promise<ChangeAccountResult> {
    await this.checkPassword(caller.uid, dto.oldPassword, PROFILE_TEXT.oldPasswordWrong);
    if (dto.oldPassword === dto.newPassword) throw new BadRequestError(PROFILE_TEXT.newPasswordSame);
    await this.userService.setPassword(caller.uid, dto.newPassword);
    const user = await this.load(caller.uid);
    return {
      code: 200,
      msg: PROFILE_TEXT.passwordChanged,
      userInfo: toUserInfo(user, caller.roleId),
      token: this.tokens.sign(user.uid, user.tokenVersion),
    };
  }

  private async assertNewEmail(caller: AuthUser, email: string): Promise<void> {
    const me = await this.load(caller.uid);
    if (me.email && me.email.toLowerCase() === email.toLowerCase()) throw new BadRequestError(PROFILE_TEXT.emailSame);
    const other = await this.userService.findByEmail(email);
    if (other && other.uid !== caller.uid) throw new BadRequestError(ERR.emailExists);
  }

  private async assertNewMobile(caller: AuthUser, mobile: string): Promise<void> {
    const me = await this.load(caller.uid);
    if (me.mobile === mobile) throw new BadRequestError(PROFILE_TEXT.mobileSame);
    const other = await this.userService.findByMobile(mobile);
    if (other && other.uid !== caller.uid) throw new BadRequestError(PROFILE_TEXT.mobileExists);
  }

  /** GET /api/get-email-code: a code to the new address; 90 s between two requests of a user. */
  async sendEmailCode(caller: AuthUser, email: string): Promise<{ email: string; expire: number }> {
    await this.assertNewEmail(caller, email);
    const lock = `email-change:${caller.uid}`;
    await this.rateLimit.lockOrThrow(lock, PROFILE_LIMITS.emailCodeResendSec, ERR.resendTooSoon);
    const code = await this.codes.issue('email', caller.uid, email, PROFILE_LIMITS.emailCodeTtlSec);
    const web = await this.siteConfig.get('web');
    const minutes = PROFILE_LIMITS.emailCodeTtlSec / 60;
    try {
      await this.mail.send({
        to: email,
        subject: `${web.shortName} e-mail change code`,
        text: `${caller.username}, your code to change your e-mail is ${code}. It expires in ${minutes} minutes.`,
        html: `<p>${escapeHtml(caller.username)}, your code to change your e-mail is</p><h2>${code}</h2><p>It expires in ${minutes} minutes.</p>`,
      });
    } catch (e) {
      await this.rateLimit.release(lock);
      await this.codes.drop('email', caller.uid, email);
      throw e;
    }
    return { email, expire: PROFILE_LIMITS.emailCodeResendSec };
  }

  async changeEmail(caller: AuthUser, dto: ChangeEmailDto): Promise<ChangeAccountResult> {
    await this.assertNewEmail(caller, dto.newEmail);
    await this.checkPassword(caller.uid, dto.password, PROFILE_TEXT.passwordWrong);
    await this.codes.take('email', caller.uid, dto.newEmail, dto.code);
    await this.saveUnique(caller.uid, { email: dto.newEmail }, ERR.emailExists);
    return { code: 200, msg: PROFILE_TEXT.emailChanged, userInfo: await this.info(caller.uid, caller.roleId) };
  }

  /** GET /api/get-mobile-code: a code by SMS through the admin's mobile config; 90 s between requests. */
  async sendMobileCode(caller: AuthUser, mobile: string): Promise<{ mobile: string; expire: number }> {
    await this.assertNewMobile(caller, mobile);
    const lock = `mobile-change:${caller.uid}`;
    await this.rateLimit.lockOrThrow(lock, PROFILE_LIMITS.mobileCodeResendSec, ERR.resendTooSoon);
    const code = await this.codes.issue('mobile', caller.uid, mobile, PROFILE_LIMITS.mobileCodeTtlSec);
    try {
      await this.sms.sendCode(mobile, code);
    } catch (e) {
      await this.rateLimit.release(lock);
      await this.codes.drop('mobile', caller.uid, mobile);
      throw e;
    }
    return { mobile, expire: PROFILE_LIMITS.mobileCodeResendSec };
  }

  async changeMobile(caller: AuthUser, dto: ChangeMobileDto): Promise<ChangeAccountResult> {
    await this.assertNewMobile(caller, dto.newMobile);
    await this.checkPassword(caller.uid, dto.password, PROFILE_TEXT.passwordWrong);
    await this.codes.take('mobile', caller.uid, dto.newMobile, dto.code);
    await this.saveUnique(caller.uid, { mobile: dto.newMobile }, PROFILE_TEXT.mobileExists);
    return { code: 200, msg: PROFILE_TEXT.mobileChanged, userInfo: await this.info(caller.uid, caller.roleId) };
  }

  /** POST /api/change-userInfo: empty strings clear a field. */
  async changeUserInfo(caller: AuthUser, dto: ChangeUserInfoDto): Promise<Record<string, unknown>> {
    const patch: Partial<User> = {};
    for (const key of ['nickname', 'realname', 'school', 'number', 'blog', 'github', 'cfUsername', 'signature'] as const) {
      if (dto[key] !== undefined) patch[key] = dto[key] === '' ? null : dto[key];
    }
    if (dto.gender) patch.gender = dto.gender;
    if (Object.keys(patch).length) await this.users.update({ uid: caller.uid }, patch);
    await this.home.forget(caller.uid, caller.username);
    return this.info(caller.uid, caller.roleId);
  }

  /** Two users racing for one address: the unique index decides (mobile has none, so it is checked again). */
  private async saveUnique(uid: string, patch: Partial<User>, takenText: string): Promise<void> {
    try {
      await this.users.update({ uid }, patch);
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new BadRequestError(takenText);
      throw e;
    }
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
