import { FormattedMessage } from 'react-intl';
import { Button, Result } from 'antd';
import { openAccountDialog } from '@oj/kit';

/** Shown instead of a page that needs a login, with a button opening the login dialog. */
export function LoginRequired() {
  return (
    <Result
      status="403"
      title={<FormattedMessage id="problems.detail.loginRequired" />}
      extra={
        <Button type="primary" onClick={() => openAccountDialog('Login')}>
          <FormattedMessage id="problems.detail.login" />
        </Button>
      }
    />
  );
}
