/** /contest/:contestId/announcement: the contest's announcements, newest first; reading marks them read. */
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Card, Collapse, Empty, Pagination, Spin } from 'antd';
import { ContestAnnouncementInfo, DEFAULT_PAGE_SIZE, Page } from '@oj/contracts';
import { formatDateTime, LazyMarkdown } from '@oj/kit';
import { getContestAnnouncements } from '../../api/contest';
import { markAnnouncementsRead } from '../../lib/storage';
import { useContest } from '../contest-detail/context';

export function ContestAnnouncementsPage() {
  const { cid } = useContest();
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<Page<ContestAnnouncementInfo> | null>(null);
  useEffect(() => {
    let alive = true;
    getContestAnnouncements(cid, current, DEFAULT_PAGE_SIZE)
      .then((p) => {
        if (!alive) return;
        setPage(p);
        markAnnouncementsRead(
          cid,
          p.records.map((a) => a.id),
        );
      })
      .catch(() => alive && setPage(null));
    return () => {
      alive = false;
    };
  }, [cid, current]);
  if (!page) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <Card data-testid="contest-announcements" title={<FormattedMessage id="contest.menu.announcements" />}>
      {page.records.length === 0 ? (
        <Empty />
      ) : (
        <Collapse
          defaultActiveKey={page.records.map((a) => String(a.id))}
          items={page.records.map((a) => ({
            key: String(a.id),
            label: a.title,
            extra: formatDateTime(a.gmtCreate),
            children: <LazyMarkdown source={a.content} breaks />,
          }))}
        />
      )}
      <Pagination style={{ marginTop: 16 }} current={current} pageSize={DEFAULT_PAGE_SIZE} total={page.total} onChange={setCurrent} />
    </Card>
  );
}
