import { Inject, Injectable } from '@nestjs/common';
import { REMOTE_JUDGE_TIMINGS } from '@oj/contracts';
import type { RemoteOj } from '@oj/contracts';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { RemoteJudgeAccount } from './entities/remote-judge-account.entity';
import { RemoteHttp } from './http/remote-http';
import type { RemoteAccountCredentials, RemoteSession, SiteAdapter } from './sites/site-adapter';

/** The adapters this platform has, one per site (remote-judge.module.ts lists them). */
export const REMOTE_SITE_ADAPTERS = Symbol('REMOTE_SITE_ADAPTERS');

/**
 * The site adapters and each account's session with its site (issue 34). A session (its cookie jar) lives as long as
 * the process, so an account logs in once, not per submission; it is rebuilt when the account's credentials change.
 */
@Injectable()
export class RemoteSites {
  private readonly byKey = new Map<string, SiteAdapter>();
  private readonly sessions = new Map<number, { fingerprint: string; session: RemoteSession }>();

  constructor(
    @Inject(REMOTE_SITE_ADAPTERS) adapters: SiteAdapter[],
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(RemoteJudgeAccount) private readonly accounts: Repository<RemoteJudgeAccount>,
  ) {
    for (const a of adapters) this.byKey.set(a.site, a);
  }

  adapter(oj: string): SiteAdapter | undefined {
    return this.byKey.get(oj);
  }

  /** The sites an adapter exists for. */
  keys(): RemoteOj[] {
    return [...this.byKey.keys()] as RemoteOj[];
  }

  /** The site's own address, or where REMOTE_JUDGE_URLS points it (a mirror; the tests' replay servers). */
  baseUrl(adapter: SiteAdapter): string {
    return this.config.remoteJudgeUrls[adapter.site] ?? adapter.defaultBaseUrl;
  }

  /** A fresh client on the site's address, for calls needing no account. */
  http(adapter: SiteAdapter, account?: RemoteAccountCredentials): RemoteHttp {
    return new RemoteHttp({
      baseUrl: this.baseUrl(adapter),
      charset: adapter.defaultCharset,
      userAgent: account?.userAgent ?? undefined,
      timeoutMs: REMOTE_JUDGE_TIMINGS.requestTimeoutMs,
    });
  }

  /**
   * A client for reading problem pages: with the cookie and user agent an admin pasted for one of the site's
   * enabled accounts when there is one (a site behind a bot wall answers no page without them), else a bare one.
   */
  async importHttp(adapter: SiteAdapter): Promise<RemoteHttp> {
    const pasted = await this.pastedCookie(adapter.site);
    const http = this.http(adapter, pasted ?? undefined);
    if (pasted?.cookie) await http.setCookieHeader(pasted.cookie);
    return http;
  }

  /** The account's session (its cookies kept between submissions), with a pasted cookie stored in a new one. */
  async session(adapter: SiteAdapter, accountId: number, account: RemoteAccountCredentials): Promise<RemoteSession> {
    const fingerprint = JSON.stringify([adapter.site, account.username, account.password, account.cookie ?? '', account.userAgent ?? '']);
    const kept = this.sessions.get(accountId);
    if (kept?.fingerprint === fingerprint) return kept.session;
    const session: RemoteSession = { account, http: this.http(adapter, account) };
    if (account.cookie) await session.http.setCookieHeader(account.cookie);
    this.sessions.set(accountId, { fingerprint, session });
    return session;
  }

  private pastedCookie(oj: string): Promise<RemoteJudgeAccount | null> {
    return this.accounts.findOne({ where: { oj, enabled: true, cookie: Not(IsNull()) }, order: { id: 'ASC' } });
  }

  /** Forgets an account's session (after a refused login: the next try starts from a clean jar). */
  forget(accountId: number): void {
    this.sessions.delete(accountId);
  }
}
