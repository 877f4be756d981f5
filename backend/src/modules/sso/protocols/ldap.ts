import { ERR, SSO_ERR, SSO_LIMITS, SsoLdapSettings } from '@oj/contracts';
import { Client, InvalidCredentialsError } from 'ldapts';
import { ApiException, BadRequestError, ForbiddenError } from '../../../core/http/api.exception';
import { SsoClaims } from './claims';

/** RFC 4515: the characters a value must not carry raw into a search filter. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => '\\' + c.charCodeAt(0).toString(16).padStart(2, '0'));
}

/**
 * LDAP / Active Directory, bind and search: the service account binds and finds the user's entry by the filter,
 * then the user's own DN binds with the typed password (the directory checks it; nothing here sees a hash).
 */
export class LdapProtocol {
  private async connect(settings: SsoLdapSettings): Promise<Client> {
    const tlsOptions = { rejectUnauthorized: !settings.allowUntrustedCert };
    const client = new Client({
      url: settings.url,
      timeout: SSO_LIMITS.ldapTimeoutMs,
      connectTimeout: SSO_LIMITS.ldapTimeoutMs,
      // ldapts opens a TLS connection whenever it is given TLS options: only for ldaps://, StartTLS upgrades later.
      ...(/^ldaps:/i.test(settings.url) ? { tlsOptions } : {}),
    });
    try {
      if (settings.startTls) await client.startTLS(tlsOptions);
    } catch (e) {
      await client.unbind().catch(() => undefined);
      throw e;
    }
    return client;
  }

  /** Whether the service account can bind (the admin page's "test connection"). */
  async test(settings: SsoLdapSettings, secret: string | null): Promise<string> {
    const client = await this.connect(settings);
    try {
      await client.bind(settings.bindDn, secret ?? '');
      const { searchEntries } = await client.search(settings.searchBase, { scope: 'base', filter: '(objectClass=*)', attributes: ['dn'] });
      return `bound as ${settings.bindDn || '(anonymous)'}; search base ${searchEntries.length ? 'found' : 'not found'}`;
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  async login(settings: SsoLdapSettings, secret: string | null, username: string, password: string): Promise<SsoClaims> {
    // An empty password is an "unauthenticated bind" that many directories accept: never a login.
    if (!username || !password) throw new BadRequestError(ERR.wrongCredentials);
    let service: Client | undefined;
    let user: Client | undefined;
    try {
      service = await this.connect(settings);
      await service.bind(settings.bindDn, secret ?? '');
      const filter = settings.searchFilter.split('{username}').join(escapeFilterValue(username));
      const { searchEntries } = await service.search(settings.searchBase, { scope: 'sub', filter, sizeLimit: 2 });
      // None, or an ambiguous filter: the same answer as a wrong password (no hint which names exist).
      if (searchEntries.length !== 1) throw new BadRequestError(ERR.wrongCredentials);
      const entry = searchEntries[0];
      user = await this.connect(settings);
      try {
        await user.bind(entry.dn, password);
      } catch (e) {
        if (e instanceof InvalidCredentialsError) throw new BadRequestError(ERR.wrongCredentials);
        throw e;
      }
      if (settings.groupFilter) {
        const inGroup = await service.search(entry.dn, { scope: 'base', filter: settings.groupFilter, attributes: ['dn'] });
        if (!inGroup.searchEntries.length) throw new ForbiddenError(SSO_ERR.notInGroup);
      }
      const { dn, ...attributes } = entry;
      return { subject: dn, attributes };
    } catch (e) {
      if (e instanceof ApiException) throw e;
      // The service account's own bind refused, the server down, a TLS failure: the directory is unusable now.
      throw new ApiException(502, SSO_ERR.directoryUnavailable);
    } finally {
      await user?.unbind().catch(() => undefined);
      await service?.unbind().catch(() => undefined);
    }
  }
}
