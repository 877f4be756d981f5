/** Server health beyond this machine: every backend replica (heartbeats in Redis), the registry and HTTPS status. */
import { Space, Table, Tag } from 'antd';
import { BackendReplicaInfo, ServiceInfo } from '@oj/contracts';
import { formatMemoryKb } from '@oj/kit';
import { useT } from '../../i18n';

export function ReplicaHealth({ info }: { info: ServiceInfo }) {
  const { t } = useT();
  return (
    <>
      <Space style={{ margin: '16px 0 8px' }} data-testid="health-status">
        <span>{t('admin.dashboard.registry')}</span>
        <Tag color={info.registryStatus === 'UP' ? 'green' : 'red'}>{info.registryStatus}</Tag>
        <span>HTTPS</span>
        <Tag color={info.https ? 'green' : 'orange'}>{info.https ? t('admin.dashboard.httpsOn') : t('admin.dashboard.httpsOff')}</Tag>
        <span>{t('admin.dashboard.servers')}</span>
        <Tag>{info.replicas.length}</Tag>
      </Space>
      <Table<BackendReplicaInfo>
        size="small"
        rowKey="instanceId"
        pagination={false}
        dataSource={info.replicas}
        data-testid="replica-table"
        columns={[
          { title: t('admin.dashboard.instance'), dataIndex: 'instanceId' },
          { title: t('admin.dashboard.cpuCores'), dataIndex: 'cpuCores', width: 100 },
          { title: t('admin.dashboard.cpuUsage'), dataIndex: 'cpuPercent', width: 110, render: (v: number) => `${v}%` },
          { title: t('admin.dashboard.memoryUsage'), dataIndex: 'memoryPercent', width: 110, render: (v: number) => `${v}%` },
          {
            title: t('admin.dashboard.processMemory'),
            dataIndex: 'processRssBytes',
            width: 130,
            render: (v: number) => formatMemoryKb(v / 1024),
          },
          {
            title: t('admin.dashboard.lastHeartbeat'),
            dataIndex: 'lastHeartbeat',
            width: 200,
            render: (v: string) => new Date(v).toLocaleString(),
          },
        ]}
      />
    </>
  );
}
