/**
 * The resolver's full-screen board (issue 35). Smooth for 10,000 teams: only the rows in view (plus a few of overscan,
 * plus the rows still moving) are rendered, each placed by `transform: translateY(position × ROW_HEIGHT)` so that a
 * move is a compositor transition; rows are memoised by uid and re-render only when their team, rank, position or
 * selection changed. Keys: Space / → next step, Enter / N next team, A auto play, Esc leaves full screen.
 */
import { MouseEvent, memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AcmProblemCell, ResolverData } from '@oj/contracts';
import { AwardEvent, ResolverEvent, ResolverState, TeamState } from './resolver-state';
import './resolver.css';

export const ROW_HEIGHT = 56;
const OVERSCAN = 6;
/** how long a moved row stays rendered (its transition), even out of view */
const MOVE_MS = 700;
export const AUTO_STEP_MS = 600;
export const AUTO_AWARD_MS = 3000;

interface CellText {
  kind: 'ac' | 'first' | 'wrong' | 'pending' | 'none';
  main: string;
  sub: string;
}

/** solved: minute and tries; failed: rejected tries; pending: rejected tries and pending ones. */
export function resolverCell(c: AcmProblemCell | undefined, pending: boolean): CellText {
  if (!c) return { kind: 'none', main: '', sub: '' };
  if (pending || (!c.isAC && c.tryNum > 0)) return { kind: 'pending', main: `+${c.tryNum}?`, sub: c.errorNum > 0 ? `-${c.errorNum}` : '' };
  if (c.isAC) return { kind: c.isFirstAC ? 'first' : 'ac', main: String(Math.floor((c.ACTime ?? 0) / 60)), sub: `${c.errorNum + 1}` };
  if (c.errorNum > 0) return { kind: 'wrong', main: `-${c.errorNum}`, sub: '' };
  return { kind: 'none', main: '', sub: '' };
}

interface RowProps {
  team: TeamState;
  /** team.version, so that the memo sees changes of the mutable team */
  version: number;
  pos: number;
  rank: number;
  problems: string[];
  selected: boolean;
  moving: boolean;
  /** the display id just revealed on this row, to flash */
  flash: string | null;
}

const ResolverRow = memo(function ResolverRow({ team, pos, rank, problems, selected, moving, flash }: RowProps) {
  const t = team.team;
  const classes = ['oj-resolver-row'];
  if (pos % 2 === 1) classes.push('odd');
  if (selected) classes.push('selected');
  if (moving) classes.push('moving');
  if (team.finalised) classes.push('final');
  return (
    <div
      className={classes.join(' ')}
      style={{ transform: `translateY(${pos * ROW_HEIGHT}px)` }}
      data-testid="resolver-row"
      data-uid={t.uid}
      data-username={t.username}
      data-pos={pos}
      data-rank={rank}
      data-selected={selected || undefined}
    >
      <div className="rank">{rank === -1 ? '*' : rank}</div>
      <div className="name">
        <div className="team">{t.showName || t.username}</div>
        <div className="school">{t.school ?? ''}</div>
      </div>
      <div className="solved" data-testid="resolver-solved">
        {team.ac}
      </div>
      <div className="penalty">{team.penalty}</div>
      {problems.map((id) => {
        const cell = resolverCell(team.cells[id], team.pending.includes(id));
        return (
          <div
            key={id}
            className={`cell ${cell.kind}${flash === id ? ' flash' : ''}`}
            data-testid={`resolver-cell-${id}`}
            data-kind={cell.kind}
          >
            <span>{cell.main}</span>
            {cell.sub && <small>{cell.sub}</small>}
          </div>
        );
      })}
    </div>
  );
});

function AwardCard({ award, state, problems }: { award: AwardEvent; state: ResolverState; problems: ResolverData['problems'] }) {
  const t = state.team(award.uid)!.team;
  const title = (id: string) => {
    const p = problems.find((x) => x.displayId === id);
    return p ? `${p.displayId} ${p.title}` : id;
  };
  return (
    <div className="oj-resolver-award" data-testid="resolver-award" data-uid={award.uid} role="dialog" aria-live="assertive">
      {award.winner && (
        <div className="award-title gold">
          <FormattedMessage id="contest.resolver.winner" />
        </div>
      )}
      {award.medal && (
        <div className={`award-title ${award.medal}`}>
          <FormattedMessage id={`contest.resolver.medal.${award.medal}`} />
        </div>
      )}
      <div className="award-team">{t.showName || t.username}</div>
      {t.school && <div className="award-school">{t.school}</div>}
      <div className="award-line">
        <FormattedMessage id="contest.resolver.awardRank" values={{ rank: award.rank }} />
      </div>
      {award.firstToSolve.map((id) => (
        <div className="award-line" key={id}>
          <FormattedMessage id="contest.resolver.firstToSolve" values={{ problem: title(id) }} />
        </div>
      ))}
    </div>
  );
}

const isFullscreen = () => typeof document !== 'undefined' && !!document.fullscreenElement;

export function requestFullscreen(el: Element | null = typeof document !== 'undefined' ? document.documentElement : null) {
  if (!el || isFullscreen() || !el.requestFullscreen) return;
  el.requestFullscreen().catch(() => {
    // refused (no user gesture, or not allowed): the board fills the viewport all the same
  });
}

/** The bar's buttons never take the focus: Space and Enter stay the board's keys. */
const keepFocus = (e: MouseEvent) => e.preventDefault();

function exitFullscreen() {
  if (isFullscreen()) document.exitFullscreen().catch(() => {});
}

export function ResolverBoard({ data, state, onClose }: { data: ResolverData; state: ResolverState; onClose: () => void }) {
  const intl = useIntl();
  const [revision, setRevision] = useState(state.revision);
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 800 });
  const [awards, setAwards] = useState<AwardEvent[]>([]);
  const [auto, setAuto] = useState(false);
  const [flash, setFlash] = useState<{ uid: string; id: string } | null>(null);
  /** uids of rows moving now (kept rendered until their transition ends) */
  const [moving, setMoving] = useState<ReadonlySet<string>>(new Set());
  const movingTimer = useRef<number | undefined>(undefined);
  const problems = state.problems;

  const apply = useCallback(
    (events: ResolverEvent[]) => {
      const moved = new Set<string>();
      const found: AwardEvent[] = [];
      let last: { uid: string; id: string } | null = null;
      for (const e of events) {
        if (e.type === 'award') found.push(e);
        else {
          last = { uid: e.uid, id: e.displayId };
          if (e.from !== e.to) moved.add(e.uid);
        }
      }
      if (found.length) setAwards((a) => [...a, ...found]);
      if (last) setFlash(last);
      if (moved.size) {
        setMoving(moved);
        window.clearTimeout(movingTimer.current);
        movingTimer.current = window.setTimeout(() => setMoving(new Set()), MOVE_MS);
      }
      setRevision(state.revision);
    },
    [state],
  );

  useEffect(() => {
    apply(state.start());
    return () => window.clearTimeout(movingTimer.current);
  }, [state, apply]);

  const step = useCallback(() => apply(state.step()), [state, apply]);
  const nextTeam = useCallback(() => apply(state.nextTeam()), [state, apply]);
  const dismiss = useCallback(() => setAwards((a) => a.slice(1)), []);
  const award = awards[0] ?? null;

  // keys
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const key = e.key;
      if (key === 'Escape') {
        exitFullscreen();
        return;
      }
      const isStep = key === ' ' || key === 'ArrowRight';
      const isTeam = key === 'Enter' || key === 'n' || key === 'N';
      const isAuto = key === 'a' || key === 'A';
      if (!isStep && !isTeam && !isAuto) return;
      e.preventDefault();
      if (isAuto) setAuto((x) => !x);
      else if (award) dismiss();
      else if (isStep) step();
      else nextTeam();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [award, dismiss, step, nextTeam]);

  // auto play: a step every AUTO_STEP_MS, an award card stays AUTO_AWARD_MS
  const done = state.done;
  useEffect(() => {
    if (!auto) return;
    if (done && !award) {
      setAuto(false);
      return;
    }
    const timer = window.setTimeout(award ? dismiss : step, award ? AUTO_AWARD_MS : AUTO_STEP_MS);
    return () => window.clearTimeout(timer);
  }, [auto, done, award, revision, dismiss, step]);

  // the viewport: its height and scroll position (read once per frame)
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setView((v) => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight }));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    el.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      el.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  // keep the cursor (or the team of the award shown) in view
  const cursor = state.cursor;
  // (the top of the final standings once everything is revealed)
  const focusPos = award ? state.team(award.uid)!.pos : Math.max(0, cursor);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const y = focusPos * ROW_HEIGHT;
    const h = el.clientHeight;
    if (y >= el.scrollTop + ROW_HEIGHT && y + 2 * ROW_HEIGHT <= el.scrollTop + h) return;
    const top = Math.max(0, y - Math.round(h * 0.6));
    const far = Math.abs(top - el.scrollTop) > 2 * h;
    if (typeof el.scrollTo === 'function') el.scrollTo({ top, behavior: far ? 'auto' : 'smooth' });
    else el.scrollTop = top;
  }, [focusPos]);

  // the rows to render: in view with overscan, and the moving ones
  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(state.size - 1, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const shown: TeamState[] = [];
  for (let p = first; p <= last; p++) shown.push(state.teamAt(p));
  for (const uid of moving) {
    const t = state.team(uid);
    if (t && (t.pos < first || t.pos > last)) shown.push(t);
  }

  const pending = state.pendingCount();
  return (
    <div
      className="oj-resolver"
      data-testid="resolver-board"
      data-done={done || undefined}
      data-pending={pending}
      data-cursor={cursor}
      data-auto={auto || undefined}
    >
      <div className="oj-resolver-bar">
        <h1>{data.title}</h1>
        <span className="hint" data-testid="resolver-progress">
          {done ? (
            <FormattedMessage id="contest.resolver.done" />
          ) : (
            <FormattedMessage id="contest.resolver.pendingLeft" values={{ n: pending }} />
          )}
        </span>
        <span className="hint">
          <FormattedMessage id="contest.resolver.keys" />
        </span>
        <button type="button" aria-pressed={auto} onMouseDown={keepFocus} onClick={() => setAuto((x) => !x)} data-testid="resolver-auto">
          <FormattedMessage id="contest.resolver.auto" />
        </button>
        <button type="button" onMouseDown={keepFocus} onClick={() => requestFullscreen()}>
          <FormattedMessage id="contest.resolver.fullscreen" />
        </button>
        <button
          type="button"
          onMouseDown={keepFocus}
          onClick={() => {
            exitFullscreen();
            onClose();
          }}
          title={intl.formatMessage({ id: 'contest.resolver.close' })}
        >
          <FormattedMessage id="contest.resolver.close" />
        </button>
      </div>
      <div className="oj-resolver-head">
        <div className="rank">
          <FormattedMessage id="contest.resolver.rank" />
        </div>
        <div className="name">
          <FormattedMessage id="contest.resolver.team" />
        </div>
        <div className="solved">
          <FormattedMessage id="contest.resolver.solved" />
        </div>
        <div className="penalty">
          <FormattedMessage id="contest.resolver.penalty" />
        </div>
        {data.problems.map((p) => (
          <div className="cell" key={p.displayId} title={p.title} style={p.color ? { borderBottom: `3px solid ${p.color}` } : undefined}>
            {p.displayId}
          </div>
        ))}
      </div>
      <div className="oj-resolver-scroll" ref={scroller} data-testid="resolver-scroll">
        <div className="oj-resolver-rows" style={{ height: state.size * ROW_HEIGHT }}>
          {shown.map((t) => (
            <ResolverRow
              key={t.team.uid}
              team={t}
              version={t.version}
              pos={t.pos}
              rank={state.rankAt(t.pos)}
              problems={problems}
              selected={t.pos === cursor}
              moving={moving.has(t.team.uid)}
              flash={flash && flash.uid === t.team.uid ? flash.id : null}
            />
          ))}
        </div>
      </div>
      {award && <AwardCard award={award} state={state} problems={data.problems} />}
    </div>
  );
}
