/**
 * Single sign-on (issue 36): OpenID Connect, LDAP / Active Directory and CAS providers configured by root, one login
 * button per enabled provider, and the same session token as a password login once the provider vouched for the user.
 * The backend's sso module holds the providers and the login flows; the admin app manages them, the shell shows the
 * buttons and finishes a redirect login on its `/sso-callback` page.
 */
import { Role } from './roles';

export const SsoType = { Oidc: 'oidc', Ldap: 'ldap', Cas: 'cas' } as const;
export type SsoType = (typeof SsoType)[keyof typeof SsoType];

/** What a login of someone without a linked account does: make the account, or link to an existing one. */
export const SsoAccountMode = { Create: 'create', Link: 'link' } as const;
export type SsoAccountMode = (typeof SsoAccountMode)[keyof typeof SsoAccountMode];

/** The field of an existing account a "link" login matches the provider's value against. */
export const SsoLinkBy = { Email: 'email', Number: 'number' } as const;
export type SsoLinkBy = (typeof SsoLinkBy)[keyof typeof SsoLinkBy];

/** The calls, under the API's `/api` prefix (as the web app's client writes them). */
export const SSO_ROUTES = {
  /** GET, public: the enabled providers (id, name, type) and whether password login is off for non-admins. */
  providers: '/sso/providers',
  /** POST, public: { id, proof } → { url } the browser goes to (OIDC, CAS). */
  authorize: '/sso/authorize',
  /** GET, the address the identity provider sends the browser back to: /api/sso/callback/<id>. */
  callback: '/sso/callback',
  /** POST, public: { code, proof } → the session token in the Authorization header, the user info in data. */
  exchange: '/sso/exchange',
  /** POST, public: { id, username, password } through an LDAP provider → as a password login. */
  ldapLogin: '/sso/ldap-login',
  /** Root: GET (list) / POST (create) / PUT (update) / DELETE ?id= */
  adminProvider: '/admin/sso/provider',
  adminProviders: '/admin/sso/providers',
  /** Root: GET / PUT { localPasswordOff } */
  adminSettings: '/admin/sso/settings',
  /** Root: POST { id } → { ok, detail } (discovery for OIDC, service bind for LDAP, the login page for CAS). */
  adminTest: '/admin/sso/test',
} as const;

/** The web app's page a redirect login ends on (`?code=` or `?error=<msgCode>&msg=`). */
export const SSO_CALLBACK_PAGE = '/sso-callback';

export const SSO_LIMITS = {
  nameMax: 60,
  urlMax: 500,
  /** seconds a started login (state, nonce, PKCE verifier) waits for the provider's answer */
  stateTtlSec: 600,
  /** seconds the one-time code of the callback page may be exchanged for the token */
  codeTtlSec: 60,
  /** seconds a used CAS ticket is remembered as used (replays refused) */
  ticketMemorySec: 86_400,
  /** the browser's proof: 32 to 128 characters */
  proofMin: 32,
  proofMax: 128,
  /** LDAP connect and operation timeout, ms */
  ldapTimeoutMs: 8_000,
} as const;

/** Which provider attribute (claim, LDAP attribute, CAS attribute) fills which account field. Empty: not mapped. */
export interface SsoMapping {
  username: string;
  email: string;
  realname: string;
  school: string;
  number: string;
  /** the attribute listing the user's groups or roles (optional) */
  groups: string;
}

/** A value of the groups attribute and what it gives: a role, and/or membership of a group of ours. */
export interface SsoGroupRule {
  value: string;
  role?: Role | null;
  gid?: number | null;
}

export interface SsoOidcSettings {
  /** https://idp.example/realms/x (its /.well-known/openid-configuration is read) */
  issuer: string;
  clientId: string;
  /** space-separated; openid is always asked */
  scope: string;
}

export interface SsoLdapSettings {
  /** ldap://host:389 or ldaps://host:636 */
  url: string;
  startTls: boolean;
  /** accept a server certificate no trusted authority signed (a test or an internal CA not installed here) */
  allowUntrustedCert: boolean;
  bindDn: string;
  searchBase: string;
  /** {username} is replaced by the escaped login name, e.g. (uid={username}) or (sAMAccountName={username}) */
  searchFilter: string;
  /** optional: a user must also match this filter (e.g. (memberOf=cn=students,ou=groups,dc=x)) */
  groupFilter: string;
}

export interface SsoCasSettings {
  /** https://cas.example/cas (its /login and /p3/serviceValidate or /serviceValidate are used) */
  baseUrl: string;
  version: '2.0' | '3.0';
}

export type SsoSettings = SsoOidcSettings | SsoLdapSettings | SsoCasSettings;

/** A provider as root sees it: the secret never leaves the server, only whether one is set and its last 2 chars. */
export interface SsoProviderView {
  id: number;
  name: string;
  type: SsoType;
  enabled: boolean;
  accountMode: SsoAccountMode;
  linkBy: SsoLinkBy;
  settings: SsoSettings;
  mapping: SsoMapping;
  groupRules: SsoGroupRule[];
  /** OIDC client secret or LDAP bind password is stored */
  secretSet: boolean;
  /** e.g. '••••3f' */
  secretHint: string | null;
  /** the address to register at the identity provider (OIDC redirect URI, CAS service) */
  callbackUrl: string;
  gmtCreate: string;
  gmtModified: string;
}

/** POST / PUT /api/admin/sso/provider. On an update, `secret` absent or '' keeps the stored one; null removes it. */
export interface SsoProviderBody {
  id?: number;
  name: string;
  type: SsoType;
  enabled: boolean;
  accountMode: SsoAccountMode;
  linkBy: SsoLinkBy;
  settings: SsoSettings;
  mapping: SsoMapping;
  groupRules?: SsoGroupRule[];
  secret?: string | null;
}

export interface SsoPublicProvider {
  id: number;
  name: string;
  type: SsoType;
}

export interface SsoPublicInfo {
  providers: SsoPublicProvider[];
  /** password login is off for users who are not admins */
  localPasswordOff: boolean;
}

export interface SsoSiteSettings {
  localPasswordOff: boolean;
}

export interface SsoAuthorizeBody {
  id: number;
  /** a random string the browser keeps until the exchange: the code of the callback is only good with it */
  proof: string;
}

export interface SsoExchangeBody {
  code: string;
  proof: string;
}

export interface SsoLdapLoginBody {
  id: number;
  username: string;
  password: string;
}

export interface SsoTestResult {
  ok: boolean;
  detail: string;
}

/** The default attribute names of each kind of provider (what the admin form starts with). */
export const SSO_DEFAULT_MAPPING: Record<SsoType, SsoMapping> = {
  oidc: { username: 'preferred_username', email: 'email', realname: 'name', school: '', number: '', groups: '' },
  ldap: { username: 'uid', email: 'mail', realname: 'cn', school: 'o', number: 'employeeNumber', groups: '' },
  cas: { username: 'user', email: 'mail', realname: 'cn', school: '', number: '', groups: '' },
};

/** Refusals of the sso module (product §8 style; zh-CN in the kit's server-zh-CN). */
export const SSO_ERR = {
  providerNotFound: 'The sign-in provider does not exist or is turned off.',
  providerInvalid: 'The sign-in provider settings are not valid',
  providerNameExists: 'A sign-in provider with this name already exists.',
  stateInvalid: 'The sign-in request has expired or was already used, please sign in again.',
  proofInvalid: 'The sign-in proof is not valid, please sign in again.',
  codeInvalid: 'The sign-in code has expired or was already used, please sign in again.',
  providerRefused: 'The identity provider refused the sign-in.',
  providerUnreachable: 'The identity provider cannot be reached, please try again later.',
  tokenInvalid: 'Sign-in refused: the identity token could not be verified.',
  tokenSignature: 'Sign-in refused: the signature of the identity token is not valid.',
  tokenAudience: 'Sign-in refused: the identity token was issued for another application.',
  tokenIssuer: 'Sign-in refused: the identity token was issued by another provider.',
  tokenExpired: 'Sign-in refused: the identity token has expired.',
  tokenNonce: 'Sign-in refused: the identity token does not belong to this sign-in request.',
  ticketInvalid: 'Sign-in refused: the CAS ticket is not valid or was already used.',
  directoryUnavailable: 'The directory server cannot be reached, please try again later.',
  notInGroup: 'Sign-in refused: your account is not in a group allowed to sign in.',
  usernameMissing: 'Sign-in refused: the identity provider did not send a username.',
  noAccountToLink: 'No account here matches your identity; please ask an administrator.',
  usernameTaken: 'An account with this username already exists; please ask an administrator to link it.',
  localPasswordOff: 'Password login is turned off; please sign in through your organisation.',
} as const;
