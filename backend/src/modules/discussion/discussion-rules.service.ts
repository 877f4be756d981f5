import { Inject, Injectable } from '@nestjs/common';
import { DISCUSSION_ERR, DISCUSSION_LIMITS, PERMISSION, PostingRules, ROLE_NAMES, SiteSwitch } from '@oj/contracts';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { switchRefusal } from '../../core/auth/access-policy';
import { AuthUser } from '../../core/auth/auth-user';
import { PermissionService } from '../../core/auth/permission.service';
import { ForbiddenError } from '../../core/http/api.exception';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';
import { REDIS } from '../../core/redis/redis.module';
import { SiteConfigService } from '../../core/site-config/site-config.service';

/**
 * Who may post, comment and reply (product §6, §9): the site switches, the restricted roles, the AC count
 * from the switch config, the daily post limit and flood limits. Admins skip the AC count and the limits.
 */
@Injectable()
export class DiscussionRulesService {
  constructor(
    private readonly site: SiteConfigService,
    private readonly rate: RateLimitService,
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly permissions: PermissionService,
  ) {}

  /** Root passes a closed area (as the switch guard does). */
  async assertSwitch(name: SiteSwitch, user: AuthUser | undefined): Promise<void> {
    const refusal = await switchRefusal([name], user, (s) => this.site.isSwitchOn(s));
    if (refusal) throw refusal;
  }

  /**
   * What posting a discussion asks of the caller (GET get-discussion-rules shows it before the form), and the check
   * of a post: the role's permissions, then (not for admins) §9's AC count and daily limit.
   */
  async postRules(user: AuthUser): Promise<PostingRules> {
    const cfg = await this.site.get('switch');
    const [solved, today] = await Promise.all([
      this.acCount(user.uid),
      this.redis.get(this.dailyKey(user.uid)).then((v) => Number(v ?? 0)),
    ]);
    // The stored role → permission mapping (admin → Auth): muted roles lack comment:post, 1004–1007 discussion:post.
    const refusal = !(await this.permissions.holds(user.roleId, PERMISSION.commentPost))
      ? DISCUSSION_ERR.mutedRole
      : !(await this.permissions.holds(user.roleId, PERMISSION.discussionPost))
        ? DISCUSSION_ERR.noPostRole
        : user.isAdmin
          ? null
          : solved < cfg.defaultCreateDiscussionACInitValue
            ? DISCUSSION_ERR.postAcCount(cfg.defaultCreateDiscussionACInitValue)
            : today >= cfg.defaultCreateDiscussionDailyLimit
              ? DISCUSSION_ERR.dailyPostLimit(cfg.defaultCreateDiscussionDailyLimit)
              : null;
    return {
      acRequired: cfg.defaultCreateDiscussionACInitValue,
      solved,
      dailyLimit: cfg.defaultCreateDiscussionDailyLimit,
      today,
      totalLimit: null,
      owned: null,
      exempt: user.isAdmin,
      refusal,
    };
  }

  /** Comments and replies: the role may comment, then (not for admins) §9's AC count. */
  async commentRules(user: AuthUser): Promise<PostingRules> {
    const cfg = await this.site.get('switch');
    const solved = await this.acCount(user.uid);
    const refusal = !(await this.permissions.holds(user.roleId, PERMISSION.commentPost))
      ? DISCUSSION_ERR.mutedRole
      : !user.isAdmin && solved < cfg.defaultCreateCommentACInitValue
        ? DISCUSSION_ERR.commentAcCount(cfg.defaultCreateCommentACInitValue)
        : null;
    return {
      acRequired: cfg.defaultCreateCommentACInitValue,
      solved,
      dailyLimit: null,
      today: null,
      totalLimit: null,
      owned: null,
      exempt: user.isAdmin,
      refusal,
    };
  }

  /**
   * Checks for a new discussion (the same rules postRules shows) and takes its place in the day's limit atomically:
   * concurrent posts cannot all pass a count read before any raised it. Answers the function that gives the place back
   * if the post is not stored after all.
   */
  async assertCanPost(user: AuthUser): Promise<() => Promise<void>> {
    const { refusal } = await this.postRules(user);
    if (refusal) throw new ForbiddenError(refusal);
    if (user.isAdmin) return async () => undefined;
    const cfg = await this.site.get('switch');
    const release = await this.rate.reserveDaily(
      this.dailyKey(user.uid),
      cfg.defaultCreateDiscussionDailyLimit,
      () => new ForbiddenError(DISCUSSION_ERR.dailyPostLimit(cfg.defaultCreateDiscussionDailyLimit)),
    );
    try {
      await this.rate.consume({ key: `discussion:post:${user.uid}`, max: DISCUSSION_LIMITS.postsPerMinute, windowSec: 60 });
    } catch (e) {
      await release();
      throw e;
    }
    return release;
  }

  /** Comments and replies. */
  async assertCanComment(user: AuthUser): Promise<void> {
    const { refusal } = await this.commentRules(user);
    if (refusal) throw new ForbiddenError(refusal);
    if (user.isAdmin) return;
    await this.rate.consume({ key: `discussion:comment:${user.uid}`, max: DISCUSSION_LIMITS.commentsPerMinute, windowSec: 60 });
  }

  async assertLikeRate(user: AuthUser): Promise<void> {
    await this.rate.consume({ key: `discussion:like:${user.uid}`, max: DISCUSSION_LIMITS.likesPerMinute, windowSec: 60 });
  }

  async assertReportRate(user: AuthUser): Promise<void> {
    await this.rate.consume({ key: `discussion:report:${user.uid}`, max: DISCUSSION_LIMITS.reportsPerMinute, windowSec: 60 });
  }

  /** Problems the user solved (the judge keeps it in user_judge_stat). */
  private async acCount(uid: string): Promise<number> {
    const rows: { solved: number }[] = await this.dataSource.query('SELECT solved FROM user_judge_stat WHERE uid = $1', [uid]);
    return rows[0]?.solved ?? 0;
  }

  /** The day is the server's UTC day. */
  private dailyKey(uid: string): string {
    return `discussion:daily:${new Date().toISOString().slice(0, 10)}:${uid}`;
  }
}

/** Role label stored with posts (HOJ): the admin role names, otherwise 'user'. */
export function roleLabel(user: AuthUser): string {
  return user.isAdmin ? ROLE_NAMES[user.roleId] : 'user';
}
