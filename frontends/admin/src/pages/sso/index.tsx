/**
 * /admin/sso (super admin): the sign-in providers (OIDC, LDAP / AD, CAS) and the "local passwords off for
 * non-admins" setting (issue 36). Secrets are write-only here: the server answers whether one is stored and a
 * two-character hint; leaving the field empty on an edit keeps the stored one.
 */
import { PageContainer, ProCard } from '@ant-design/pro-components';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Result,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import {
  ROLE_DESCRIPTIONS,
  Role,
  SSO_DEFAULT_MAPPING,
  SSO_LIMITS,
  SsoLinkBy,
  SsoMapping,
  SsoProviderBody,
  SsoProviderView,
  SsoSiteSettings,
  SsoType,
} from '@oj/contracts';
import { useT } from '../../i18n';
import {
  createSsoProvider,
  deleteSsoProvider,
  getSsoProviders,
  getSsoSettings,
  setSsoSettings,
  testSsoProvider,
  updateSsoProvider,
} from './api';

const TYPES: SsoType[] = ['oidc', 'ldap', 'cas'];
/** Message ids written out: the locale check finds the ids the screens use by their literal text. */
const TYPE_LABEL: Record<SsoType, string> = { oidc: 'admin.sso.typeOidc', ldap: 'admin.sso.typeLdap', cas: 'admin.sso.typeCas' };
const LINK_LABEL: Record<SsoLinkBy, string> = { email: 'admin.sso.modeLinkEmail', number: 'admin.sso.modeLinkNumber' };
const MAPPING_LABEL: Record<keyof SsoMapping, string> = {
  username: 'admin.sso.mappingUsername',
  email: 'admin.sso.mappingEmail',
  realname: 'admin.sso.mappingRealname',
  school: 'admin.sso.mappingSchool',
  number: 'admin.sso.mappingNumber',
  groups: 'admin.sso.mappingGroups',
};
const MAPPING_FIELDS = Object.keys(MAPPING_LABEL) as (keyof SsoMapping)[];
/** Roles a provider's group may give (the server refuses root). */
const GRANTABLE = (Object.values(Role) as Role[]).filter((r) => r !== Role.Root);

type FormValues = Omit<SsoProviderBody, 'secret'> & { secret?: string };

function blank(type: SsoType): FormValues {
  const settings =
    type === 'oidc'
      ? { issuer: '', clientId: '', scope: 'openid profile email' }
      : type === 'ldap'
        ? {
            url: 'ldap://',
            startTls: true,
            allowUntrustedCert: false,
            bindDn: '',
            searchBase: '',
            searchFilter: '(uid={username})',
            groupFilter: '',
          }
        : { baseUrl: '', version: '3.0' as const };
  return {
    name: '',
    type,
    enabled: true,
    accountMode: 'create',
    linkBy: 'email',
    settings,
    mapping: { ...SSO_DEFAULT_MAPPING[type] },
    groupRules: [],
  };
}

export default function SsoPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const [providers, setProviders] = useState<SsoProviderView[] | null>(null);
  const [settings, setSettings] = useState<SsoSiteSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<{ view: SsoProviderView | null; values: FormValues } | null>(null);

  const reload = useCallback(() => {
    Promise.all([getSsoProviders(), getSsoSettings()]).then(
      ([list, s]) => {
        setProviders(list);
        setSettings(s);
      },
      () => setFailed(true),
    );
  }, []);
  useEffect(reload, [reload]);

  if (failed) return <Result status="error" title={t('admin.sso.loadFailed')} />;

  const toggle = async (p: SsoProviderView, enabled: boolean) => {
    try {
      await updateSsoProvider({ ...bodyOf(p), enabled });
      message.success(t('admin.common.updated'));
    } catch {
      // the client showed the server's text
    }
    reload();
  };

  const test = async (p: SsoProviderView) => {
    try {
      const r = await testSsoProvider(p.id);
      if (r.ok) message.success(t('admin.sso.testOk', { detail: r.detail }));
      else message.error(t('admin.sso.testFailed', { detail: r.detail }));
    } catch {
      // the client showed the server's text
    }
  };

  const remove = async (p: SsoProviderView) => {
    try {
      await deleteSsoProvider(p.id);
      message.success(t('admin.common.deleted'));
    } catch {
      // the client showed the server's text
    }
    reload();
  };

  return (
    <PageContainer title={t('admin.sso.title')} content={t('admin.sso.intro')}>
      <ProCard title={t('admin.sso.siteSettings')} bordered headerBordered style={{ marginBottom: 16 }}>
        <Space>
          <Switch
            checked={settings?.localPasswordOff ?? false}
            disabled={!settings}
            data-testid="sso-password-off"
            onChange={async (localPasswordOff) => {
              try {
                setSettings(await setSsoSettings({ localPasswordOff }));
                message.success(t('admin.common.updated'));
              } catch {
                // the client showed the server's text
              }
            }}
          />
          <span>{t('admin.sso.localPasswordOff')}</span>
        </Space>
      </ProCard>
      <ProCard
        title={t('admin.sso.providers')}
        bordered
        headerBordered
        extra={
          <Select<SsoType>
            placeholder={t('admin.sso.add')}
            style={{ width: 200 }}
            value={null as unknown as SsoType}
            data-testid="sso-add"
            options={TYPES.map((type) => ({ value: type, label: t(TYPE_LABEL[type]) }))}
            onChange={(type) => setEditing({ view: null, values: blank(type) })}
          />
        }
      >
        <Table<SsoProviderView>
          rowKey="id"
          loading={!providers}
          dataSource={providers ?? []}
          pagination={false}
          data-testid="sso-table"
          columns={[
            { title: t('admin.sso.name'), dataIndex: 'name' },
            { title: t('admin.sso.type'), dataIndex: 'type', render: (type: SsoType) => <Tag>{t(TYPE_LABEL[type])}</Tag> },
            {
              title: t('admin.sso.enabled'),
              dataIndex: 'enabled',
              render: (on: boolean, p) => (
                <Switch size="small" checked={on} onChange={(v) => void toggle(p, v)} data-testid={`sso-enabled-${p.id}`} />
              ),
            },
            {
              title: t('admin.sso.accountMode'),
              render: (_: unknown, p) => (p.accountMode === 'create' ? t('admin.sso.modeCreate') : t(LINK_LABEL[p.linkBy])),
            },
            {
              title: t('admin.sso.callbackUrl'),
              dataIndex: 'callbackUrl',
              render: (url: string, p) => (p.type === 'ldap' ? '—' : <Typography.Text copyable>{url}</Typography.Text>),
            },
            {
              title: t('admin.sso.actions'),
              render: (_: unknown, p) => (
                <Space>
                  <Button
                    size="small"
                    onClick={() => setEditing({ view: p, values: { ...bodyOf(p), secret: '' } })}
                    data-testid={`sso-edit-${p.id}`}
                  >
                    {t('admin.common.edit')}
                  </Button>
                  <Button size="small" onClick={() => void test(p)}>
                    {t('admin.sso.test')}
                  </Button>
                  <Popconfirm title={t('admin.sso.deleteConfirm')} onConfirm={() => void remove(p)}>
                    <Button size="small" danger>
                      {t('admin.common.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </ProCard>
      {editing && (
        <ProviderModal
          view={editing.view}
          initial={editing.values}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
    </PageContainer>
  );
}

/** A view as the body of an update (the secret left out: the stored one is kept). */
function bodyOf(p: SsoProviderView): SsoProviderBody {
  return {
    id: p.id,
    name: p.name,
    type: p.type,
    enabled: p.enabled,
    accountMode: p.accountMode,
    linkBy: p.linkBy,
    settings: p.settings,
    mapping: p.mapping,
    groupRules: p.groupRules,
  };
}

function ProviderModal({
  view,
  initial,
  onClose,
  onSaved,
}: {
  view: SsoProviderView | null;
  initial: FormValues;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const type = initial.type;
  const accountMode = Form.useWatch('accountMode', form) ?? initial.accountMode;
  const required = [{ required: true, message: t('admin.sso.required') }];

  const save = async (values: FormValues) => {
    setSaving(true);
    try {
      const body: SsoProviderBody = { ...values, type, groupRules: values.groupRules ?? [] };
      // An empty secret on an edit keeps the stored one (the server never sends it back to show).
      if (!values.secret) delete body.secret;
      if (view) await updateSsoProvider({ ...body, id: view.id });
      else await createSsoProvider(body);
      message.success(t('admin.common.updated'));
      onSaved();
    } catch {
      // the client showed the server's text
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={`${view ? t('admin.common.edit') : t('admin.sso.add')} · ${t(TYPE_LABEL[type])}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving, ...({ 'data-testid': 'sso-save' } as Record<string, string>) }}
      destroyOnHidden
    >
      <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={save} data-testid="sso-form">
        <Space align="start" wrap>
          <Form.Item name="name" label={t('admin.sso.name')} rules={[...required, { max: SSO_LIMITS.nameMax }]}>
            <Input style={{ width: 260 }} aria-label={t('admin.sso.name')} />
          </Form.Item>
          <Form.Item name="enabled" label={t('admin.sso.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        {type === 'oidc' && (
          <>
            <Form.Item
              name={['settings', 'issuer']}
              label={t('admin.sso.oidcIssuer')}
              rules={required}
              extra={t('admin.sso.oidcIssuerHelp')}
            >
              <Input aria-label={t('admin.sso.oidcIssuer')} placeholder="https://" />
            </Form.Item>
            <Space align="start" wrap>
              <Form.Item name={['settings', 'clientId']} label={t('admin.sso.oidcClientId')} rules={required}>
                <Input style={{ width: 260 }} aria-label={t('admin.sso.oidcClientId')} />
              </Form.Item>
              <Form.Item name={['settings', 'scope']} label={t('admin.sso.oidcScope')}>
                <Input style={{ width: 260 }} />
              </Form.Item>
            </Space>
          </>
        )}
        {type === 'ldap' && (
          <>
            <Space align="start" wrap>
              <Form.Item name={['settings', 'url']} label={t('admin.sso.ldapUrl')} rules={required}>
                <Input style={{ width: 300 }} aria-label={t('admin.sso.ldapUrl')} placeholder="ldap://host:389" />
              </Form.Item>
              <Form.Item name={['settings', 'startTls']} valuePropName="checked" label=" ">
                <Checkbox>{t('admin.sso.ldapStartTls')}</Checkbox>
              </Form.Item>
              <Form.Item name={['settings', 'allowUntrustedCert']} valuePropName="checked" label=" ">
                <Checkbox>{t('admin.sso.ldapAllowUntrustedCert')}</Checkbox>
              </Form.Item>
            </Space>
            <Form.Item name={['settings', 'bindDn']} label={t('admin.sso.ldapBindDn')}>
              <Input aria-label={t('admin.sso.ldapBindDn')} placeholder="cn=reader,dc=example,dc=org" />
            </Form.Item>
            <Form.Item name={['settings', 'searchBase']} label={t('admin.sso.ldapSearchBase')} rules={required}>
              <Input aria-label={t('admin.sso.ldapSearchBase')} />
            </Form.Item>
            <Space align="start" wrap>
              <Form.Item
                name={['settings', 'searchFilter']}
                label={t('admin.sso.ldapSearchFilter')}
                rules={required}
                extra={t('admin.sso.ldapSearchFilterHelp')}
              >
                <Input style={{ width: 300 }} aria-label={t('admin.sso.ldapSearchFilter')} />
              </Form.Item>
              <Form.Item name={['settings', 'groupFilter']} label={t('admin.sso.ldapGroupFilter')}>
                <Input style={{ width: 300 }} placeholder="(memberOf=cn=students,ou=groups,dc=example,dc=org)" />
              </Form.Item>
            </Space>
          </>
        )}
        {type === 'cas' && (
          <Space align="start" wrap>
            <Form.Item name={['settings', 'baseUrl']} label={t('admin.sso.casBaseUrl')} rules={required}>
              <Input style={{ width: 360 }} aria-label={t('admin.sso.casBaseUrl')} placeholder="https://cas.example.edu/cas" />
            </Form.Item>
            <Form.Item name={['settings', 'version']} label={t('admin.sso.casVersion')}>
              <Radio.Group options={['3.0', '2.0'].map((v) => ({ value: v, label: v }))} />
            </Form.Item>
          </Space>
        )}
        {type !== 'cas' && (
          <Form.Item
            name="secret"
            label={type === 'oidc' ? t('admin.sso.oidcSecret') : t('admin.sso.ldapBindPassword')}
            extra={view?.secretSet ? t('admin.sso.secretKept', { hint: view.secretHint ?? '' }) : undefined}
          >
            <Input.Password autoComplete="new-password" aria-label={t('admin.sso.secret')} />
          </Form.Item>
        )}
        {view && type !== 'ldap' && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('admin.sso.registerCallback', { url: view.callbackUrl })} />
        )}
        <Space align="start" wrap>
          <Form.Item name="accountMode" label={t('admin.sso.accountMode')}>
            <Radio.Group
              options={[
                { value: 'create', label: t('admin.sso.modeCreate') },
                { value: 'link', label: t('admin.sso.modeLink') },
              ]}
            />
          </Form.Item>
          {accountMode === 'link' && (
            <Form.Item name="linkBy" label={t('admin.sso.linkBy')}>
              <Radio.Group
                options={[
                  { value: 'email', label: t('admin.sso.linkByEmail') },
                  { value: 'number', label: t('admin.sso.linkByNumber') },
                ]}
              />
            </Form.Item>
          )}
        </Space>
        <Typography.Title level={5}>{t('admin.sso.mapping')}</Typography.Title>
        <Space wrap>
          {MAPPING_FIELDS.map((field) => (
            <Form.Item key={field} name={['mapping', field]} label={t(MAPPING_LABEL[field])} rules={field === 'username' ? required : []}>
              <Input style={{ width: 200 }} aria-label={t(MAPPING_LABEL[field])} />
            </Form.Item>
          ))}
        </Space>
        <Typography.Title level={5}>{t('admin.sso.groupRules')}</Typography.Title>
        <Form.List name="groupRules">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="start">
                  <Form.Item name={[field.name, 'value']} rules={required}>
                    <Input placeholder={t('admin.sso.ruleValue')} style={{ width: 200 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'role']}>
                    <Select
                      allowClear
                      placeholder={t('admin.sso.ruleRole')}
                      style={{ width: 200 }}
                      options={GRANTABLE.map((r) => ({ value: r, label: ROLE_DESCRIPTIONS[r] }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'gid']}>
                    <InputNumber min={1} placeholder={t('admin.sso.ruleGid')} style={{ width: 120 }} />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)}>{t('admin.common.delete')}</Button>
                </Space>
              ))}
              <Button type="dashed" onClick={() => add({ value: '', role: null, gid: null })}>
                {t('admin.sso.ruleAdd')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
