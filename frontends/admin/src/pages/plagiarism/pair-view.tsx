/**
 * One pair of the plagiarism check, in a drawer: both programs side by side (stacked below the lg breakpoint) with line
 * numbers, each matching region in its own colour on both sides; a click on a region's line scrolls the other program
 * to its counterpart. The review buttons confirm, dismiss or reopen the pair; confirming a contest pair can also move
 * its users to the contest's unofficial (star) list.
 */
import { App, Button, Checkbox, Descriptions, Drawer, Empty, Grid, Space, Spin, Tag, Typography } from 'antd';
import { RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PlagiarismPairDetail, PlagiarismPairStatus, PlagiarismPairView, PlagiarismRegion, ReviewPlagiarismPairBody } from '@oj/contracts';
import { useT } from '../../i18n';
import { getPlagiarismPair, reviewPlagiarismPair } from './api';
import { codeLines, lineRegions, percent, regionColour, regionEdge, regionLines, Side } from './regions';
import { MethodTag, PairStatusTag } from './tags';

/** Lines left above a region's first line when a pane scrolls to it, so the reader sees what leads into it. */
const LINES_ABOVE = 2;

/** Scrolls a code pane (not the page) so that `line` shows near its top. */
function scrollPaneTo(pane: HTMLDivElement | null, line: number) {
  const row = pane?.querySelector<HTMLElement>(`[data-line="${Math.max(1, line - LINES_ABOVE)}"]`);
  if (pane && row) pane.scrollTop = row.offsetTop;
}

function CodePane({
  side,
  pair,
  active,
  paneRef,
  onPick,
}: {
  side: Side;
  pair: PlagiarismPairDetail;
  active: number | null;
  paneRef: RefObject<HTMLDivElement>;
  onPick: (region: number, side: Side) => void;
}) {
  const { t } = useT();
  const lines = codeLines(side === 'a' ? pair.aCode : pair.bCode);
  const regionOf = lineRegions(pair.regions, side, lines.length);
  const gutter = `${String(lines.length).length + 1}ch`;
  return (
    <div>
      <Typography.Text strong>
        {t('admin.plagiarism.program', {
          side: side.toUpperCase(),
          username: side === 'a' ? pair.aUsername : pair.bUsername,
          id: side === 'a' ? pair.aSubmitId : pair.bSubmitId,
        })}
      </Typography.Text>
      {/* positioned, so a line's offsetTop is measured from the pane's top */}
      <div
        ref={paneRef}
        data-testid={`plagiarism-code-${side}`}
        style={{
          position: 'relative',
          maxHeight: '65vh',
          overflow: 'auto',
          marginTop: 4,
          border: '1px solid #f0f0f0',
          background: '#fafafa',
          fontFamily: 'SFMono-Regular, Consolas, "Liberation Mono", Menlo, monospace',
          fontSize: 12,
          lineHeight: '18px',
        }}
      >
        {/* as wide as the longest line, so a region's colour runs under all of it when the pane scrolls sideways */}
        <div style={{ minWidth: '100%', width: 'max-content' }}>
          {lines.map((text, i) => {
            const line = i + 1;
            const region = regionOf[line];
            const inRegion = region !== undefined;
            return (
              <div
                key={line}
                data-line={line}
                data-region={region}
                title={inRegion ? t('admin.plagiarism.jumpHint') : undefined}
                onClick={inRegion ? () => onPick(region, side) : undefined}
                style={{
                  display: 'flex',
                  background: inRegion ? regionColour(region) : undefined,
                  boxShadow: inRegion && region === active ? `inset 3px 0 0 ${regionEdge(region)}` : undefined,
                  cursor: inRegion ? 'pointer' : undefined,
                }}
              >
                <span style={{ flex: 'none', width: gutter, paddingRight: 8, textAlign: 'right', color: '#8c8c8c', userSelect: 'none' }}>
                  {line}
                </span>
                <span style={{ whiteSpace: 'pre', paddingRight: 8 }}>{text || ' '}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** The regions as coloured tags; a click scrolls both programs to that region. */
function RegionLegend({
  regions,
  active,
  onPick,
}: {
  regions: PlagiarismRegion[];
  active: number | null;
  onPick: (region: number) => void;
}) {
  const { t } = useT();
  if (!regions.length) return <Typography.Text type="secondary">{t('admin.plagiarism.noRegions')}</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap data-testid="plagiarism-regions">
      {regions.map((r, i) => (
        <Tag
          key={i}
          color={regionColour(i)}
          onClick={() => onPick(i)}
          style={{
            cursor: 'pointer',
            color: 'rgba(0, 0, 0, 0.88)',
            borderColor: i === active ? regionEdge(i) : undefined,
          }}
        >
          {t('admin.plagiarism.region', { n: i + 1, aFrom: r.aFrom, aTo: r.aTo, bFrom: r.bFrom, bTo: r.bTo })}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * Confirm / dismiss / reopen. For a contest check, the pair's usernames as checkboxes: ticked ones leave the official
 * standing with the confirmation; one already unofficial is shown ticked and fixed (nothing to send for it).
 */
function Review({
  pair,
  contestId,
  onReviewed,
}: {
  pair: PlagiarismPairDetail;
  contestId: number | null;
  onReviewed: (view: PlagiarismPairView, excluded: string[]) => void;
}) {
  const { t } = useT();
  const { message } = App.useApp();
  const [ticked, setTicked] = useState<string[]>([]);
  const [busy, setBusy] = useState<PlagiarismPairStatus | null>(null);
  const already = new Set(pair.unofficial ?? []);
  const usernames = [...new Set([pair.aUsername, pair.bUsername])];

  const review = async (status: PlagiarismPairStatus) => {
    const body: ReviewPlagiarismPairBody = { id: pair.id, status };
    const excluded = contestId != null && status === PlagiarismPairStatus.Confirmed ? ticked : [];
    if (excluded.length) body.excludeFromRank = excluded;
    setBusy(status);
    try {
      const view = await reviewPlagiarismPair(body);
      message.success(t('admin.plagiarism.reviewed'));
      setTicked([]);
      onReviewed(view, excluded);
    } catch (_e) {
      // shown by the client
    } finally {
      setBusy(null);
    }
  };

  // A confirmed pair may be confirmed again to move one more of its users out of the standing.
  const confirmable = pair.status !== PlagiarismPairStatus.Confirmed || ticked.length > 0;
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      {contestId != null && (
        <div>
          <Typography.Text>{t('admin.plagiarism.exclude')}</Typography.Text>
          <div>
            <Checkbox.Group
              data-testid="plagiarism-exclude"
              value={[...usernames.filter((u) => already.has(u)), ...ticked]}
              onChange={(v) => setTicked((v as string[]).filter((u) => !already.has(u)))}
              options={usernames.map((u) => ({
                value: u,
                disabled: already.has(u),
                label: (
                  <span>
                    {u} {already.has(u) && <Tag>{t('admin.plagiarism.alreadyExcluded')}</Tag>}
                  </span>
                ),
              }))}
            />
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('admin.plagiarism.excludeHint')} <Link to={`/contest/${contestId}/edit`}>{t('admin.plagiarism.editContest')}</Link>
          </Typography.Text>
        </div>
      )}
      <Space wrap>
        <Button
          type="primary"
          danger
          disabled={!confirmable}
          loading={busy === PlagiarismPairStatus.Confirmed}
          onClick={() => review(PlagiarismPairStatus.Confirmed)}
          data-testid="plagiarism-confirm"
        >
          {t('admin.plagiarism.confirm')}
        </Button>
        <Button
          disabled={pair.status === PlagiarismPairStatus.Dismissed}
          loading={busy === PlagiarismPairStatus.Dismissed}
          onClick={() => review(PlagiarismPairStatus.Dismissed)}
          data-testid="plagiarism-dismiss"
        >
          {t('admin.plagiarism.dismiss')}
        </Button>
        <Button
          disabled={pair.status === PlagiarismPairStatus.Open}
          loading={busy === PlagiarismPairStatus.Open}
          onClick={() => review(PlagiarismPairStatus.Open)}
          data-testid="plagiarism-reopen"
        >
          {t('admin.plagiarism.reopen')}
        </Button>
      </Space>
    </Space>
  );
}

/** The drawer of pair `pairId` (closed while null); `contestId` is set for a contest check. */
export function PairDrawer({
  pairId,
  contestId,
  onClose,
  onReviewed,
}: {
  pairId: number | null;
  contestId: number | null;
  onClose: () => void;
  onReviewed: (view: PlagiarismPairView) => void;
}) {
  const { t } = useT();
  const stacked = !Grid.useBreakpoint().lg;
  const [pair, setPair] = useState<PlagiarismPairDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const paneA = useRef<HTMLDivElement>(null);
  const paneB = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setPair(null);
    setFailed(false);
    setActive(null);
    if (pairId == null) return;
    let live = true;
    getPlagiarismPair(pairId)
      .then((p) => live && setPair(p))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [pairId]);

  /** A region's line clicked in one program: the other one scrolls to the region's lines there. */
  const pickLine = (region: number, side: Side) => {
    if (!pair) return;
    setActive(region);
    const other = side === 'a' ? 'b' : 'a';
    const pane = other === 'a' ? paneA.current : paneB.current;
    scrollPaneTo(pane, regionLines(pair.regions[region], other)[0]);
    // stacked, the other program is above or below the one read: bring it into the drawer's view too
    if (stacked) pane?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  };
  const pickRegion = (region: number) => {
    if (!pair) return;
    setActive(region);
    scrollPaneTo(paneA.current, regionLines(pair.regions[region], 'a')[0]);
    scrollPaneTo(paneB.current, regionLines(pair.regions[region], 'b')[0]);
  };

  const reviewed = (view: PlagiarismPairView, excluded: string[]) => {
    setPair(
      (p) => p && { ...p, ...view, unofficial: excluded.length ? [...new Set([...(p.unofficial ?? []), ...excluded])] : p.unofficial },
    );
    onReviewed(view);
  };

  return (
    <Drawer
      open={pairId != null}
      onClose={onClose}
      width={stacked ? '100%' : 'min(1400px, 94vw)'}
      destroyOnHidden
      title={pair ? t('admin.plagiarism.pairTitle', { problem: pair.displayId, language: pair.language }) : t('admin.plagiarism.pair')}
    >
      {failed ? (
        <Empty description={t('admin.plagiarism.pairMissing')} />
      ) : !pair ? (
        <Spin />
      ) : (
        <div data-testid="plagiarism-pair" data-pair-id={pair.id}>
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
              <Descriptions.Item label={t('admin.plagiarism.userA')}>
                {/* a Space: the item's content is a flex box, where a plain space between the two would vanish */}
                <Space size={4}>
                  <span>{pair.aUsername}</span>
                  <Typography.Text type="secondary">#{pair.aSubmitId}</Typography.Text>
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('admin.plagiarism.userB')}>
                {/* a Space: the item's content is a flex box, where a plain space between the two would vanish */}
                <Space size={4}>
                  <span>{pair.bUsername}</span>
                  <Typography.Text type="secondary">#{pair.bSubmitId}</Typography.Text>
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('admin.plagiarism.similarity')}>
                <Space size={4} wrap>
                  <b data-testid="plagiarism-pair-similarity">{percent(pair.similarity)}</b>
                  <Typography.Text type="secondary">
                    {t('admin.plagiarism.shares', { a: percent(pair.aPercent), b: percent(pair.bPercent) })}
                  </Typography.Text>
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('admin.plagiarism.method')}>
                <MethodTag method={pair.method} />
              </Descriptions.Item>
              <Descriptions.Item label={t('admin.plagiarism.status')}>
                <Space size={4} wrap>
                  <PairStatusTag status={pair.status} />
                  {pair.reviewedBy && (
                    <Typography.Text type="secondary">{t('admin.plagiarism.reviewedBy', { name: pair.reviewedBy })}</Typography.Text>
                  )}
                </Space>
              </Descriptions.Item>
            </Descriptions>
            <Review key={pair.id} pair={pair} contestId={contestId} onReviewed={reviewed} />
            <div>
              <Typography.Text type="secondary">{t('admin.plagiarism.regionsHint')}</Typography.Text>
              <div style={{ marginTop: 4 }}>
                <RegionLegend regions={pair.regions} active={active} onPick={pickRegion} />
              </div>
            </div>
            <div style={{ display: 'grid', gridTemplateColumns: stacked ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))', gap: 16 }}>
              <CodePane side="a" pair={pair} active={active} paneRef={paneA} onPick={pickLine} />
              <CodePane side="b" pair={pair} active={active} paneRef={paneB} onPick={pickLine} />
            </div>
          </Space>
        </div>
      )}
    </Drawer>
  );
}
