import { SSO_ERR, SsoOidcSettings } from '@oj/contracts';
import { BaseClient, Issuer, custom, errors, generators } from 'openid-client';
import { ApiException, BadRequestError } from '../../../core/http/api.exception';
import { SsoClaims } from './claims';

/** Discovery documents and JWKS are kept this long per provider (a key rotation is picked up by openid-client itself). */
const ISSUER_CACHE_MS = 10 * 60_000;
const HTTP_TIMEOUT_MS = 8_000;

custom.setHttpOptionsDefaults({ timeout: HTTP_TIMEOUT_MS });

/** What a started login keeps server-side until the provider sends the browser back. */
export interface OidcPending {
  state: string;
  nonce: string;
  verifier: string;
}

/**
 * OpenID Connect, authorization code flow with PKCE (S256), through openid-client: discovery, the token request,
 * and the ID token's checks (issuer, audience, signature by the provider's JWKS, nonce, expiry, issue time).
 */
export class OidcProtocol {
  private readonly issuers = new Map<string, { issuer: Promise<Issuer<BaseClient>>; at: number }>();

  private issuer(settings: SsoOidcSettings): Promise<Issuer<BaseClient>> {
    const key = settings.issuer;
    const hit = this.issuers.get(key);
    if (hit && Date.now() - hit.at < ISSUER_CACHE_MS) return hit.issuer;
    const issuer = Issuer.discover(settings.issuer);
    // A failed discovery is not remembered: the next login tries again.
    issuer.catch(() => this.issuers.delete(key));
    this.issuers.set(key, { issuer, at: Date.now() });
    return issuer;
  }

  /** Forget a provider's discovery (its settings changed). */
  forget(settings: SsoOidcSettings): void {
    this.issuers.delete(settings.issuer);
  }

  private async client(settings: SsoOidcSettings, secret: string | null, redirectUri: string): Promise<BaseClient> {
    let issuer: Issuer<BaseClient>;
    try {
      issuer = await this.issuer(settings);
    } catch {
      throw new ApiException(502, SSO_ERR.providerUnreachable);
    }
    return new issuer.Client({
      client_id: settings.clientId,
      ...(secret ? { client_secret: secret } : {}),
      redirect_uris: [redirectUri],
      response_types: ['code'],
      token_endpoint_auth_method: secret ? 'client_secret_basic' : 'none',
    });
  }

  /** Where to send the browser, and what to keep until it comes back. */
  async start(settings: SsoOidcSettings, secret: string | null, redirectUri: string): Promise<{ url: string; pending: OidcPending }> {
    const client = await this.client(settings, secret, redirectUri);
    const pending: OidcPending = { state: generators.state(), nonce: generators.nonce(), verifier: generators.codeVerifier() };
    const scopes = new Set(['openid', ...settings.scope.split(/\s+/).filter(Boolean)]);
    const url = client.authorizationUrl({
      scope: [...scopes].join(' '),
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: generators.codeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      redirect_uri: redirectUri,
    });
    return { url, pending };
  }

  /** Exchanges the code (with the PKCE verifier), checks the ID token, and gives its claims with the userinfo's. */
  async finish(
    settings: SsoOidcSettings,
    secret: string | null,
    redirectUri: string,
    query: Record<string, string>,
    pending: OidcPending,
  ): Promise<SsoClaims> {
    const client = await this.client(settings, secret, redirectUri);
    try {
      const tokens = await client.callback(redirectUri, query, {
        state: pending.state,
        nonce: pending.nonce,
        code_verifier: pending.verifier,
        response_type: 'code',
      });
      const claims: Record<string, unknown> = { ...tokens.claims() };
      if (client.issuer.metadata.userinfo_endpoint && tokens.access_token) {
        // openid-client refuses a userinfo answer about another subject than the ID token's.
        Object.assign(claims, await client.userinfo(tokens), { sub: claims.sub });
      }
      return { subject: String(claims.sub), attributes: claims };
    } catch (e) {
      throw refusal(e);
    }
  }
}

/** The catalogue text of a failed OIDC callback (openid-client's messages are English prose, matched here). */
export function refusal(e: unknown): Error {
  if (e instanceof ApiException) return e;
  if (e instanceof errors.OPError) return new BadRequestError(SSO_ERR.providerRefused);
  if (e instanceof errors.RPError) {
    const m = e.message;
    if (/^state mismatch|state missing/.test(m)) return new BadRequestError(SSO_ERR.stateInvalid);
    if (/^nonce mismatch/.test(m)) return new BadRequestError(SSO_ERR.tokenNonce);
    if (/^JWT expired|^JWT issued too far in the past/.test(m)) return new BadRequestError(SSO_ERR.tokenExpired);
    if (/^aud |^azp |aud is missing|missing required JWT property azp/.test(m)) return new BadRequestError(SSO_ERR.tokenAudience);
    if (/^unexpected iss value|^iss mismatch/.test(m)) return new BadRequestError(SSO_ERR.tokenIssuer);
    if (/^failed to validate JWT signature|^unexpected JWT alg/.test(m)) return new BadRequestError(SSO_ERR.tokenSignature);
    return new BadRequestError(SSO_ERR.tokenInvalid);
  }
  // Connection refused, timeouts, a non-JSON answer: the provider is not answering as it should.
  return new ApiException(502, SSO_ERR.providerUnreachable);
}
