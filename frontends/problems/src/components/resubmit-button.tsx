/**
 * Resubmit (GET /api/resubmit) of a Submitted Failed submission: offered to its owner on /status/:id and in the rows
 * of /status. A remote site that was down or refused the account leaves the submission there; once fixed, it is sent
 * again as it was.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { App, Button } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { resubmitSubmission } from '../api/problems';

export function ResubmitButton({ submitId, onDone, size = 'middle' }: { submitId: number; onDone: () => void; size?: 'small' | 'middle' }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size={size}
      icon={<SendOutlined />}
      loading={busy}
      data-testid={`resubmit-${submitId}`}
      onClick={async () => {
        setBusy(true);
        try {
          await resubmitSubmission(submitId);
          message.success(intl.formatMessage({ id: 'problems.status.resubmitted' }, { id: submitId }));
          onDone();
        } catch {
          // the client showed the server's text
        } finally {
          setBusy(false);
        }
      }}
    >
      {intl.formatMessage({ id: 'problems.status.resubmit' })}
    </Button>
  );
}
