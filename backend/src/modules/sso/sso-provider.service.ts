import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  Role,
  SSO_LIMITS,
  SSO_ERR,
  SsoCasSettings,
  SsoGroupRule,
  SsoLdapSettings,
  SsoMapping,
  SsoOidcSettings,
  SsoProviderView,
  SsoPublicInfo,
  SsoSettings,
  SsoSiteSettings,
  SsoType,
  withReason,
} from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuditActor, AuditService } from '../../core/audit/audit.service';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { BadRequestError, NotFoundError } from '../../core/http/api.exception';
import { SiteConfigService } from '../../core/site-config/site-config.service';
import { SsoProviderDto } from './dto/sso.dto';
import { SsoProvider } from './entities/sso-provider.entity';
import { SsoSetting } from './entities/sso-setting.entity';

const MAPPING_FIELDS: (keyof SsoMapping)[] = ['username', 'email', 'realname', 'school', 'number', 'groups'];
const ATTRIBUTE_MAX = 100;
const RULES_MAX = 100;
/** Roles a provider's group may give: everything but root (a directory must not be able to make a super admin). */
const GRANTABLE_ROLES = new Set<number>(Object.values(Role).filter((r) => r !== Role.Root));

const invalid = (reason: string) => new BadRequestError(withReason(SSO_ERR.providerInvalid, reason));

function httpUrl(value: unknown, field: string): string {
  const s = typeof value === 'string' ? value.trim() : '';
  if (!s || s.length > SSO_LIMITS.urlMax) throw invalid(`${field} is required`);
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    throw invalid(`${field} is not an address`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw invalid(`${field} must start with http:// or https://`);
  return s.replace(/\/+$/, '');
}

function shortText(value: unknown, field: string, required: boolean, max = 500): string {
  if (value !== undefined && value !== null && typeof value !== 'string') throw invalid(`${field} must be text`);
  const s = ((value as string | undefined) ?? '').trim();
  if (required && !s) throw invalid(`${field} is required`);
  if (s.length > max) throw invalid(`${field} is too long`);
  return s;
}

/** An LDAP filter written by root: parenthesised and balanced (the directory parses the rest). */
function filter(value: unknown, field: string, required: boolean): string {
  const s = shortText(value, field, required);
  if (!s) return s;
  let depth = 0;
  for (const c of s) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) break;
  }
  if (!s.startsWith('(') || !s.endsWith(')') || depth !== 0) throw invalid(`${field} must be a parenthesised LDAP filter`);
  return s;
}

/** The settings of the provider's type, with only the fields that type has. */
export function checkSettings(type: SsoType, raw: Record<string, unknown>): SsoSettings {
  if (type === 'oidc') {
    const s: SsoOidcSettings = {
      issuer: httpUrl(raw.issuer, 'issuer'),
      clientId: shortText(raw.clientId, 'clientId', true, 255),
      scope: shortText(raw.scope, 'scope', false, 255) || 'openid profile email',
    };
    return s;
  }
  if (type === 'ldap') {
    const url = shortText(raw.url, 'url', true);
    if (!/^ldaps?:\/\/[^/\s]+\/?$/i.test(url)) throw invalid('url must be ldap://host:port or ldaps://host:port');
    const startTls = raw.startTls === true;
    if (startTls && /^ldaps:/i.test(url)) throw invalid('StartTLS is for ldap:// (ldaps:// is already encrypted)');
    const searchFilter = filter(raw.searchFilter, 'searchFilter', true);
    if (!searchFilter.includes('{username}')) throw invalid('searchFilter must contain {username}');
    const s: SsoLdapSettings = {
      url: url.replace(/\/$/, ''),
      startTls,
      allowUntrustedCert: raw.allowUntrustedCert === true,
      bindDn: shortText(raw.bindDn, 'bindDn', false),
      searchBase: shortText(raw.searchBase, 'searchBase', true),
      searchFilter,
      groupFilter: filter(raw.groupFilter, 'groupFilter', false),
    };
    return s;
  }
  const version = raw.version === '2.0' ? '2.0' : raw.version === '3.0' || raw.version === undefined ? '3.0' : null;
  if (!version) throw invalid('version must be 2.0 or 3.0');
  const s: SsoCasSettings = { baseUrl: httpUrl(raw.baseUrl, 'baseUrl'), version };
  return s;
}

function checkMapping(raw: SsoMapping): SsoMapping {
  const out = {} as SsoMapping;
  for (const field of MAPPING_FIELDS) out[field] = shortText(raw[field], `mapping.${field}`, field === 'username', ATTRIBUTE_MAX);
  return out;
}

function checkRules(raw: SsoGroupRule[] | undefined, mapping: SsoMapping): SsoGroupRule[] {
  const rules = raw ?? [];
  if (rules.length > RULES_MAX) throw invalid(`at most ${RULES_MAX} group rules`);
  if (rules.length && !mapping.groups) throw invalid('group rules need mapping.groups');
  return rules.map((r, i) => {
    if (!r || typeof r !== 'object') throw invalid(`group rule ${i + 1} is not an object`);
    const value = shortText(r.value, `group rule ${i + 1} value`, true);
    const role = r.role ?? null;
    const gid = r.gid ?? null;
    if (role !== null && !GRANTABLE_ROLES.has(role)) throw invalid(`group rule ${i + 1}: not a role a provider may give`);
    if (gid !== null && (!Number.isInteger(gid) || gid < 1)) throw invalid(`group rule ${i + 1}: gid must be a group id`);
    if (role === null && gid === null) throw invalid(`group rule ${i + 1} gives neither a role nor a group`);
    return { value, role, gid };
  });
}

/** '••••3f': enough for root to recognise the stored secret, never enough to use it. */
function secretHint(secret: string | null): string | null {
  if (!secret) return null;
  return secret.length >= 8 ? `••••${secret.slice(-2)}` : '••••';
}

/** The providers root configures, the site's sign-in setting, and what the login dialog may see of them. */
@Injectable()
export class SsoProviderService {
  constructor(
    @InjectRepository(SsoProvider) private readonly providers: Repository<SsoProvider>,
    @InjectRepository(SsoSetting) private readonly settingsRepo: Repository<SsoSetting>,
    private readonly siteConfig: SiteConfigService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The web app's address as users reach it (the site's base URL when set, else the installation's). */
  async baseUrl(): Promise<string> {
    const web = await this.siteConfig.get('web');
    return (web.baseUrl || this.config.baseUrl).replace(/\/+$/, '');
  }

  callbackUrl(base: string, id: number): string {
    return `${base}/api/sso/callback/${id}`;
  }

  private view(p: SsoProvider, base: string): SsoProviderView {
    return {
      id: p.id,
      name: p.name,
      type: p.type,
      enabled: p.enabled,
      accountMode: p.accountMode,
      linkBy: p.linkBy,
      settings: p.settings,
      mapping: p.mapping,
      groupRules: p.groupRules,
      secretSet: Boolean(p.secret),
      secretHint: secretHint(p.secret),
      callbackUrl: this.callbackUrl(base, p.id),
      gmtCreate: p.gmtCreate.toISOString(),
      gmtModified: p.gmtModified.toISOString(),
    };
  }

  private withSecret(id: number): Promise<SsoProvider | null> {
    return this.providers.createQueryBuilder('p').addSelect('p.secret').where('p.id = :id', { id }).getOne();
  }

  /** A provider with its secret, for a login (enabled ones only unless said otherwise). */
  async forLogin(id: number, type?: SsoType): Promise<SsoProvider> {
    const p = await this.withSecret(id);
    if (!p || !p.enabled || (type && p.type !== type)) throw new NotFoundError(SSO_ERR.providerNotFound);
    return p;
  }

  async list(): Promise<SsoProviderView[]> {
    const base = await this.baseUrl();
    const rows = await this.providers.createQueryBuilder('p').addSelect('p.secret').orderBy('p.id').getMany();
    return rows.map((p) => this.view(p, base));
  }

  async get(id: number): Promise<SsoProviderView> {
    const p = await this.withSecret(id);
    if (!p) throw new NotFoundError(SSO_ERR.providerNotFound);
    return this.view(p, await this.baseUrl());
  }

  /** For tests of the connection: the row with its secret, enabled or not. */
  async forTest(id: number): Promise<SsoProvider> {
    const p = await this.withSecret(id);
    if (!p) throw new NotFoundError(SSO_ERR.providerNotFound);
    return p;
  }

  private async assertNameFree(name: string, id?: number): Promise<void> {
    const other = await this.providers.findOne({ where: { name } });
    if (other && other.id !== id) throw new BadRequestError(SSO_ERR.providerNameExists);
  }

  async create(dto: SsoProviderDto, actor: AuditActor): Promise<SsoProviderView> {
    const name = dto.name.trim();
    if (!name) throw invalid('name is required');
    const mapping = checkMapping(dto.mapping);
    const row = this.providers.create({
      name,
      type: dto.type,
      enabled: dto.enabled,
      accountMode: dto.accountMode,
      linkBy: dto.linkBy,
      settings: checkSettings(dto.type, dto.settings),
      mapping,
      groupRules: checkRules(dto.groupRules, mapping),
      secret: dto.secret ? dto.secret : null,
    });
    await this.assertNameFree(name);
    const view = await this.providers.manager.transaction(async (em) => {
      const saved = await em.save(row);
      const v = this.view(saved, await this.baseUrl());
      await this.audit.record(
        { ...actor, action: 'sso.provider.create', targetType: 'sso_provider', targetId: saved.id, after: { ...v, secret: saved.secret } },
        em,
      );
      return v;
    });
    return view;
  }

  async update(dto: SsoProviderDto, actor: AuditActor): Promise<SsoProviderView> {
    if (!dto.id) throw invalid('id is required');
    const before = await this.withSecret(dto.id);
    if (!before) throw new NotFoundError(SSO_ERR.providerNotFound);
    // The type decides the settings and the subjects already linked: a new type is a new provider.
    if (dto.type !== before.type) throw invalid('the type of a provider cannot change');
    const name = dto.name.trim();
    if (!name) throw invalid('name is required');
    const mapping = checkMapping(dto.mapping);
    const patch = {
      name,
      enabled: dto.enabled,
      accountMode: dto.accountMode,
      linkBy: dto.linkBy,
      settings: checkSettings(dto.type, dto.settings),
      mapping,
      groupRules: checkRules(dto.groupRules, mapping),
      secret: dto.secret === null ? null : dto.secret ? dto.secret : before.secret,
    };
    await this.assertNameFree(name, before.id);
    const base = await this.baseUrl();
    return this.providers.manager.transaction(async (em) => {
      await em.update(SsoProvider, { id: before.id }, patch);
      const after = (await em.createQueryBuilder(SsoProvider, 'p').addSelect('p.secret').where('p.id = :id', { id: before.id }).getOne())!;
      const v = this.view(after, base);
      await this.audit.record(
        {
          ...actor,
          action: 'sso.provider.update',
          targetType: 'sso_provider',
          targetId: before.id,
          before: { ...this.view(before, base), secret: before.secret },
          after: { ...v, secret: after.secret },
          note: before.secret === after.secret ? 'secret unchanged' : 'secret changed',
        },
        em,
      );
      return v;
    });
  }

  /** Deleting a provider unlinks its identities; the accounts stay (their owners may log in another way). */
  async remove(id: number, actor: AuditActor): Promise<void> {
    const before = await this.withSecret(id);
    if (!before) throw new NotFoundError(SSO_ERR.providerNotFound);
    const base = await this.baseUrl();
    await this.providers.manager.transaction(async (em) => {
      await em.query('DELETE FROM sso_identity WHERE provider_id = $1', [id]);
      await em.delete(SsoProvider, { id });
      await this.audit.record(
        {
          ...actor,
          action: 'sso.provider.delete',
          targetType: 'sso_provider',
          targetId: id,
          before: { ...this.view(before, base), secret: before.secret },
        },
        em,
      );
    });
  }

  async siteSettings(): Promise<SsoSiteSettings> {
    const row = await this.settingsRepo.findOne({ where: { id: 1 } });
    return { localPasswordOff: row?.localPasswordOff ?? false };
  }

  async setSiteSettings(next: SsoSiteSettings, actor: AuditActor): Promise<SsoSiteSettings> {
    const before = await this.siteSettings();
    await this.settingsRepo.manager.transaction(async (em) => {
      await em.upsert(SsoSetting, { id: 1, localPasswordOff: next.localPasswordOff }, ['id']);
      await this.audit.record(
        {
          ...actor,
          action: 'sso.settings.update',
          targetType: 'sso_setting',
          targetId: 1,
          before,
          after: { localPasswordOff: next.localPasswordOff },
        },
        em,
      );
    });
    return { localPasswordOff: next.localPasswordOff };
  }

  async publicInfo(): Promise<SsoPublicInfo> {
    const [rows, settings] = await Promise.all([
      this.providers.find({ select: ['id', 'name', 'type'], where: { enabled: true }, order: { id: 'ASC' } }),
      this.siteSettings(),
    ]);
    return { providers: rows.map((p) => ({ id: p.id, name: p.name, type: p.type })), localPasswordOff: settings.localPasswordOff };
  }
}
