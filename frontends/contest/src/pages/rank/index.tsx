/** /contest/:contestId/rank: the live board with auto refresh, star removal, followed users, seal notice. */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Card, Checkbox, Input, Select, Space } from 'antd';
import { CONTEST_RANK_PAGE_SIZE, ContestType } from '@oj/contracts';
import { useAuth } from '@oj/kit';
import { ScoreboardTable } from '../../components/scoreboard-table';
import { SealNotice } from '../../components/seal-notice';
import { boardRows } from '../../lib/rules';
import { loadConcerned, toggleConcerned } from '../../lib/storage';
import { useContest } from '../contest-detail/context';
import { useContestProblems } from '../problems/use-contest-problems';
import { RANK_REFRESH_OPTIONS_SEC, useContestRank } from './use-contest-rank';

export function ContestRankPage() {
  const intl = useIntl();
  const { cid, info, viewer, nowMs, status } = useContest();
  const { user } = useAuth();
  const { problems } = useContestProblems(cid, true, status);
  const [currentPage, setCurrentPage] = useState(1);
  const [limit, setLimit] = useState(CONTEST_RANK_PAGE_SIZE);
  const [keyword, setKeyword] = useState('');
  const [removeStar, setRemoveStar] = useState(false);
  const [onlyConcerned, setOnlyConcerned] = useState(false);
  const [concerned, setConcerned] = useState(() => loadConcerned(cid));
  const [refreshSec, setRefreshSec] = useState<number>(RANK_REFRESH_OPTIONS_SEC[0]);
  const { page, loading, forceRefresh } = useContestRank(
    {
      cid,
      currentPage,
      limit,
      keyword: keyword || undefined,
      removeStar,
      // Without onlyConcerned the server reads the list as HOJ does (copies of those rows pinned on page 1).
      concernedList: onlyConcerned ? concerned : undefined,
      onlyConcerned: onlyConcerned || undefined,
    },
    refreshSec,
  );
  // the server reads an empty follow list as "no filter": following nobody must show nobody
  const noneFollowed = onlyConcerned && concerned.length === 0;
  const rows = noneFollowed ? [] : boardRows(page?.records ?? [], currentPage, user?.uid);

  return (
    <Card data-testid="contest-rank">
      <SealNotice contest={info} nowMs={nowMs} isAdmin={viewer.isAdmin} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          style={{ width: 220 }}
          placeholder={intl.formatMessage({ id: 'contest.rank.search' })}
          onSearch={(v) => {
            setCurrentPage(1);
            setKeyword(v.trim());
          }}
        />
        <Checkbox checked={removeStar} onChange={(e) => setRemoveStar(e.target.checked)}>
          <FormattedMessage id="contest.rank.removeStar" />
        </Checkbox>
        <Checkbox checked={onlyConcerned} onChange={(e) => setOnlyConcerned(e.target.checked)} data-testid="rank-only-followed">
          <FormattedMessage id="contest.rank.onlyFollowed" />
        </Checkbox>
        <FormattedMessage id="contest.rank.autoRefresh" />
        <Select<number>
          style={{ width: 130 }}
          popupMatchSelectWidth={false}
          value={refreshSec}
          onChange={setRefreshSec}
          options={[
            { value: 0, label: intl.formatMessage({ id: 'contest.rank.refreshOff' }) },
            ...RANK_REFRESH_OPTIONS_SEC.map((s) => ({
              value: s,
              label: intl.formatMessage({ id: 'contest.rank.refreshEvery' }, { n: s }),
            })),
          ]}
          data-testid="rank-refresh"
        />
        {viewer.isAdmin && (
          <Button onClick={() => void forceRefresh()} loading={loading && !!page}>
            <FormattedMessage id="contest.rank.forceRefresh" />
          </Button>
        )}
      </Space>
      <ScoreboardTable
        type={info.type === ContestType.OI ? ContestType.OI : ContestType.ACM}
        rows={rows}
        problems={problems ?? []}
        loading={loading && !page}
        concerned={concerned}
        onToggleConcerned={(uid) => setConcerned(toggleConcerned(cid, uid))}
        pagination={{
          current: currentPage,
          pageSize: limit,
          total: noneFollowed ? 0 : (page?.total ?? 0),
          onChange: (p, s) => {
            setCurrentPage(p);
            setLimit(s);
          },
        }}
      />
    </Card>
  );
}
