/**
 * The contest board: ACM (solved, penalty, per-problem time and tries) or OI (total and per-problem score). On a
 * virtual board (issue 35) the virtual participants' rows carry a "Virtual" tag and their own background.
 */
import type { HTMLAttributes } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { AcmRankRow, ContestRankRow, ContestType, OiRankRow } from '@oj/contracts';
import { formatClock, UserName } from '@oj/kit';
import { CELL_BACKGROUND, CellView, VIRTUAL_ROW_BACKGROUND, acmCell, oiCell, rankText } from './scoreboard-cells';

export interface BoardProblem {
  displayId: string;
  displayTitle: string;
  color: string | null;
  ac?: number;
  total?: number;
}

export interface ScoreboardTableProps {
  type: ContestType;
  rows: ContestRankRow[];
  problems: BoardProblem[];
  loading?: boolean;
  concerned?: string[];
  onToggleConcerned?: (uid: string) => void;
  pagination?: false | { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void };
}

function Cell({ view }: { view: CellView }) {
  return (
    <div
      data-kind={view.kind}
      style={{ background: CELL_BACKGROUND[view.kind], minHeight: 36, padding: '2px 4px', textAlign: 'center', lineHeight: '16px' }}
    >
      <div>{view.main}</div>
      <div style={{ fontSize: 12 }}>{view.sub}</div>
    </div>
  );
}

export function ScoreboardTable({ type, rows, problems, loading, concerned, onToggleConcerned, pagination }: ScoreboardTableProps) {
  const intl = useIntl();
  const oi = type === ContestType.OI;
  const columns: ColumnsType<ContestRankRow> = [
    { title: <FormattedMessage id="contest.rank.rank" />, dataIndex: 'rank', width: 64, fixed: 'left', render: (r: number) => rankText(r) },
    {
      title: <FormattedMessage id="contest.rank.user" />,
      key: 'user',
      width: 200,
      fixed: 'left',
      render: (_: unknown, row) => (
        <span data-testid="rank-user" data-username={row.username}>
          {onToggleConcerned && (
            <Tooltip title={intl.formatMessage({ id: 'contest.rank.follow' })}>
              <Button
                type="text"
                size="small"
                icon={concerned?.includes(row.uid) ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                onClick={() => onToggleConcerned(row.uid)}
              />
            </Tooltip>
          )}
          <UserName username={row.username} text={row.showName} />
          {row.isStar && (
            <Tag style={{ marginLeft: 4 }} color="gold">
              <FormattedMessage id="contest.rank.star" />
            </Tag>
          )}
          {row.isVirtual && (
            <Tag style={{ marginLeft: 4 }} color="blue" data-testid="virtual-row-tag">
              <FormattedMessage id="contest.rank.virtualTag" />
            </Tag>
          )}
          {row.school && <div style={{ fontSize: 12, color: '#888' }}>{row.school}</div>}
        </span>
      ),
    },
  ];
  if (oi) {
    columns.push({
      title: <FormattedMessage id="contest.rank.totalScore" />,
      key: 'score',
      width: 90,
      render: (_: unknown, r) => (r as OiRankRow).totalScore,
    });
  } else {
    columns.push(
      { title: <FormattedMessage id="contest.rank.solved" />, key: 'ac', width: 80, render: (_: unknown, r) => (r as AcmRankRow).ac },
      {
        title: <FormattedMessage id="contest.rank.penalty" />,
        key: 'penalty',
        width: 100,
        render: (_: unknown, r) => formatClock((r as AcmRankRow).totalTime),
      },
    );
  }
  for (const p of problems) {
    columns.push({
      title: (
        <Tooltip title={p.displayTitle}>
          <span>
            {p.color && (
              <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: p.color, marginRight: 4 }} />
            )}
            {p.displayId}
            {p.total !== undefined && (
              <div style={{ fontSize: 12, fontWeight: 'normal' }}>
                {p.ac}/{p.total}
              </div>
            )}
          </span>
        </Tooltip>
      ),
      key: `p-${p.displayId}`,
      width: 90,
      onCell: (r) => ({ style: { padding: 0, background: r.isVirtual ? VIRTUAL_ROW_BACKGROUND : undefined } }),
      render: (_: unknown, r) => (
        <Cell view={oi ? oiCell(r as OiRankRow, p.displayId) : acmCell((r as AcmRankRow).submissionInfo[p.displayId])} />
      ),
    });
  }
  // a virtual participant's row: its own background on every cell (fixed cells paint their own), verdicts on top
  for (const c of columns) c.onCell ??= (r) => ({ style: r.isVirtual ? { background: VIRTUAL_ROW_BACKGROUND } : undefined });
  return (
    <Table<ContestRankRow>
      data-testid="scoreboard"
      rowKey={(r) => `${r.uid}-${(r as { cid?: number }).cid ?? ''}`}
      onRow={(r) => ({ 'data-virtual': r.isVirtual ? 'true' : undefined }) as HTMLAttributes<HTMLElement>}
      size="small"
      bordered
      loading={loading}
      columns={columns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={pagination === false || !pagination ? false : { ...pagination, showSizeChanger: true }}
    />
  );
}
