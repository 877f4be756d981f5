import { SSO_ERR, SsoCasSettings } from '@oj/contracts';
import { XMLParser } from 'fast-xml-parser';
import { ApiException, BadRequestError } from '../../../core/http/api.exception';
import { SsoClaims } from './claims';

const HTTP_TIMEOUT_MS = 8_000;

const parser = new XMLParser({
  // cas:serviceResponse → serviceResponse: the prefix is whatever the server declared for the CAS namespace.
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
});

const casBase = (settings: SsoCasSettings) => settings.baseUrl.replace(/\/+$/, '');

/**
 * CAS 2.0 / 3.0 (the CAS Protocol specification): the browser is sent to `<cas>/login?service=`, comes back with a
 * service ticket, and the ticket is validated once, server to server, at `/p3/serviceValidate` (3.0, with the
 * released attributes) or `/serviceValidate` (2.0) with the exact same service address.
 */
export class CasProtocol {
  loginUrl(settings: SsoCasSettings, service: string): string {
    return `${casBase(settings)}/login?service=${encodeURIComponent(service)}`;
  }

  async validate(settings: SsoCasSettings, service: string, ticket: string): Promise<SsoClaims> {
    const path = settings.version === '2.0' ? '/serviceValidate' : '/p3/serviceValidate';
    const url = `${casBase(settings)}${path}?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket)}`;
    let body: string;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS), redirect: 'error' });
      body = await res.text();
    } catch {
      throw new ApiException(502, SSO_ERR.providerUnreachable);
    }
    return parseValidation(body);
  }

  /** The login page answers (the admin page's "test connection"). */
  async test(settings: SsoCasSettings, service: string): Promise<string> {
    const res = await fetch(this.loginUrl(settings, service), { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS), redirect: 'manual' });
    return `login page answered HTTP ${res.status}`;
  }
}

/** The user and attributes of an authenticationSuccess; a failure or anything else is an invalid ticket. */
export function parseValidation(xml: string): SsoClaims {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new ApiException(502, SSO_ERR.providerUnreachable);
  }
  const response = doc.serviceResponse as Record<string, unknown> | undefined;
  const success = response?.authenticationSuccess as Record<string, unknown> | undefined;
  if (!success) throw new BadRequestError(SSO_ERR.ticketInvalid);
  const user = typeof success.user === 'string' ? success.user.trim() : '';
  if (!user) throw new BadRequestError(SSO_ERR.ticketInvalid);
  const attributes: Record<string, unknown> = {};
  const released = success.attributes;
  if (released && typeof released === 'object') {
    for (const [name, value] of Object.entries(released as Record<string, unknown>)) {
      if (name.startsWith('@')) continue;
      attributes[name] = Array.isArray(value) ? value.map(String) : String(value);
    }
  }
  attributes.user = user;
  return { subject: user, attributes };
}
