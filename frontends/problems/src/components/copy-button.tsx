import { useIntl } from 'react-intl';
import { App, Button } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { copyText } from '@oj/kit';

export function CopyButton({ text }: { text: string }) {
  const intl = useIntl();
  const { message } = App.useApp();
  return (
    <Button
      size="small"
      type="text"
      icon={<CopyOutlined />}
      aria-label={intl.formatMessage({ id: 'problems.detail.copy' })}
      onClick={async () =>
        (await copyText(text))
          ? message.success(intl.formatMessage({ id: 'kit.copy.done' }))
          : message.error(intl.formatMessage({ id: 'kit.copy.failed' }))
      }
    />
  );
}
