import { useIntl } from 'react-intl';
import { Tag } from 'antd';

const COLORS = ['green', 'cyan', 'blue', 'geekblue', 'purple', 'orange', 'red'];

/** Problem level 0..6 (spec §3). */
export function DifficultyTag({ level }: { level: number }) {
  const intl = useIntl();
  return <Tag color={COLORS[level] ?? 'default'}>{intl.formatMessage({ id: 'problems.difficulty.level' }, { level })}</Tag>;
}
