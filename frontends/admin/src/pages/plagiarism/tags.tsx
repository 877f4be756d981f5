/** The tags of the plagiarism screens: a check's status, a pair's review state, the comparison method. */
import { Tag, Tooltip, Typography } from 'antd';
import { PlagiarismCheckStatus, PlagiarismMethod, PlagiarismPairStatus } from '@oj/contracts';
import { useT } from '../../i18n';

/** Tag colour and message id of each status (ids written out so the i18n test finds them). */
const CHECK_STATUS: Record<PlagiarismCheckStatus, [string, string]> = {
  waiting: ['default', 'admin.plagiarism.statusWaiting'],
  running: ['processing', 'admin.plagiarism.statusRunning'],
  done: ['success', 'admin.plagiarism.statusDone'],
  failed: ['error', 'admin.plagiarism.statusFailed'],
};

export const PAIR_STATUS: Record<PlagiarismPairStatus, [string, string]> = {
  open: ['gold', 'admin.plagiarism.pairOpen'],
  confirmed: ['red', 'admin.plagiarism.pairConfirmed'],
  dismissed: ['default', 'admin.plagiarism.pairDismissed'],
};

export function CheckStatusTag({ status, testId }: { status: PlagiarismCheckStatus; testId?: string }) {
  const { t } = useT();
  const [color, id] = CHECK_STATUS[status];
  return (
    <Tag color={color} data-testid={testId} data-status={status}>
      {t(id)}
    </Tag>
  );
}

export function PairStatusTag({ status }: { status: PlagiarismPairStatus }) {
  const { t } = useT();
  const [color, id] = PAIR_STATUS[status];
  return (
    <Tag color={color} data-testid="plagiarism-pair-status" data-status={status}>
      {t(id)}
    </Tag>
  );
}

/** Tokens are the normal case; a pair compared by characters says why its figure deserves less trust. */
export function MethodTag({ method }: { method: PlagiarismMethod }) {
  const { t } = useT();
  if (method === 'tokens') return <Typography.Text type="secondary">{t('admin.plagiarism.methodTokens')}</Typography.Text>;
  return (
    <Tooltip title={t('admin.plagiarism.methodCharactersHint')}>
      <Tag color="orange" data-testid="plagiarism-method-characters">
        {t('admin.plagiarism.methodCharacters')}
      </Tag>
    </Tooltip>
  );
}
