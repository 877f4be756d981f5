/**
 * A real OpenID Provider for the sso tests: the `oidc-provider` package (an OpenID Certified implementation), run in
 * its own process because it is published as ES modules only. It listens on a free loopback port and prints
 * `{"issuer": "..."}` on its first line of output.
 *
 * Environment: OIDC_CLIENTS (JSON list of { client_id, client_secret, redirect_uris, mode }), OIDC_USERS (JSON map of
 * login → { password, claims }). A client's `mode` says what this provider does to the ID token of its token answer,
 * to play the attacker or the misconfigured provider the relying party must refuse:
 *   "good"     nothing;
 *   "tamper"   a claim changed after signing (the signature no longer matches);
 *   "audience" re-signed with the provider's key, for another audience;
 *   "expired"  re-signed with the provider's key, expired an hour ago.
 * The login and consent interactions are answered as JSON/HTTP so a test drives them without a browser:
 *   GET  /interaction/:uid          → { uid, prompt }
 *   POST /interaction/:uid/login    { login, password } → 303 back to the authorization (401 on a wrong password)
 *   POST /interaction/:uid/confirm  → grants the asked scopes and claims, 303 back to the authorization
 */
import { createServer } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, importJWK } from 'jose';
import Provider from 'oidc-provider';

const clients = JSON.parse(process.env.OIDC_CLIENTS ?? '[]');
const users = JSON.parse(process.env.OIDC_USERS ?? '{}');
const modes = Object.fromEntries(clients.map((c) => [c.client_id, c.mode ?? 'good']));

const { privateKey } = await generateKeyPair('RS256', { extractable: true });
const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
const signingKey = await importJWK(jwk, 'RS256');

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: clients.map(({ mode: _mode, ...c }) => ({
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    ...c,
  })),
  jwks: { keys: [jwk] },
  cookies: { keys: ['sso-test-cookie-key'] },
  // The claims go into the ID token as well as the userinfo (the relying party must read both).
  conformIdTokenClaims: false,
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'preferred_username', 'school', 'student_number', 'groups'],
  },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(_ctx, sub) {
    const user = users[sub];
    if (!user) return undefined;
    return { accountId: sub, claims: async () => ({ sub, ...user.claims }) };
  },
});

function b64json(part) {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

provider.use(async (ctx, next) => {
  await next();
  if (ctx.path !== '/token' || ctx.status !== 200 || !ctx.body || typeof ctx.body.id_token !== 'string') return;
  const mode = modes[ctx.oidc?.client?.clientId];
  if (!mode || mode === 'good') return;
  const [header, payload, signature] = ctx.body.id_token.split('.');
  const claims = b64json(payload);
  if (mode === 'tamper') {
    claims.preferred_username = 'someone_else';
    ctx.body = { ...ctx.body, id_token: `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}` };
    return;
  }
  if (mode === 'audience') claims.aud = 'another-application';
  if (mode === 'expired') {
    const now = Math.floor(Date.now() / 1000);
    claims.iat = now - 7200;
    claims.exp = now - 3600;
  }
  const resigned = await new SignJWT(claims).setProtectedHeader(b64json(header)).sign(signingKey);
  ctx.body = { ...ctx.body, id_token: resigned };
});

async function readJson(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body ? JSON.parse(body) : {};
}

const callback = provider.callback();
server.on('request', async (req, res) => {
  const match = /^\/interaction\/([^/?]+)(\/login|\/confirm)?$/.exec(req.url.split('?')[0]);
  if (!match) return callback(req, res);
  try {
    const details = await provider.interactionDetails(req, res);
    if (!match[2]) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ uid: details.uid, prompt: details.prompt.name }));
    }
    if (match[2] === '/login') {
      const { login, password } = await readJson(req);
      if (!users[login] || users[login].password !== password) {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify({ error: 'wrong login or password' }));
      }
      return await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    }
    const { prompt, params, session } = details;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
    if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
    if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
    const grantId = await grant.save();
    return await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  } catch (e) {
    res.writeHead(400, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: String(e?.message ?? e) }));
  }
});

process.stdout.write(JSON.stringify({ issuer }) + '\n');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
