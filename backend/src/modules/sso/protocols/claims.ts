import { SsoMapping } from '@oj/contracts';

/** What a provider vouched for: a stable subject (OIDC sub, directory DN, CAS user) and its attributes. */
export interface SsoClaims {
  subject: string;
  attributes: Record<string, unknown>;
}

/** The account fields a provider's attributes fill, by the provider's mapping. */
export interface MappedProfile {
  username: string | null;
  email: string | null;
  realname: string | null;
  school: string | null;
  number: string | null;
  groups: string[];
}

/** First value of an attribute as text (directories and CAS send lists; OIDC sends strings, numbers, lists). */
function text(value: unknown): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === null || v === undefined) return null;
  const s = (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)).trim();
  return s || null;
}

function list(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const values = Array.isArray(value) ? value : [value];
  return values.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)).trim()).filter(Boolean);
}

/** Attribute names compare without case (LDAP's `mail` may come back as `Mail`). */
function pick(attributes: Record<string, unknown>, name: string): unknown {
  if (!name) return undefined;
  if (name in attributes) return attributes[name];
  const lower = name.toLowerCase();
  const key = Object.keys(attributes).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : attributes[key];
}

export function mapProfile(attributes: Record<string, unknown>, mapping: SsoMapping): MappedProfile {
  return {
    username: text(pick(attributes, mapping.username)),
    email: text(pick(attributes, mapping.email)),
    realname: text(pick(attributes, mapping.realname)),
    school: text(pick(attributes, mapping.school)),
    number: text(pick(attributes, mapping.number)),
    groups: list(pick(attributes, mapping.groups)),
  };
}
