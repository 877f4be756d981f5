/** /admin/user (super admin): the user table, CSV import and account generation. */
import { PageContainer } from '@ant-design/pro-components';
import { Space } from 'antd';
import { useRef } from 'react';
import { useT } from '../../i18n';
import { GenerateUsers } from './generate-users';
import { ImportUsers } from './import-users';
import { UserList } from './user-list';

export default function UserPage() {
  const { t } = useT();
  const reload = useRef<() => void>(() => undefined);
  const reloadList = () => reload.current();
  return (
    <PageContainer title={t('admin.user.title')}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <UserList reloadRef={(r) => (reload.current = r)} />
        <ImportUsers onImported={reloadList} />
        <GenerateUsers onGenerated={reloadList} />
      </Space>
    </PageContainer>
  );
}
