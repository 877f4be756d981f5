/**
 * /admin/remote-judge (root, issue 34): the remote judge sites with their switch, and per site the accounts the backend
 * submits through. Secrets are write-only here: the list says whether a password or cookie is stored, never its value.
 */
import { ModalForm, PageContainer, ProCard, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { App, Result, Space, Switch, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { REMOTE_ACCOUNT_LIMITS, RemoteJudgeAccountView, RemoteJudgeSiteView } from '@oj/contracts';
import { formatDateTime } from '@oj/kit';
import { DeleteAction, FormTrigger, useModalSave } from '../../components/crud';
import { useT } from '../../i18n';
import { AccountFormValues, STATE_COLORS, STATE_LABELS, accountBody, accountFormInitial } from './account-form';
import {
  createRemoteAccount,
  deleteRemoteAccount,
  getRemoteAccounts,
  getRemoteSites,
  setRemoteSiteEnabled,
  updateRemoteAccount,
} from './api';

function AccountForm({ oj, account, onSaved }: { oj: string; account?: RemoteJudgeAccountView; onSaved: () => void }) {
  const { t } = useT();
  const editing = !!account;
  const onFinish = useModalSave<AccountFormValues>(editing, onSaved, async (values) => {
    const body = accountBody(oj, values, account);
    if (account) await updateRemoteAccount(body);
    else await createRemoteAccount(body);
  });
  return (
    <ModalForm<AccountFormValues>
      title={t(editing ? 'admin.remoteJudge.editAccount' : 'admin.remoteJudge.addAccount', { oj })}
      trigger={<FormTrigger editing={editing} createLabel={t('admin.remoteJudge.add')} testId={`remote-account-add-${oj}`} />}
      initialValues={accountFormInitial(account)}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      onFinish={onFinish}
    >
      <ProFormText
        name="username"
        label={t('admin.remoteJudge.username')}
        fieldProps={{ maxLength: REMOTE_ACCOUNT_LIMITS.usernameMax, autoComplete: 'off' }}
        rules={[{ required: true, whitespace: true, message: t('admin.remoteJudge.usernameRequired') }]}
      />
      <ProFormText.Password
        name="password"
        label={t('admin.remoteJudge.password')}
        // A stored password is never sent back: the field starts empty and, on an edit, empty keeps it.
        placeholder={editing && account.hasPassword ? t('admin.remoteJudge.keepSecret') : undefined}
        fieldProps={{ maxLength: REMOTE_ACCOUNT_LIMITS.passwordMax, autoComplete: 'new-password' }}
        dependencies={['cookie']}
        rules={
          editing
            ? []
            : [
                ({ getFieldValue }) => ({
                  validator: (_rule, value: string | undefined) =>
                    value || String(getFieldValue('cookie') ?? '').trim()
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('admin.remoteJudge.passwordRequired'))),
                }),
              ]
        }
      />
      <ProFormTextArea
        name="cookie"
        label={t('admin.remoteJudge.cookie')}
        tooltip={t('admin.remoteJudge.cookieHelp')}
        extra={t('admin.remoteJudge.cookieHelp')}
        placeholder={editing && account.hasCookie ? t('admin.remoteJudge.keepSecret') : t('admin.remoteJudge.cookiePlaceholder')}
        fieldProps={{ rows: 3, maxLength: REMOTE_ACCOUNT_LIMITS.cookieMax }}
      />
      {editing && account.hasCookie && <ProFormSwitch name="clearCookie" label={t('admin.remoteJudge.clearCookie')} />}
      <ProFormText
        name="userAgent"
        label={t('admin.remoteJudge.userAgent')}
        extra={t('admin.remoteJudge.userAgentHelp')}
        fieldProps={{ maxLength: REMOTE_ACCOUNT_LIMITS.userAgentMax }}
      />
      <ProFormSwitch name="enabled" label={t('admin.remoteJudge.enabled')} />
    </ModalForm>
  );
}

/** "set" / "not set" of a write-only secret. */
function SecretMark({ set }: { set: boolean }) {
  const { t } = useT();
  return <Tag color={set ? 'green' : undefined}>{t(set ? 'admin.remoteJudge.secretSet' : 'admin.remoteJudge.secretUnset')}</Tag>;
}

function AccountTable({ oj, onChanged }: { oj: string; onChanged: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const [rows, setRows] = useState<RemoteJudgeAccountView[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setRows(await getRemoteAccounts(oj));
    } catch (_e) {
      setRows([]);
    }
  }, [oj]);
  useEffect(() => {
    void load();
  }, [load]);
  const changed = () => {
    void load();
    onChanged();
  };

  const setEnabled = async (row: RemoteJudgeAccountView, enabled: boolean) => {
    setBusy(row.id);
    try {
      await updateRemoteAccount({ id: row.id, oj, username: row.username, enabled });
      message.success(t('admin.common.updated'));
      changed();
    } catch (_e) {
      // shown by the client
    } finally {
      setBusy(null);
    }
  };

  const columns: ColumnsType<RemoteJudgeAccountView> = [
    { title: t('admin.remoteJudge.username'), dataIndex: 'username' },
    {
      title: t('admin.remoteJudge.state'),
      dataIndex: 'state',
      width: 110,
      render: (_v, row) => (
        <Tag color={STATE_COLORS[row.state]} data-testid={`remote-account-state-${row.username}`} data-state={row.state}>
          {t(STATE_LABELS[row.state])}
        </Tag>
      ),
    },
    {
      title: t('admin.remoteJudge.credentials'),
      width: 200,
      render: (_v, row) => (
        <Space size={4} wrap>
          <span>{t('admin.remoteJudge.password')}</span>
          <SecretMark set={row.hasPassword} />
          <span>{t('admin.remoteJudge.cookie')}</span>
          <SecretMark set={row.hasCookie} />
        </Space>
      ),
    },
    {
      title: t('admin.remoteJudge.lastError'),
      dataIndex: 'lastError',
      render: (_v, row) =>
        row.lastError ? (
          <Space direction="vertical" size={0}>
            <Typography.Text type="danger">{row.lastError}</Typography.Text>
            {row.lastErrorAt && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(row.lastErrorAt)}
              </Typography.Text>
            )}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('admin.remoteJudge.lastUsed'),
      dataIndex: 'lastUsedAt',
      width: 170,
      render: (_v, row) => (row.lastUsedAt ? formatDateTime(row.lastUsedAt) : t('admin.remoteJudge.never')),
    },
    {
      title: t('admin.remoteJudge.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (_v, row) => (
        <Switch
          size="small"
          checked={row.enabled}
          loading={busy === row.id}
          onChange={(on) => setEnabled(row, on)}
          aria-label={t('admin.remoteJudge.enabled')}
          data-testid={`remote-account-enabled-${row.username}`}
        />
      ),
    },
    {
      title: t('admin.common.option'),
      width: 130,
      render: (_v, row) => (
        <Space>
          <AccountForm oj={oj} account={row} onSaved={changed} />
          <DeleteAction title={t('admin.remoteJudge.deleteConfirm')} onDelete={() => deleteRemoteAccount(row.id)} onDeleted={changed} />
        </Space>
      ),
    },
  ];

  return (
    <Table<RemoteJudgeAccountView>
      rowKey="id"
      size="small"
      loading={rows === null}
      dataSource={rows ?? []}
      columns={columns}
      pagination={false}
      scroll={{ x: 900 }}
      title={() => (
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text strong>{t('admin.remoteJudge.accountsOf', { oj })}</Typography.Text>
          <AccountForm oj={oj} onSaved={changed} />
        </Space>
      )}
      locale={{ emptyText: t('admin.remoteJudge.noAccounts') }}
      data-testid={`remote-accounts-${oj}`}
    />
  );
}

export default function RemoteJudgePage() {
  const { t } = useT();
  const { message } = App.useApp();
  const [sites, setSites] = useState<RemoteJudgeSiteView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [switching, setSwitching] = useState<string | null>(null);
  const [active, setActive] = useState<string | undefined>();

  const loadSites = useCallback(async () => {
    try {
      setSites(await getRemoteSites());
    } catch (_e) {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void loadSites();
  }, [loadSites]);

  const flip = async (oj: string, enabled: boolean) => {
    setSwitching(oj);
    try {
      setSites(await setRemoteSiteEnabled(oj, enabled));
      message.success(t('admin.common.updated'));
    } catch (_e) {
      // shown by the client
    } finally {
      setSwitching(null);
    }
  };

  if (failed) {
    return (
      <PageContainer title={t('admin.remoteJudge.title')}>
        <Result status="error" title={t('admin.remoteJudge.loadFailed')} />
      </PageContainer>
    );
  }

  const siteColumns: ColumnsType<RemoteJudgeSiteView> = [
    {
      title: t('admin.remoteJudge.site'),
      dataIndex: 'oj',
      width: 90,
      render: (oj: string) => <Typography.Text strong>{oj}</Typography.Text>,
    },
    {
      title: t('admin.remoteJudge.siteEnabled'),
      dataIndex: 'enabled',
      width: 100,
      render: (_v, site) => (
        <Switch
          checked={site.enabled}
          loading={switching === site.oj}
          onChange={(on) => flip(site.oj, on)}
          aria-label={t('admin.remoteJudge.siteSwitch', { oj: site.oj })}
          data-testid={`remote-site-switch-${site.oj}`}
        />
      ),
    },
    {
      title: t('admin.remoteJudge.address'),
      dataIndex: 'url',
      ellipsis: true,
      render: (url: string) => (
        <Tooltip title={url}>
          <Typography.Text copyable={{ text: url }}>{url}</Typography.Text>
        </Tooltip>
      ),
    },
    { title: t('admin.remoteJudge.languages'), dataIndex: 'languages', width: 100 },
    {
      title: t('admin.remoteJudge.accounts'),
      dataIndex: 'accounts',
      width: 100,
      render: (n: number, site) => <span data-testid={`remote-site-accounts-${site.oj}`}>{n}</span>,
    },
  ];

  return (
    <PageContainer title={t('admin.remoteJudge.title')} content={t('admin.remoteJudge.intro')}>
      <ProCard title={t('admin.remoteJudge.sites')} bordered headerBordered style={{ marginBottom: 16 }}>
        <Table<RemoteJudgeSiteView>
          rowKey="oj"
          size="small"
          loading={sites === null}
          dataSource={sites ?? []}
          columns={siteColumns}
          pagination={false}
          data-testid="remote-sites"
          onRow={(site) => ({ onClick: () => setActive(site.oj) })}
        />
      </ProCard>
      {sites && sites.length > 0 && (
        <ProCard bordered>
          <Tabs
            activeKey={active ?? sites[0].oj}
            onChange={setActive}
            items={sites.map((site) => ({
              key: site.oj,
              label: <span data-testid={`remote-site-tab-${site.oj}`}>{`${site.oj} (${site.accounts})`}</span>,
              children: <AccountTable oj={site.oj} onChanged={loadSites} />,
            }))}
          />
        </ProCard>
      )}
    </PageContainer>
  );
}
