/**
 * /admin/auth (super admin): the permissions (HOJ's auth) and which roles hold them (role-auth). The server's
 * guard and services read this mapping, so a box cleared here is refused at the role's next call.
 */
import { ModalForm, PageContainer, ProColumns, ProFormSelect, ProFormText, ProTable } from '@ant-design/pro-components';
import { App, Card, Checkbox, Table, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { AUTH_LIMITS, AuthEntry, Permission, Role, RoleAuthEntry } from '@oj/contracts';
import { DeleteAction, FormTrigger, useModalSave, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { AuthValues, createAuth, deleteAuth, getAuths, getRoleAuths, grantAuth, revokeAuth, updateAuth } from './api';

const KEY = /^[A-Za-z0-9:_-]+$/;

/** The texts of the built-in permissions; an admin's own ones show the name they were given. */
const BUILTIN_LABELS: Record<Permission, string> = {
  submit: 'admin.auth.permSubmit',
  'discussion:post': 'admin.auth.permDiscussionPost',
  'comment:post': 'admin.auth.permCommentPost',
  'problem:admin': 'admin.auth.permProblemAdmin',
  'contest:admin': 'admin.auth.permContestAdmin',
  'contest:rating': 'admin.auth.permContestRating',
  'training:admin': 'admin.auth.permTrainingAdmin',
  'discussion:admin': 'admin.auth.permDiscussionAdmin',
  'dashboard:view': 'admin.auth.permDashboardView',
  'file:admin': 'admin.auth.permFileAdmin',
};

export function useAuthLabel() {
  const { t } = useT();
  return (a: AuthEntry) => {
    const id = BUILTIN_LABELS[a.permission as Permission];
    return a.builtin && id ? t(id) : a.name;
  };
}

function AuthForm({ row, onSaved }: { row?: AuthEntry; onSaved: () => void }) {
  const { t } = useT();
  const onFinish = useModalSave<AuthValues>(!!row, onSaved, async (v) => {
    if (row) await updateAuth(row.id, row.builtin ? { name: v.name, status: v.status } : v);
    else await createAuth(v);
  });
  return (
    <ModalForm<AuthValues>
      title={row ? t('admin.auth.editTitle') : t('admin.auth.createTitle')}
      width={520}
      trigger={<FormTrigger editing={!!row} createLabel={t('admin.auth.create')} testId="auth-create" />}
      initialValues={row ? { name: row.name, permission: row.permission, status: row.status } : { status: 0 }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      <ProFormText
        name="name"
        label={t('admin.auth.name')}
        rules={[{ required: true, whitespace: true, max: AUTH_LIMITS.nameMax, message: t('admin.auth.nameRequired') }]}
      />
      <ProFormText
        name="permission"
        label={t('admin.auth.permission')}
        tooltip={t('admin.auth.permissionHint')}
        disabled={row?.builtin}
        rules={[
          { required: true, max: AUTH_LIMITS.permissionMax, message: t('admin.auth.permissionRequired') },
          { pattern: KEY, message: t('admin.auth.permissionFormat') },
        ]}
      />
      <ProFormSelect
        name="status"
        label={t('admin.auth.status')}
        options={[
          { value: 0, label: t('admin.auth.statusOn') },
          { value: 1, label: t('admin.auth.statusOff') },
        ]}
      />
    </ModalForm>
  );
}

/** Roles down, permissions across: a ticked box means the role holds the permission. */
function RoleAuthMatrix({ auths, version }: { auths: AuthEntry[]; version: number }) {
  const { t } = useT();
  const { message } = App.useApp();
  const label = useAuthLabel();
  const [rows, setRows] = useState<RoleAuthEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => getRoleAuths().then(setRows, () => undefined), []);
  useEffect(() => {
    void load();
  }, [load, version]);

  const toggle = async (role: RoleAuthEntry, auth: AuthEntry, on: boolean) => {
    setBusy(true);
    try {
      await (on ? grantAuth(role.roleId, auth.id) : revokeAuth(role.roleId, auth.id));
      message.success(t('admin.common.updated'));
    } catch (_e) {
      // shown by the client
    }
    await load();
    setBusy(false);
  };

  return (
    <Table<RoleAuthEntry>
      rowKey="roleId"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      loading={busy}
      dataSource={rows}
      data-testid="role-auth-matrix"
      columns={[
        {
          title: t('admin.auth.role'),
          dataIndex: 'roleId',
          fixed: 'left',
          render: (id: number) => (
            <span>
              {t(`admin.role.${id}`)} <Tag>{id}</Tag>
            </span>
          ),
        },
        ...auths.map((a) => ({
          title: (
            <Tooltip title={a.permission}>
              <span style={a.status ? { textDecoration: 'line-through' } : undefined}>{label(a)}</span>
            </Tooltip>
          ),
          key: String(a.id),
          align: 'center' as const,
          render: (_: unknown, r: RoleAuthEntry) => (
            <Checkbox
              aria-label={`${r.roleId} ${a.permission}`}
              data-testid={`role-auth-${r.roleId}-${a.permission}`}
              checked={r.authIds.includes(a.id)}
              disabled={r.roleId === Role.Root || busy}
              onChange={(e) => void toggle(r, a, e.target.checked)}
            />
          ),
        })),
      ]}
    />
  );
}

export default function AuthPage() {
  const { t } = useT();
  const label = useAuthLabel();
  const { actionRef, reload } = useTableReload();
  const [auths, setAuths] = useState<AuthEntry[]>([]);
  const [version, setVersion] = useState(0);
  const changed = () => {
    reload();
    setVersion((v) => v + 1);
  };

  const columns: ProColumns<AuthEntry>[] = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('admin.auth.name'), render: (_, a) => label(a) },
    { title: t('admin.auth.permission'), dataIndex: 'permission', render: (_, a) => <code>{a.permission}</code> },
    {
      title: t('admin.auth.status'),
      dataIndex: 'status',
      render: (_, a) =>
        a.status ? <Tag color="red">{t('admin.auth.statusOff')}</Tag> : <Tag color="green">{t('admin.auth.statusOn')}</Tag>,
    },
    {
      title: t('admin.auth.kind'),
      render: (_, a) => (a.builtin ? <Tag color="blue">{t('admin.auth.builtin')}</Tag> : <Tag>{t('admin.auth.custom')}</Tag>),
    },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      render: (_, a) => [
        <AuthForm key="edit" row={a} onSaved={changed} />,
        a.builtin ? null : (
          <DeleteAction key="delete" title={t('admin.auth.deleteConfirm')} onDelete={() => deleteAuth(a.id)} onDeleted={changed} />
        ),
      ],
    },
  ];

  return (
    <PageContainer title={t('admin.auth.title')} content={t('admin.auth.intro')}>
      <ProTable<AuthEntry>
        rowKey="id"
        actionRef={actionRef}
        search={false}
        pagination={false}
        columns={columns}
        toolBarRender={() => [<AuthForm key="create" onSaved={changed} />]}
        request={async () => {
          try {
            const list = await getAuths();
            setAuths(list);
            return { data: list, success: true, total: list.length };
          } catch (_e) {
            return { data: [], success: false, total: 0 };
          }
        }}
      />
      <Card title={t('admin.auth.roleAuthTitle')} style={{ marginTop: 16 }}>
        <p>{t('admin.auth.roleAuthIntro')}</p>
        <RoleAuthMatrix auths={auths} version={version} />
      </Card>
    </PageContainer>
  );
}
