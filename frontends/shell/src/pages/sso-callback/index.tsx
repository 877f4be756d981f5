/**
 * /sso-callback: where a redirect login (OIDC, CAS) ends. The backend's callback sent the browser here with a
 * one-time `code`, which this page exchanges, with the proof this tab kept, for the session token (as a password
 * login gives it); or with `error` (a message code) and `msg`, shown in the user's language.
 */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { App, Button, Card, Result, Spin } from 'antd';
import { UserInfo } from '@oj/contracts';
import { ApiError, api, localizeServerMessage, openAccountDialog, saveLogin } from '@oj/kit';
import { SSO_PROOF_KEY } from '../../account/sso-login';

export function SsoCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const code = params.get('code');
  const [failure, setFailure] = useState<string | null>(() =>
    code ? null : localizeServerMessage(params.get('msg') ?? '', params.get('error') || undefined),
  );
  const started = useRef(false);

  useEffect(() => {
    // Once: a code is good for one exchange (React's development double effect must not spend it twice).
    if (!code || started.current) return;
    started.current = true;
    const proof = sessionStorage.getItem(SSO_PROOF_KEY) ?? '';
    sessionStorage.removeItem(SSO_PROOF_KEY);
    api
      .post('/sso/exchange', { code, proof })
      .then((res) => {
        saveLogin(String(res.headers['authorization'] ?? ''), res.data.data as UserInfo);
        message.success(<FormattedMessage id="shell.account.loginSuccess" />);
        navigate('/home', { replace: true });
      })
      .catch((e: unknown) => setFailure(e instanceof ApiError ? e.message : String(e)));
  }, [code, message, navigate]);

  return (
    <Card style={{ maxWidth: 480, margin: '24px auto' }} data-testid="sso-callback">
      {failure !== null ? (
        <Result
          status="warning"
          title={<FormattedMessage id="shell.sso.failed" />}
          subTitle={failure}
          extra={
            <Button type="primary" onClick={() => openAccountDialog('Login')}>
              <FormattedMessage id="shell.sso.tryAgain" />
            </Button>
          }
        />
      ) : (
        <Result icon={<Spin />} title={<FormattedMessage id="shell.sso.finishing" />} />
      )}
    </Card>
  );
}
