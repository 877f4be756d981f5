/** Home (product §7 Site): carousel, recent contests, announcements, the 7-day AC rank. Plain React + CSS. */
import { ReactNode, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { nameStyleColor, type OtherContest } from '@oj/contracts';
import { formatDateTime, useUserNameStyle, useWebsiteConfig } from '@oj/kit/core';
import { AcRankRow, Announcement, CarouselItem, RecentContest, useList } from './use-home-data';
import { Card, Empty, LightModal, Loading } from '../../layout/light-ui';

/** A name in its rating colour (the kit's UserName rule, without antd on the first page). */
function ColoredName({ username }: { username: string }) {
  const style = useUserNameStyle(username);
  const color = nameStyleColor(style);
  return (
    <span data-testid="user-name" data-username={username} data-color={color ?? ''} style={color ? { color, fontWeight: 600 } : undefined}>
      {username}
    </span>
  );
}

const CONTEST_STATUS: Record<number, { id: string; color: string }> = {
  [-1]: { id: 'shell.home.contestScheduled', color: 'blue' },
  0: { id: 'shell.home.contestRunning', color: 'green' },
  1: { id: 'shell.home.contestEnded', color: 'default' },
};
const CAROUSEL_INTERVAL_MS = 4000;

function Carousel({ items }: { items: CarouselItem[] }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (items.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [items.length]);
  return (
    <div className="oj-carousel">
      {items.map((c, i) => (
        <img key={c.id} src={c.url} alt="" className={i === index % items.length ? 'oj-carousel-slide oj-active' : 'oj-carousel-slide'} />
      ))}
      {items.length > 1 && (
        <div className="oj-carousel-dots">
          {items.map((c, i) => (
            <button
              key={c.id}
              type="button"
              aria-label={String(i + 1)}
              className={i === index ? 'oj-active' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function ListOf<T>({ rows, empty, render }: { rows: T[] | undefined; empty: ReactNode; render: (row: T) => ReactNode }) {
  if (rows === undefined) return <Loading />;
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  return <ul className="oj-list">{rows.map(render)}</ul>;
}

export function HomePage() {
  const config = useWebsiteConfig();
  const carousel = useList<CarouselItem>('/home-carousel');
  const contests = useList<RecentContest>('/get-recent-contest');
  const announcements = useList<Announcement>('/get-common-announcement', { currentPage: 1, limit: 10 });
  const acRank = useList<AcRankRow>('/get-recent-seven-ac-rank');
  const otherContests = useList<OtherContest>('/get-recent-other-contest');
  const [reading, setReading] = useState<Announcement | null>(null);

  return (
    <div className="oj-home" data-testid="home-page">
      <div className="oj-home-main">
        <Card>
          {carousel && carousel.length > 0 ? (
            <Carousel items={carousel} />
          ) : (
            <div className="oj-welcome">
              <h2>
                <FormattedMessage id="shell.home.welcome" values={{ name: config.shortName }} />
              </h2>
              <p className="oj-secondary">{config.description}</p>
            </div>
          )}
        </Card>
        <Card title={<FormattedMessage id="shell.home.announcements" />}>
          <ListOf
            rows={announcements}
            empty={<FormattedMessage id="shell.home.noAnnouncements" />}
            render={(a) => (
              <li key={a.id}>
                <button type="button" className="oj-list-link" onClick={() => setReading(a)}>
                  <span className="oj-list-title">{a.title}</span>
                  <span className="oj-secondary">{formatDateTime(a.gmtCreate ?? a.createdAt)}</span>
                </button>
              </li>
            )}
          />
        </Card>
      </div>
      <div className="oj-home-side">
        <Card title={<FormattedMessage id="shell.home.recentContests" />}>
          <ListOf
            rows={contests}
            empty={<FormattedMessage id="shell.home.noContests" />}
            render={(c) => (
              <li key={c.id} className="oj-list-row">
                <div>
                  <Link to={`/contest/${c.id}`} className="oj-list-title">
                    {c.title}
                  </Link>
                  <div className="oj-secondary">{formatDateTime(c.startTime)}</div>
                </div>
                {CONTEST_STATUS[c.status] && (
                  <span className={`oj-tag oj-tag-${CONTEST_STATUS[c.status].color}`}>
                    <FormattedMessage id={CONTEST_STATUS[c.status].id} />
                  </span>
                )}
              </li>
            )}
          />
        </Card>
        {/* Without network the list is empty and the box is hidden. */}
        {otherContests && otherContests.length > 0 && (
          <Card title={<FormattedMessage id="shell.home.otherContests" />}>
            <ul className="oj-list" data-testid="other-contests">
              {otherContests.map((c) => (
                <li key={c.url} className="oj-list-row">
                  <div>
                    <a href={c.url} target="_blank" rel="noreferrer" className="oj-list-title">
                      {c.title}
                    </a>
                    <div className="oj-secondary">
                      {c.oj} · {formatDateTime(c.beginTime)}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </Card>
        )}
        <Card title={<FormattedMessage id="shell.home.acRank" />}>
          {acRank === undefined ? (
            <Loading />
          ) : (
            <table className="oj-table">
              <thead>
                <tr>
                  <th style={{ width: 40 }}>#</th>
                  <th>
                    <FormattedMessage id="shell.home.user" />
                  </th>
                  <th style={{ width: 80 }}>
                    <FormattedMessage id="shell.home.solved" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {acRank.map((r, i) => (
                  <tr key={r.uid}>
                    <td>{i + 1}</td>
                    <td>
                      <ColoredName username={r.username} />
                    </td>
                    <td>{r.ac}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      </div>
      {reading && (
        <LightModal title={reading.title} width={720} onClose={() => setReading(null)}>
          <p style={{ whiteSpace: 'pre-wrap' }}>{reading.content}</p>
        </LightModal>
      )}
    </div>
  );
}
