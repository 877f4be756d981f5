/**
 * /contest/:contestId/rank: the live board with auto refresh, star removal, followed users, seal notice. A caller
 * with a virtual run (issue 35) switches between it and the virtual board (`?board=virtual`): the board at their
 * elapsed time with the virtual participants marked, polled while the run is running.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Checkbox, Input, Radio, Select, Space } from 'antd';
import { CONTEST_RANK_PAGE_SIZE, ContestType } from '@oj/contracts';
import { useAuth } from '@oj/kit';
import { ScoreboardTable } from '../../components/scoreboard-table';
import { SealNotice } from '../../components/seal-notice';
import { boardRows } from '../../lib/rules';
import { loadConcerned, toggleConcerned } from '../../lib/storage';
import { boardClock, runElapsedMs } from '../../lib/virtual';
import { useContest } from '../contest-detail/context';
import { useVirtual } from '../contest-detail/virtual-context';
import { useContestProblems } from '../problems/use-contest-problems';
import { RANK_REFRESH_OPTIONS_SEC, useContestRank } from './use-contest-rank';
import { useVirtualRank } from './use-virtual-rank';

type Board = 'official' | 'virtual';

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
  const virtual = useVirtual();
  const [params, setParams] = useSearchParams();
  const wantsVirtual = params.get('board') === 'virtual';
  const hasRun = !!virtual.run;
  const board: Board = hasRun && wantsVirtual ? 'virtual' : 'official';
  // `?board=virtual` while the run is still being read: wait for it rather than read the official board first
  const waitingForRun = wantsVirtual && virtual.enabled && !virtual.loaded;
  const chooseBoard = (b: Board) => {
    setCurrentPage(1);
    setParams(b === 'virtual' ? { board: 'virtual' } : {}, { replace: true });
  };
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
    board === 'official' && !waitingForRun,
  );
  const virtualRank = useVirtualRank(
    { cid, currentPage, limit, keyword: keyword || undefined },
    board === 'virtual',
    virtual.phase === 'running',
  );
  // the server reads an empty follow list as "no filter": following nobody must show nobody
  const noneFollowed = board === 'official' && onlyConcerned && concerned.length === 0;
  // the virtual board lists every user once, the caller's row in its place (no copy pinned on top)
  const rows =
    board === 'virtual' ? (virtualRank.page?.records ?? []) : noneFollowed ? [] : boardRows(page?.records ?? [], currentPage, user?.uid);
  const shown = board === 'virtual' ? virtualRank : { page, loading };
  const elapsedMs = virtualRank.page?.elapsedMs ?? (virtual.run ? runElapsedMs(virtual.run, Date.now() + virtual.offsetMs) : 0);

  return (
    <Card data-testid="contest-rank" data-board={board}>
      {hasRun && (
        <div style={{ marginBottom: 16 }}>
          <Radio.Group
            optionType="button"
            value={board}
            onChange={(e) => chooseBoard(e.target.value as Board)}
            data-testid="virtual-rank-switch"
            options={[
              { value: 'official', label: intl.formatMessage({ id: 'contest.rank.official' }) },
              { value: 'virtual', label: intl.formatMessage({ id: 'contest.rank.virtualAt' }, { clock: boardClock(elapsedMs) }) },
            ]}
          />
        </div>
      )}
      {board === 'official' && <SealNotice contest={info} nowMs={nowMs} isAdmin={viewer.isAdmin} />}
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
        {board === 'official' && (
          <>
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
          </>
        )}
      </Space>
      <ScoreboardTable
        type={info.type === ContestType.OI ? ContestType.OI : ContestType.ACM}
        rows={rows}
        problems={problems ?? []}
        loading={shown.loading && !shown.page}
        concerned={concerned}
        onToggleConcerned={(uid) => setConcerned(toggleConcerned(cid, uid))}
        pagination={{
          current: currentPage,
          pageSize: limit,
          total: noneFollowed ? 0 : (shown.page?.total ?? 0),
          onChange: (p, s) => {
            setCurrentPage(p);
            setLimit(s);
          },
        }}
      />
    </Card>
  );
}
