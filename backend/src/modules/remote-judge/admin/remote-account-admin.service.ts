import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { JUDGING_ERR, REMOTE_OJS } from '@oj/contracts';
import type { RemoteJudgeAccountInput, RemoteJudgeAccountView, RemoteJudgeSiteView } from '@oj/contracts';
import { Repository } from 'typeorm';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import { SiteConfigService } from '../../../core/site-config/site-config.service';
import { RemoteJudgeAccount } from '../entities/remote-judge-account.entity';
import { RemoteAccountLeases } from '../remote-account-leases.service';
import { RemoteSites } from '../remote-sites.service';

/**
 * Admin → Remote judge (issue 34): the accounts submissions go through, per site, with their state (idle, in use,
 * failing with the last error), and the sites an admin switched off. Root only (the controller).
 */
@Injectable()
export class RemoteAccountAdminService {
  constructor(
    @InjectRepository(RemoteJudgeAccount) private readonly accounts: Repository<RemoteJudgeAccount>,
    private readonly leases: RemoteAccountLeases,
    private readonly sites: RemoteSites,
    private readonly siteConfig: SiteConfigService,
  ) {}

  async list(oj?: string): Promise<RemoteJudgeAccountView[]> {
    const rows = await this.accounts.find({ where: oj ? { oj } : {}, order: { oj: 'ASC', id: 'ASC' } });
    const held = await this.leases.heldOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      oj: r.oj,
      username: r.username,
      hasPassword: !!r.password,
      hasCookie: !!r.cookie,
      userAgent: r.userAgent,
      enabled: r.enabled,
      state: !r.enabled ? 'disabled' : held.has(r.id) ? 'in-use' : r.lastError ? 'failing' : 'idle',
      lastError: r.lastError,
      lastErrorAt: r.lastErrorAt?.toISOString() ?? null,
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    }));
  }

  async create(input: RemoteJudgeAccountInput): Promise<RemoteJudgeAccountView> {
    const oj = this.site(input.oj);
    const username = input.username.trim();
    if (await this.accounts.findOne({ where: { oj, username } })) throw new BadRequestError(JUDGING_ERR.remoteAccountExists);
    const saved = await this.accounts.save(
      this.accounts.create({
        oj,
        username,
        password: input.password ?? '',
        cookie: input.cookie?.trim() || null,
        userAgent: input.userAgent?.trim() || null,
        enabled: input.enabled ?? true,
      }),
    );
    return (await this.list(oj)).find((a) => a.id === saved.id)!;
  }

  /** An edit; an empty password or cookie keeps the stored one. A changed credential clears the last error. */
  async update(input: RemoteJudgeAccountInput): Promise<RemoteJudgeAccountView> {
    const row = await this.accounts.findOne({ where: { id: input.id ?? 0 } });
    if (!row) throw new NotFoundError(JUDGING_ERR.remoteAccountNotFound);
    const username = input.username.trim();
    if (username !== row.username && (await this.accounts.findOne({ where: { oj: row.oj, username } })))
      throw new BadRequestError(JUDGING_ERR.remoteAccountExists);
    const credentialsChanged = username !== row.username || !!input.password || !!input.cookie?.trim() || !!input.clearCookie;
    await this.accounts.update(row.id, {
      username,
      ...(input.password ? { password: input.password } : {}),
      ...(input.clearCookie ? { cookie: null } : input.cookie?.trim() ? { cookie: input.cookie.trim() } : {}),
      ...(input.userAgent !== undefined ? { userAgent: input.userAgent?.trim() || null } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(credentialsChanged ? { lastError: null, lastErrorAt: null } : {}),
    });
    if (credentialsChanged) this.sites.forget(row.id);
    return (await this.list(row.oj)).find((a) => a.id === row.id)!;
  }

  async remove(id: number): Promise<void> {
    const res = await this.accounts.delete({ id });
    if (!res.affected) throw new NotFoundError(JUDGING_ERR.remoteAccountNotFound);
    this.sites.forget(id);
  }

  async siteList(): Promise<RemoteJudgeSiteView[]> {
    const [{ disabledSites }, counts] = await Promise.all([
      this.siteConfig.get('remoteJudge'),
      this.accounts
        .createQueryBuilder('a')
        .select('a.oj', 'oj')
        .addSelect('COUNT(*)::int', 'n')
        .groupBy('a.oj')
        .getRawMany<{ oj: string; n: number }>(),
    ]);
    return this.sites.keys().map((oj) => ({
      oj,
      enabled: !disabledSites.includes(oj),
      url: this.sites.baseUrl(this.sites.adapter(oj)!),
      languages: this.sites.adapter(oj)!.languages.length,
      accounts: counts.find((c) => c.oj === oj)?.n ?? 0,
    }));
  }

  async setSiteEnabled(oj: string, enabled: boolean): Promise<RemoteJudgeSiteView[]> {
    const key = this.site(oj);
    const { disabledSites } = await this.siteConfig.get('remoteJudge');
    const next = new Set(disabledSites);
    if (enabled) next.delete(key);
    else next.add(key);
    await this.siteConfig.set('remoteJudge', { disabledSites: [...next].sort() });
    return this.siteList();
  }

  private site(oj: string): string {
    const key = oj.trim().toUpperCase();
    if (!(REMOTE_OJS as readonly string[]).includes(key) || !this.sites.adapter(key))
      throw new BadRequestError(JUDGING_ERR.remoteOjUnknown);
    return key;
  }
}
