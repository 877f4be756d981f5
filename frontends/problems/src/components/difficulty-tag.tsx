import { IntlShape, useIntl } from 'react-intl';
import { Tag } from 'antd';

const COLORS = ['green', 'cyan', 'blue', 'geekblue', 'purple', 'orange', 'red'];

/** The word of a problem level 0..6 (入门 … 极难); a level outside the scale keeps its number rather than a blank. */
export function difficultyWord(intl: IntlShape, level: number): string {
  return intl.formatMessage({ id: `kit.difficulty.${level}`, defaultMessage: String(level) });
}

/** Problem level 0..6 (product §3), shown as its word: a bare "难度 3" told a student nothing (issue 37 item 14). */
export function DifficultyTag({ level }: { level: number }) {
  const intl = useIntl();
  return (
    <Tag color={COLORS[level] ?? 'default'} data-testid="difficulty-tag" data-level={level}>
      {difficultyWord(intl, level)}
    </Tag>
  );
}
