import { Button, Result, Spin } from 'antd';
import { FormattedMessage } from 'react-intl';

const goHome = () => {
  window.history.pushState(null, '', '/home');
};

/** A translated "coming soon" page for areas not built yet (never a blank screen). */
export function ComingSoon() {
  return (
    <Result
      status="info"
      data-testid="coming-soon"
      title={<FormattedMessage id="kit.comingSoon.title" />}
      subTitle={<FormattedMessage id="kit.comingSoon.description" />}
      extra={
        <Button type="primary" onClick={goHome}>
          <FormattedMessage id="kit.common.backHome" />
        </Button>
      }
    />
  );
}

export function NotFound() {
  return (
    <Result
      status="404"
      data-testid="not-found"
      title={<FormattedMessage id="kit.notFound.title" />}
      subTitle={<FormattedMessage id="kit.notFound.description" />}
      extra={
        <Button type="primary" onClick={goHome}>
          <FormattedMessage id="kit.common.backHome" />
        </Button>
      }
    />
  );
}

export function PageLoading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}
