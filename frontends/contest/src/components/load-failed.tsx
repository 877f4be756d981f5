import { FormattedMessage } from 'react-intl';
import { Button, Result } from 'antd';

export function LoadFailed() {
  return (
    <Result
      status="error"
      title={<FormattedMessage id="kit.loadError.title" defaultMessage="The page failed to load" />}
      extra={
        <Button onClick={() => window.location.reload()}>
          <FormattedMessage id="kit.loadError.retry" defaultMessage="Reload" />
        </Button>
      }
    />
  );
}
