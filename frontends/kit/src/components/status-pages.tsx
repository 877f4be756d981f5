import { Button, Result, Spin } from 'antd';
import { FormattedMessage } from 'react-intl';

const goHome = () => {
  window.history.pushState(null, '', '/home');
};

/** A translated "coming soon" page for areas not built yet (never a blank screen). */
export function ComingSoon() {
  return (
    <div data-testid="coming-soon">
      <Result
        status="info"
        title={<FormattedMessage id="kit.comingSoon.title" />}
        subTitle={<FormattedMessage id="kit.comingSoon.description" />}
        extra={
          <Button type="primary" onClick={goHome}>
            <FormattedMessage id="kit.common.backHome" />
          </Button>
        }
      />
    </div>
  );
}

export function NotFound() {
  return (
    <div data-testid="not-found">
      <Result
        status="404"
        title={<FormattedMessage id="kit.notFound.title" />}
        subTitle={<FormattedMessage id="kit.notFound.description" />}
        extra={
          <Button type="primary" onClick={goHome}>
            <FormattedMessage id="kit.common.backHome" />
          </Button>
        }
      />
    </div>
  );
}

export function PageLoading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}
