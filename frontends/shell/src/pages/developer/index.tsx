/**
 * /developer: system information (version, judge servers with their languages, queue length and judge load)
 * and every language the judges run, with versions, commands and factors.
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Card, Col, Descriptions, Empty, Progress, Row, Space, Spin, Statistic, Tag } from 'antd';
import { SystemInfo } from '@oj/contracts';
import { api, call, formatDateTime } from '@oj/kit';
import { JudgeLanguages } from './judge-languages';

/** The queue moves fast: read again every 10 s while the page is open. */
const REFRESH_MS = 10_000;

export function DeveloperPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [info, setInfo] = useState<SystemInfo | null>(null);
  useEffect(() => {
    const load = () =>
      call<SystemInfo>(api.get('/get-system-info', { silent: true }))
        .then(setInfo)
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  if (!info) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <Space
      direction="vertical"
      size="large"
      style={{ width: '100%', maxWidth: 1100, margin: '0 auto', display: 'flex' }}
      data-testid="developer-page"
    >
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('shell.developer.version')} value={info.version} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('shell.developer.waiting')} value={info.queue.waiting} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('shell.developer.running')} value={info.queue.active} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card title={t('shell.developer.load')} size="small">
            {info.judgeLoadPercent === null ? '-' : <Progress type="dashboard" size={80} percent={info.judgeLoadPercent} />}
          </Card>
        </Col>
      </Row>
      <Card title={<FormattedMessage id="shell.developer.judgeServers" />}>
        {info.judgeServers.length === 0 ? (
          <Empty description={<FormattedMessage id="shell.developer.noJudge" />} />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            {info.judgeServers.map((s) => (
              <Descriptions key={s.name} bordered size="small" column={2} title={s.name}>
                <Descriptions.Item label={t('shell.developer.host')}>{s.hostname}</Descriptions.Item>
                <Descriptions.Item label={t('shell.developer.slots')}>{s.concurrency}</Descriptions.Item>
                <Descriptions.Item label={t('shell.developer.heartbeat')}>{formatDateTime(s.lastHeartbeat)}</Descriptions.Item>
                <Descriptions.Item label="cgroup">{s.cgroup}</Descriptions.Item>
                <Descriptions.Item label={t('shell.developer.languages')} span={2}>
                  <Space size={[4, 8]} wrap>
                    {s.languages.map((l) => (
                      <Tag key={l}>{l}</Tag>
                    ))}
                  </Space>
                </Descriptions.Item>
              </Descriptions>
            ))}
          </Space>
        )}
      </Card>
      <JudgeLanguages />
      <Card size="small">
        Node.js {info.nodeVersion} · <FormattedMessage id="shell.developer.uptime" /> {Math.round(info.uptimeSec / 60)} min
      </Card>
    </Space>
  );
}
