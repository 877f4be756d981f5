/**
 * Rejudge one submission (GET admin/judge/rejudge): offered to site admins on /status and /status/:id; the server
 * decides (a contest's submission only by that contest's admins) and its refusal is shown by the client.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { App, Button, Popconfirm } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { rejudgeSubmission } from '../api/problems';

export function RejudgeButton({ submitId, onDone, size = 'small' }: { submitId: number; onDone: () => void; size?: 'small' | 'middle' }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Popconfirm
      title={intl.formatMessage({ id: 'problems.status.rejudgeConfirm' }, { id: submitId })}
      okText={intl.formatMessage({ id: 'problems.status.rejudge' })}
      onConfirm={async () => {
        setBusy(true);
        try {
          await rejudgeSubmission(submitId);
          message.success(intl.formatMessage({ id: 'problems.status.rejudged' }, { id: submitId }));
          onDone();
        } catch {
          // the client showed the server's text
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button size={size} icon={<RedoOutlined />} loading={busy} data-testid={`rejudge-${submitId}`}>
        {intl.formatMessage({ id: 'problems.status.rejudge' })}
      </Button>
    </Popconfirm>
  );
}
