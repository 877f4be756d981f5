/** Home (spec §7 Site): carousel, recent contests, announcements, the 7-day AC rank. */
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { Card, Carousel, Col, Empty, List, Modal, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { formatDateTime, useWebsiteConfig } from '@oj/kit';
import { AcRankRow, Announcement, CarouselItem, RecentContest, useList } from './use-home-data';

const CONTEST_STATUS: Record<number, { id: string; color: string }> = {
  [-1]: { id: 'shell.home.contestScheduled', color: 'blue' },
  0: { id: 'shell.home.contestRunning', color: 'green' },
  1: { id: 'shell.home.contestEnded', color: 'default' },
};

export function HomePage() {
  const config = useWebsiteConfig();
  const carousel = useList<CarouselItem>('/home-carousel');
  const contests = useList<RecentContest>('/get-recent-contest');
  const announcements = useList<Announcement>('/get-common-announcement', { currentPage: 1, limit: 10 });
  const acRank = useList<AcRankRow>('/get-recent-seven-ac-rank');
  const [reading, setReading] = useState<Announcement | null>(null);

  return (
    <Row gutter={[16, 16]} data-testid="home-page">
      <Col xs={24} lg={16}>
        <Card>
          {carousel && carousel.length > 0 ? (
            <Carousel autoplay>
              {carousel.map((c) => (
                <div key={c.id}>
                  <img src={c.url} alt="" style={{ width: '100%', height: 260, objectFit: 'cover' }} />
                </div>
              ))}
            </Carousel>
          ) : (
            <div style={{ padding: 24, textAlign: 'center' }}>
              <Typography.Title level={2} style={{ marginBottom: 8 }}>
                <FormattedMessage id="shell.home.welcome" values={{ name: config.shortName }} />
              </Typography.Title>
              <Typography.Text type="secondary">{config.description}</Typography.Text>
            </div>
          )}
        </Card>
        <Card title={<FormattedMessage id="shell.home.announcements" />} style={{ marginTop: 16 }}>
          {announcements === undefined ? (
            <Skeleton active />
          ) : (
            <List
              dataSource={announcements}
              locale={{ emptyText: <Empty description={<FormattedMessage id="shell.home.noAnnouncements" />} /> }}
              renderItem={(a) => (
                <List.Item onClick={() => setReading(a)} style={{ cursor: 'pointer' }}>
                  <List.Item.Meta title={a.title} description={formatDateTime(a.gmtCreate ?? a.createdAt)} />
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={<FormattedMessage id="shell.home.recentContests" />}>
          {contests === undefined ? (
            <Skeleton active />
          ) : (
            <List
              dataSource={contests}
              locale={{ emptyText: <Empty description={<FormattedMessage id="shell.home.noContests" />} /> }}
              renderItem={(c) => (
                <List.Item>
                  <List.Item.Meta title={<Link to={`/contest/${c.id}`}>{c.title}</Link>} description={formatDateTime(c.startTime)} />
                  {CONTEST_STATUS[c.status] && (
                    <Tag color={CONTEST_STATUS[c.status].color}>
                      <FormattedMessage id={CONTEST_STATUS[c.status].id} />
                    </Tag>
                  )}
                </List.Item>
              )}
            />
          )}
        </Card>
        <Card title={<FormattedMessage id="shell.home.acRank" />} style={{ marginTop: 16 }}>
          <Table<AcRankRow>
            size="small"
            rowKey="uid"
            pagination={false}
            loading={acRank === undefined}
            dataSource={acRank ?? []}
            columns={[
              { title: '#', key: 'rank', width: 40, render: (_v, _r, i) => i + 1 },
              { title: <FormattedMessage id="shell.home.user" />, dataIndex: 'username' },
              { title: <FormattedMessage id="shell.home.solved" />, dataIndex: 'ac', width: 80 },
            ]}
          />
        </Card>
      </Col>
      <Modal open={!!reading} title={reading?.title} footer={null} onCancel={() => setReading(null)} width={720}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{reading?.content}</Typography.Paragraph>
      </Modal>
    </Row>
  );
}
