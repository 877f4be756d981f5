import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { HOJ_REMOTE_ACCOUNT_LISTS } from '@oj/contracts';
import type { HojRemoteAccountListKey } from '@oj/contracts';
import { In, Repository } from 'typeorm';
import { SwitchExtensions } from '../../../core/site-config/switch-extensions';
import { RemoteJudgeAccount } from '../entities/remote-judge-account.entity';
import { RemoteSites } from '../remote-sites.service';

const KEYS = Object.keys(HOJ_REMOTE_ACCOUNT_LISTS) as HojRemoteAccountListKey[];

/**
 * HOJ's switch page edits the remote accounts as parallel username and password lists (`hduUsernameList`, ...):
 * answered from, and written into, `remote_judge_account`, so a school on HOJ's admin client manages the accounts
 * there. A list sent replaces the site's accounts (missing usernames are removed, new ones added); a password is
 * never answered ('' for each) and an '' sent keeps the stored one. The lists carry no cookie or user agent: those,
 * and BAS, are Admin → Remote judge's.
 */
@Injectable()
export class HojAccountListsService implements OnModuleInit {
  constructor(
    @InjectRepository(RemoteJudgeAccount) private readonly accounts: Repository<RemoteJudgeAccount>,
    private readonly extensions: SwitchExtensions,
    private readonly sites: RemoteSites,
  ) {}

  onModuleInit(): void {
    this.extensions.register({ read: () => this.read(), write: (body) => this.write(body) });
  }

  async read(): Promise<Record<string, string[]>> {
    const rows = await this.accounts.find({ where: { oj: In(KEYS.map((k) => HOJ_REMOTE_ACCOUNT_LISTS[k][0])) }, order: { id: 'ASC' } });
    const out: Record<string, string[]> = {};
    for (const key of KEYS) {
      const names = rows.filter((r) => r.oj === HOJ_REMOTE_ACCOUNT_LISTS[key][0]).map((r) => r.username);
      out[`${key}UsernameList`] = names;
      out[`${key}PasswordList`] = names.map(() => '');
    }
    return out;
  }

  async write(body: Record<string, unknown>): Promise<void> {
    for (const key of KEYS) {
      const usernames = body[`${key}UsernameList`];
      if (!Array.isArray(usernames)) continue;
      const passwords = Array.isArray(body[`${key}PasswordList`]) ? (body[`${key}PasswordList`] as string[]) : [];
      const wanted = new Map<string, string>();
      usernames.forEach((u: string, i) => {
        const name = String(u).trim();
        if (name && !wanted.has(name)) wanted.set(name, String(passwords[i] ?? ''));
      });
      for (const oj of HOJ_REMOTE_ACCOUNT_LISTS[key]) await this.replace(oj, wanted);
    }
  }

  private async replace(oj: string, wanted: Map<string, string>): Promise<void> {
    const existing = await this.accounts.find({ where: { oj } });
    for (const row of existing) {
      if (!wanted.has(row.username)) {
        await this.accounts.delete({ id: row.id });
        this.sites.forget(row.id);
        continue;
      }
      const password = wanted.get(row.username)!;
      if (password && password !== row.password) {
        await this.accounts.update(row.id, { password, lastError: null, lastErrorAt: null });
        this.sites.forget(row.id);
      }
    }
    const known = new Set(existing.map((r) => r.username));
    for (const [username, password] of wanted)
      if (!known.has(username)) await this.accounts.save(this.accounts.create({ oj, username, password, enabled: true }));
  }
}
