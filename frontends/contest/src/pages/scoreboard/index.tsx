/**
 * /contest/acm-scoreboard/:contestId and /contest/oi-scoreboard/:contestId: the public board (no login),
 * with the seal applied by the server, paged; other contests of the same type are ranked together with it
 * with ?cids=2,3 (HOJ's externalCidList).
 */
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useParams, useSearchParams, Link } from 'react-router-dom';
import { Card, Checkbox, Space, Spin, Typography } from 'antd';
import { ContestOutsideInfo, ContestRankRow, ContestType } from '@oj/contracts';
import { useAuth, BackToList, NotFoundResult } from '@oj/kit';
import { getContestOutsideInfo, getOutsideScoreboard } from '../../api/contest';
import { ContestStatusTag } from '../../components/contest-tags';
import { ContestCountdown } from '../../components/contest-countdown';
import { SealNotice } from '../../components/seal-notice';
import { ScoreboardTable } from '../../components/scoreboard-table';
import { serverOffsetMs, useContestClock } from '../../lib/clock';
import { isContestAdmin } from '../../lib/rules';
import { RANK_REFRESH_OPTIONS_SEC } from '../rank/use-contest-rank';

/** Rows per page of the public board (HOJ's default). */
const PAGE_SIZE = 50;

/** `?cids=2,3`: the other contests ranked with this one (positive ids, not this one, at most 10 as the server allows). */
export function parseCids(param: string, self: number): number[] {
  const ids = param
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0 && n !== self);
  return [...new Set(ids)].slice(0, 10);
}

export function PublicScoreboardPage({ type }: { type: ContestType }) {
  const { contestId = '' } = useParams();
  const { user, isRoot } = useAuth();
  const cid = Number(contestId);
  const [search] = useSearchParams();
  const cidsParam = search.get('cids') ?? '';
  const externalCidList = useMemo(() => parseCids(cidsParam, cid), [cidsParam, cid]);
  const [outside, setOutside] = useState<ContestOutsideInfo | null>(null);
  const [offset, setOffset] = useState(0);
  const [failed, setFailed] = useState(false);
  const [rows, setRows] = useState<ContestRankRow[] | null>(null);
  const [page, setPage] = useState({ current: 1, pageSize: PAGE_SIZE, total: 0 });
  const [removeStar, setRemoveStar] = useState(false);
  const clock = useContestClock(outside?.contest, offset);

  useEffect(() => {
    let alive = true;
    getContestOutsideInfo(cid)
      .then(({ data, receivedAt }) => {
        if (!alive) return;
        setOutside(data);
        setOffset(serverOffsetMs(data.contest.now, receivedAt));
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [cid]);

  useEffect(() => {
    let alive = true;
    const load = () =>
      getOutsideScoreboard({ cid, removeStar, currentPage: page.current, limit: page.pageSize, externalCidList })
        .then((r) => {
          if (!alive) return;
          setRows(r.records);
          setPage((p) => (p.total === r.total ? p : { ...p, total: r.total }));
        })
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, RANK_REFRESH_OPTIONS_SEC[1] * 1000);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [cid, removeStar, page.current, page.pageSize, externalCidList]);

  if (failed || !Number.isInteger(cid))
    return (
      <NotFoundResult
        title={<FormattedMessage id="contest.detail.notFound" />}
        back={
          <Link to="/">
            <BackToList />
          </Link>
        }
      />
    );
  if (!outside || !clock) return <Spin style={{ display: 'block', margin: 48 }} />;
  const boardType = outside.contest.type ?? type;
  return (
    <Card data-testid="public-scoreboard">
      <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {outside.contest.title} ·{' '}
          <FormattedMessage id={boardType === ContestType.OI ? 'contest.scoreboard.oiTitle' : 'contest.scoreboard.acmTitle'} />
        </Typography.Title>
        <Space wrap>
          <ContestStatusTag status={clock.status} />
          <ContestCountdown countdown={clock.countdown} startTime={outside.contest.startTime} />
          <Checkbox
            checked={removeStar}
            onChange={(e) => {
              setRemoveStar(e.target.checked);
              setPage((p) => ({ ...p, current: 1 }));
            }}
          >
            <FormattedMessage id="contest.rank.removeStar" />
          </Checkbox>
        </Space>
        {externalCidList.length > 0 && (
          <Typography.Text type="secondary" data-testid="merged-contests">
            <FormattedMessage id="contest.scoreboard.merged" values={{ cids: externalCidList.map((c) => `#${c}`).join(', ') }} />
          </Typography.Text>
        )}
      </Space>
      <SealNotice contest={outside.contest} nowMs={clock.now} isAdmin={isContestAdmin(user, isRoot, outside.contest.uid)} />
      <ScoreboardTable
        type={boardType}
        rows={rows ?? []}
        problems={outside.problemList}
        loading={!rows}
        pagination={{ ...page, onChange: (current, pageSize) => setPage((p) => ({ ...p, current, pageSize })) }}
      />
    </Card>
  );
}
