/**
 * Virtual participation on the contest's screens (issue 35): the card on the overview of an ended contest (start
 * after a confirmation, or where the caller's run stands) and the banner over every screen while the run is
 * running, with its countdown by the server's clock and a link to the virtual board.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Modal, Space, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { formatDateTime } from '@oj/kit';
import { ContestCountdown, useHumanDuration } from '../../components/contest-countdown';
import { contestCountdown, useServerNow } from '../../lib/clock';
import { VIRTUAL_BOARD_QUERY } from '../../lib/virtual';
import { useContest } from './context';
import { useVirtual } from './virtual-context';

function VirtualBoardLink({ cid }: { cid: number }) {
  return (
    <Link to={`/${cid}/rank?${VIRTUAL_BOARD_QUERY}`} data-testid="virtual-board-link">
      <FormattedMessage id="contest.virtual.boardLink" />
    </Link>
  );
}

/** Over every screen of the contest while the caller's run is running. */
export function VirtualBanner({ cid }: { cid: number }) {
  const { run, phase, offsetMs } = useVirtual();
  const nowMs = useServerNow(offsetMs);
  if (!run || phase !== 'running') return null;
  return (
    <div data-testid="virtual-banner" style={{ marginBottom: 16 }}>
      <Alert
        type="info"
        showIcon
        message={
          <Space wrap>
            <Typography.Text>
              <FormattedMessage id="contest.virtual.banner" />
            </Typography.Text>
            <ContestCountdown countdown={contestCountdown(run, nowMs)} startTime={run.startTime} testId="virtual-countdown" />
            <VirtualBoardLink cid={cid} />
          </Space>
        }
      />
    </div>
  );
}

/** On the overview of an ended contest that allows it: start a run, or where the caller's run stands. */
export function VirtualCard() {
  const intl = useIntl();
  const human = useHumanDuration();
  const { cid, info } = useContest();
  const { enabled, loaded, run, phase, starting, start } = useVirtual();
  const [confirming, setConfirming] = useState(false);
  if (!enabled || !loaded) return null;
  return (
    <Card
      title={<FormattedMessage id="contest.virtual.title" />}
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="virtual-card"
      data-phase={phase}
    >
      {phase === 'none' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            <FormattedMessage id="contest.virtual.intro" />
          </Typography.Text>
          <div>
            <Button type="primary" onClick={() => setConfirming(true)} data-testid="virtual-start">
              <FormattedMessage id="contest.virtual.start" />
            </Button>
          </div>
          <Modal
            open={confirming}
            title={intl.formatMessage({ id: 'contest.virtual.confirmTitle' })}
            okText={intl.formatMessage({ id: 'contest.virtual.confirmOk' })}
            cancelText={intl.formatMessage({ id: 'contest.virtual.cancel' })}
            confirmLoading={starting}
            okButtonProps={{ 'data-testid': 'virtual-confirm' } as ButtonProps}
            onOk={async () => {
              // a refusal is shown by the client (the server's text); the dialog closes either way
              await start();
              setConfirming(false);
            }}
            onCancel={() => setConfirming(false)}
          >
            <Typography.Paragraph data-testid="virtual-confirm-text">
              <FormattedMessage id="contest.virtual.confirmText" values={{ duration: human(info.duration) }} />
            </Typography.Paragraph>
          </Modal>
        </Space>
      )}
      {phase === 'running' && run && (
        <Space wrap>
          <Typography.Text>
            <FormattedMessage id="contest.virtual.running" values={{ time: formatDateTime(run.endTime) }} />
          </Typography.Text>
          <VirtualBoardLink cid={cid} />
        </Space>
      )}
      {phase === 'ended' && (
        <Space wrap>
          <Typography.Text>
            <FormattedMessage id="contest.virtual.ended" />
          </Typography.Text>
          <VirtualBoardLink cid={cid} />
        </Space>
      )}
    </Card>
  );
}
