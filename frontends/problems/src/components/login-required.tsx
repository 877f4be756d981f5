import { FormattedMessage } from 'react-intl';
import { Button, Result } from 'antd';
import { openAccountDialog } from '@oj/kit';

/** What a visitor was about to see: the page's own words, not the problem page's (issue 37 item 13). */
const TITLE_IDS = {
  problem: 'problems.loginRequired.problem',
  status: 'problems.loginRequired.status',
  discussion: 'problems.loginRequired.discussion',
  training: 'problems.loginRequired.training',
} as const;

/** Shown instead of a page that needs a login, with a button opening the login dialog. */
export function LoginRequired({ what }: { what: keyof typeof TITLE_IDS }) {
  return (
    // antd's Result passes no data-* attribute through: the wrapper carries the test id.
    <div data-testid="login-required">
      <Result
        status="403"
        title={<FormattedMessage id={TITLE_IDS[what]} />}
        extra={
          <Button type="primary" onClick={() => openAccountDialog('Login')}>
            <FormattedMessage id="problems.detail.login" />
          </Button>
        }
      />
    </div>
  );
}
