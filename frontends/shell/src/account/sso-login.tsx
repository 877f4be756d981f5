/**
 * Single sign-on in the login dialog (issue 36): one button per enabled provider. An OIDC or CAS button sends the
 * browser to the provider (the shell's /sso-callback page finishes the login); an LDAP button turns the dialog's
 * form into that directory's login (the same name and password fields, posted to /api/sso/ldap-login).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Space } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { SSO_LIMITS, SsoPublicInfo, SsoPublicProvider } from '@oj/contracts';
import { api, call } from '@oj/kit';

/** Where the browser keeps its proof between leaving for the provider and the callback page (this tab only). */
export const SSO_PROOF_KEY = 'oj-sso-proof';

/** A random proof: the callback's one-time code is only good with it, so a code sent to another browser is useless. */
export function newProof(): string {
  const bytes = new Uint8Array(SSO_LIMITS.proofMin / 2);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The enabled providers (an older backend without the route answers an error: then there are none). */
export function useSsoInfo(): SsoPublicInfo | null {
  const [info, setInfo] = useState<SsoPublicInfo | null>(null);
  useEffect(() => {
    let live = true;
    call<SsoPublicInfo>(api.get('/sso/providers'))
      .then((i) => live && setInfo(i))
      .catch(() => live && setInfo({ providers: [], localPasswordOff: false }));
    return () => {
      live = false;
    };
  }, []);
  return info;
}

/** Sends the browser to an OIDC or CAS provider. */
export async function startRedirectLogin(provider: SsoPublicProvider, go: (url: string) => void = (u) => window.location.assign(u)) {
  const proof = newProof();
  sessionStorage.setItem(SSO_PROOF_KEY, proof);
  const { url } = await call<{ url: string }>(api.post('/sso/authorize', { id: provider.id, proof }));
  go(url);
}

export function SsoButtons({
  info,
  t,
  onDirectory,
  go,
}: {
  info: SsoPublicInfo;
  t: (id: string) => string;
  /** An LDAP provider was chosen: the form logs in through it. */
  onDirectory: (provider: SsoPublicProvider) => void;
  /** How the browser leaves for a provider (a test records it). */
  go?: (url: string) => void;
}) {
  const [busy, setBusy] = useState<number | null>(null);
  if (!info.providers.length) return null;
  const click = async (p: SsoPublicProvider) => {
    if (p.type === 'ldap') return onDirectory(p);
    setBusy(p.id);
    try {
      await startRedirectLogin(p, go);
    } catch {
      // the client showed the server's text
    } finally {
      setBusy(null);
    }
  };
  return (
    <div data-testid="sso-buttons">
      <Divider plain style={{ margin: '12px 0' }}>
        {t('shell.sso.or')}
      </Divider>
      <Space direction="vertical" style={{ width: '100%' }}>
        {info.providers.map((p) => (
          <Button
            key={p.id}
            block
            icon={<LoginOutlined />}
            loading={busy === p.id}
            onClick={() => void click(p)}
            data-testid={`sso-provider-${p.id}`}
          >
            {t('shell.sso.loginWith').replace('{name}', p.name)}
          </Button>
        ))}
      </Space>
    </div>
  );
}

/** Shown above the form while it logs in through a directory, or while passwords are for admins only. */
export function SsoNotice({
  directory,
  info,
  t,
}: {
  directory: SsoPublicProvider | null;
  info: SsoPublicInfo | null;
  t: (id: string) => string;
}) {
  if (directory) {
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('shell.sso.directoryLogin').replace('{name}', directory.name)}
        data-testid="sso-directory-notice"
      />
    );
  }
  if (info?.localPasswordOff && info.providers.length) {
    return (
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('shell.sso.passwordsForAdmins')} data-testid="sso-password-off" />
    );
  }
  return null;
}
