/** The user table: search, role filter, edit (every §3 field the API takes, role and status), delete. */
import {
  ModalForm,
  ProColumns,
  ProFormCheckbox,
  ProFormDependency,
  ProFormSelect,
  ProFormText,
  ProTable,
} from '@ant-design/pro-components';
import { Tag } from 'antd';
import { AdminUserRow, DEFAULT_PAGE_SIZE, LIMITS, Role, ROLE_DESCRIPTIONS } from '@oj/contracts';
import { DeleteAction, pagedRequest, useModalSave, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { deleteUsers, editUser, getUsers } from './api';

const ROLE_IDS = Object.values(Role) as Role[];

interface EditValues {
  username: string;
  realname?: string;
  email?: string;
  nickname?: string;
  school?: string;
  titleName?: string;
  titleColor?: string;
  type: Role;
  status: number;
  setNewPwd?: boolean;
  password?: string;
}

function EditUserForm({ row, onSaved }: { row: AdminUserRow; onSaved: () => void }) {
  const { t } = useT();
  const onFinish = useModalSave<EditValues>(true, onSaved, (v) =>
    editUser({ uid: row.uid, ...v, setNewPwd: !!v.setNewPwd, password: v.setNewPwd ? v.password : undefined }),
  );
  return (
    <ModalForm<EditValues>
      title={t('admin.user.editTitle')}
      width={560}
      trigger={<a data-testid={`edit-user-${row.username}`}>{t('admin.common.edit')}</a>}
      initialValues={{ ...row, type: row.roleId, realname: row.realname ?? '', email: row.email ?? '' }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      <ProFormText name="username" label={t('admin.user.username')} rules={[{ required: true, max: LIMITS.usernameMax }]} />
      <ProFormText name="realname" label={t('admin.user.realname')} />
      <ProFormText name="email" label={t('admin.user.email')} rules={[{ type: 'email' }]} />
      <ProFormText name="nickname" label={t('admin.user.nickname')} />
      <ProFormText name="school" label={t('admin.user.school')} />
      <ProFormText name="titleName" label={t('admin.user.titleName')} />
      <ProFormText name="titleColor" label={t('admin.user.titleColor')} />
      <ProFormSelect name="type" label={t('admin.user.role')} options={ROLE_IDS.map((r) => ({ value: r, label: t(`admin.role.${r}`) }))} />
      <ProFormSelect
        name="status"
        label={t('admin.user.status')}
        options={[
          { value: 0, label: t('admin.user.statusNormal') },
          { value: 1, label: t('admin.user.statusDisabled') },
        ]}
      />
      <ProFormCheckbox name="setNewPwd">{t('admin.user.setNewPwd')}</ProFormCheckbox>
      <ProFormDependency name={['setNewPwd']}>
        {({ setNewPwd }) =>
          setNewPwd ? (
            <ProFormText.Password
              name="password"
              label={t('admin.user.newPassword')}
              rules={[{ required: true, min: LIMITS.passwordMin, max: LIMITS.passwordMax }]}
            />
          ) : null
        }
      </ProFormDependency>
    </ModalForm>
  );
}

export function UserList({ reloadRef }: { reloadRef?: (reload: () => void) => void }) {
  const { t } = useT();
  const { actionRef, reload } = useTableReload();
  reloadRef?.(reload);
  const columns: ProColumns<AdminUserRow & { keyword?: string; role?: Role }>[] = [
    { title: t('admin.user.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('admin.user.role'),
      dataIndex: 'role',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: ROLE_IDS.map((r) => ({ value: r, label: t(`admin.role.${r}`) })) },
    },
    { title: t('admin.user.username'), dataIndex: 'username', search: false },
    { title: t('admin.user.realname'), dataIndex: 'realname', search: false },
    { title: t('admin.user.email'), dataIndex: 'email', search: false, ellipsis: true },
    { title: t('admin.user.nickname'), dataIndex: 'nickname', search: false },
    {
      title: t('admin.user.role'),
      dataIndex: 'roleId',
      search: false,
      render: (_d, row) => <Tag title={ROLE_DESCRIPTIONS[row.roleId]}>{t(`admin.role.${row.roleId}`)}</Tag>,
    },
    {
      title: t('admin.user.status'),
      dataIndex: 'status',
      search: false,
      render: (_d, row) =>
        row.status === 0 ? (
          <Tag color="green">{t('admin.user.statusNormal')}</Tag>
        ) : (
          <Tag color="red">{t('admin.user.statusDisabled')}</Tag>
        ),
    },
    { title: t('admin.user.lastLogin'), dataIndex: 'lastLoginTime', valueType: 'dateTime', search: false },
    { title: t('admin.user.created'), dataIndex: 'gmtCreate', valueType: 'dateTime', search: false },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 130,
      render: (_d, row) => [
        <EditUserForm key="edit" row={row} onSaved={reload} />,
        <DeleteAction key="delete" title={t('admin.user.deleteConfirm')} onDelete={() => deleteUsers([row.uid])} onDeleted={reload} />,
      ],
    },
  ];
  return (
    <ProTable<AdminUserRow & { keyword?: string; role?: Role }>
      rowKey="uid"
      actionRef={actionRef}
      columns={columns}
      search={{ labelWidth: 'auto' }}
      pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
      request={pagedRequest((current, pageSize, params) =>
        getUsers(current, pageSize, params.keyword as string | undefined, params.role as Role | undefined),
      )}
      data-testid="admin-user-table"
    />
  );
}
