/** /contest/:contestId/print: send text to the contest's printer (product §5: at least 50 characters). */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Button, Card, Input, Result } from 'antd';
import { LIMITS } from '@oj/contracts';
import { submitPrintText } from '../../api/contest';
import { useContest } from '../contest-detail/context';

/** Product §5 "Print text": not empty, at least 50 characters; returns the message id of the failure. */
export function printTextProblem(content: string): string | null {
  if (!content.trim()) return 'contest.print.empty';
  if (content.length < LIMITS.printContentMin) return 'contest.print.tooShort';
  return null;
}

export function ContestPrintPage() {
  const intl = useIntl();
  const { message } = App.useApp();
  const { cid, info } = useContest();
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  if (!info.openPrint) return <Result status="info" title={<FormattedMessage id="contest.print.closed" />} />;
  const send = async () => {
    const bad = printTextProblem(content);
    if (bad) return void message.error(intl.formatMessage({ id: bad }, { min: LIMITS.printContentMin }));
    setBusy(true);
    try {
      await submitPrintText(cid, content);
      message.success(intl.formatMessage({ id: 'contest.print.sent' }));
      setContent('');
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid="contest-print" title={<FormattedMessage id="contest.menu.print" />}>
      <Input.TextArea
        value={content}
        onChange={(e) => setContent(e.target.value)}
        autoSize={{ minRows: 12 }}
        style={{ fontFamily: 'monospace' }}
        placeholder={intl.formatMessage({ id: 'contest.print.placeholder' }, { min: LIMITS.printContentMin })}
      />
      <div style={{ marginTop: 12, textAlign: 'right' }}>
        <Button type="primary" loading={busy} onClick={send}>
          <FormattedMessage id="contest.print.submit" />
        </Button>
      </div>
    </Card>
  );
}
