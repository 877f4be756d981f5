/**
 * /admin/conf (super admin): every system config section of product §2 — website, home carousel, SMTP (background
 * picture, test mail), mobile/SMS, data source (shown), judge, discussion and group limits, and account (the
 * registration switch and the account rules in force). HOJ's "account" cards hold remote-judge logins; this
 * platform judges nothing remotely, so it has none to set.
 */
import { PageContainer, ProCard, ProForm, ProFormDigit, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { App, Button, Image, Input, Result, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { AdminWebConfig, EmailConfig } from '@oj/contracts';
import { getEmailConfig, getWebConfig, sendTestEmail, setEmailConfig, setWebConfig } from '../../api/admin';
import { useT } from '../../i18n';
import { uploadEmailBackground } from './api';
import { AccountCard } from './account';
import { CarouselCard, DataSourceCard, LimitsCard, MobileCard, PictureUpload } from './sections';

/** Loads one config object; `failed` when the call was refused. */
function useConfig<T>(load: () => Promise<T>) {
  const [state, setState] = useState<{ value: T | null; failed: boolean }>({ value: null, failed: false });
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ value, failed: false }),
      () => live && setState({ value: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return state;
}

function WebConfigCard() {
  const { t } = useT();
  const { message } = App.useApp();
  const { value, failed } = useConfig(getWebConfig);
  if (failed) return <Result status="error" title={t('admin.conf.loadFailed')} />;
  if (!value) return <Spin />;
  return (
    <ProForm<AdminWebConfig>
      initialValues={value}
      submitter={{ searchConfig: { submitText: t('admin.common.save'), resetText: t('admin.common.reset') } }}
      onFinish={async (values) => {
        try {
          // Only the form's fields: the API refuses unknown ones.
          await setWebConfig(values);
        } catch (_e) {
          return false;
        }
        message.success(t('admin.common.updated'));
        return true;
      }}
    >
      <ProForm.Group>
        <ProFormText name="name" width="md" label={t('admin.conf.webName')} />
        <ProFormText name="shortName" width="sm" label={t('admin.conf.shortName')} />
        <ProFormText name="baseUrl" width="md" label={t('admin.conf.baseUrl')} />
      </ProForm.Group>
      <ProFormText name="description" label={t('admin.conf.description')} />
      <ProForm.Group>
        <ProFormText name="recordName" width="md" label={t('admin.conf.recordName')} />
        <ProFormText name="recordUrl" width="md" label={t('admin.conf.recordUrl')} />
      </ProForm.Group>
      <ProForm.Group>
        <ProFormText name="projectName" width="md" label={t('admin.conf.projectName')} />
        <ProFormText name="projectUrl" width="md" label={t('admin.conf.projectUrl')} />
      </ProForm.Group>
    </ProForm>
  );
}

function EmailConfigCard() {
  const { t } = useT();
  const { message } = App.useApp();
  const { value, failed } = useConfig(getEmailConfig);
  const [testTo, setTestTo] = useState('');
  const [sending, setSending] = useState(false);
  const [uploadedBg, setBg] = useState<string | null>(null);
  if (failed) return <Result status="error" title={t('admin.conf.loadFailed')} />;
  if (!value) return <Spin />;
  const bg = uploadedBg ?? value.emailBGImg;

  const sendTest = async () => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(testTo)) {
      message.error(t('admin.error.emailFormat'));
      return;
    }
    setSending(true);
    try {
      await sendTestEmail(testTo);
      message.success(t('admin.conf.testEmailSent'));
    } catch (_e) {
      // shown by the client
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <ProForm<EmailConfig>
        initialValues={value}
        submitter={{ searchConfig: { submitText: t('admin.common.save'), resetText: t('admin.common.reset') } }}
        onFinish={async (values) => {
          try {
            await setEmailConfig(values);
          } catch (_e) {
            return false;
          }
          message.success(t('admin.common.updated'));
          return true;
        }}
      >
        <ProForm.Group>
          <ProFormText name="emailHost" width="md" label={t('admin.conf.emailHost')} />
          <ProFormDigit name="emailPort" width="xs" label={t('admin.conf.emailPort')} min={1} max={65535} />
          <ProFormSwitch name="emailSsl" label={t('admin.conf.emailSsl')} />
        </ProForm.Group>
        <ProForm.Group>
          <ProFormText name="emailUsername" width="md" label={t('admin.conf.emailUsername')} />
          <ProFormText.Password
            name="emailPassword"
            width="md"
            label={t('admin.conf.emailPassword')}
            placeholder={value.emailPasswordSet ? t('admin.conf.emailPasswordKept') : undefined}
          />
        </ProForm.Group>
        <ProFormText name="emailBGImg" label={t('admin.conf.emailBackground')} />
      </ProForm>
      <Space style={{ marginTop: 16 }} align="center">
        {bg && <Image src={bg} height={60} />}
        <PictureUpload
          label={t('admin.conf.emailBackgroundUpload')}
          testId="email-bg-upload"
          send={async (f) => {
            setBg(await uploadEmailBackground(f));
            message.success(t('admin.conf.emailBackgroundSaved'));
          }}
        />
      </Space>
      <Space style={{ marginTop: 16 }}>
        <Input
          style={{ width: 280 }}
          placeholder={t('admin.conf.testEmailPlaceholder')}
          value={testTo}
          onChange={(e) => setTestTo(e.target.value)}
        />
        <Button onClick={sendTest} loading={sending}>
          {t('admin.conf.testEmail')}
        </Button>
      </Space>
    </>
  );
}

export default function ConfPage() {
  const { t } = useT();
  return (
    <PageContainer title={t('admin.conf.title')}>
      <ProCard title={t('admin.conf.website')} bordered headerBordered style={{ marginBottom: 16 }}>
        <WebConfigCard />
      </ProCard>
      <ProCard title={t('admin.conf.carousel')} bordered headerBordered style={{ marginBottom: 16 }}>
        <CarouselCard />
      </ProCard>
      <ProCard title={t('admin.conf.smtp')} bordered headerBordered style={{ marginBottom: 16 }}>
        <EmailConfigCard />
      </ProCard>
      <ProCard title={t('admin.conf.mobile')} bordered headerBordered style={{ marginBottom: 16 }}>
        <MobileCard />
      </ProCard>
      <ProCard title={t('admin.conf.judge')} bordered headerBordered style={{ marginBottom: 16 }}>
        <LimitsCard section="judge" />
      </ProCard>
      <ProCard title={t('admin.conf.discussion')} bordered headerBordered style={{ marginBottom: 16 }}>
        <LimitsCard section="discussion" />
      </ProCard>
      <ProCard title={t('admin.conf.group')} bordered headerBordered style={{ marginBottom: 16 }}>
        <LimitsCard section="group" />
      </ProCard>
      <ProCard title={t('admin.conf.account')} bordered headerBordered style={{ marginBottom: 16 }}>
        <AccountCard />
      </ProCard>
      <ProCard title={t('admin.conf.dataSource')} bordered headerBordered>
        <DataSourceCard />
      </ProCard>
    </PageContainer>
  );
}
