/**
 * The config sections beyond website and SMTP (product §2 "system config"): home carousel, mobile/SMS, data source
 * (shown), and the judge, discussion and group limits. The limits are the same stored keys the server reads
 * (the switch section: submit interval, AC counts, daily limits), saved through the switch call.
 */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { ProForm, ProFormDigit, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { App, Button, Descriptions, Empty, Image, Popconfirm, Result, Space, Spin, Upload } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { DbAndRedisConfig, HomeCarouselItem, MobileConfig, SwitchConfig } from '@oj/contracts';
import { getSwitches, updateSwitches } from '../../api/admin';
import { useT } from '../../i18n';
import { MobileConfigView, deleteCarousel, getCarousel, getDbAndRedis, getMobileConfig, setMobileConfig, uploadCarousel } from './api';

const IMAGE_TYPES = '.gif,.jpg,.jpeg,.png,.bmp,.webp';

/** An upload button that sends the chosen picture through `send` (antd Upload without its own request). */
export function PictureUpload({ label, send, testId }: { label: string; send: (f: File) => Promise<unknown>; testId?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept={IMAGE_TYPES}
      showUploadList={false}
      beforeUpload={(file) => {
        setBusy(true);
        send(file)
          .catch(() => undefined) // shown by the client
          .finally(() => setBusy(false));
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy} data-testid={testId}>
        {label}
      </Button>
    </Upload>
  );
}

export function CarouselCard() {
  const { t } = useT();
  const { message } = App.useApp();
  const [items, setItems] = useState<HomeCarouselItem[] | null>(null);
  const load = useCallback(() => getCarousel().then(setItems, () => setItems([])), []);
  useEffect(() => {
    void load();
  }, [load]);
  if (!items) return <Spin />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <PictureUpload
        label={t('admin.conf.carouselUpload')}
        testId="carousel-upload"
        send={async (f) => {
          await uploadCarousel(f);
          message.success(t('admin.common.created'));
          await load();
        }}
      />
      {items.length === 0 ? (
        <Empty description={t('admin.conf.carouselEmpty')} />
      ) : (
        <Space wrap size="large">
          {items.map((item) => (
            <Space key={item.id} direction="vertical" align="center" data-testid="carousel-item">
              <Image src={item.url} width={200} height={100} style={{ objectFit: 'cover' }} />
              <Popconfirm
                title={t('admin.conf.carouselDeleteConfirm')}
                okText={t('admin.common.ok')}
                cancelText={t('admin.common.cancel')}
                onConfirm={async () => {
                  try {
                    setItems(await deleteCarousel(item.id));
                    message.success(t('admin.common.deleted'));
                  } catch (_e) {
                    // shown by the client
                  }
                }}
              >
                <Button danger size="small" icon={<DeleteOutlined />}>
                  {t('admin.common.delete')}
                </Button>
              </Popconfirm>
            </Space>
          ))}
        </Space>
      )}
    </Space>
  );
}

export function MobileCard() {
  const { t } = useT();
  const { message } = App.useApp();
  const [value, setValue] = useState<MobileConfigView | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getMobileConfig().then(setValue, () => setFailed(true));
  }, []);
  if (failed) return <Result status="error" title={t('admin.conf.loadFailed')} />;
  if (!value) return <Spin />;
  return (
    <ProForm<MobileConfig>
      initialValues={value}
      submitter={{ searchConfig: { submitText: t('admin.common.save'), resetText: t('admin.common.reset') } }}
      onFinish={async (values) => {
        try {
          await setMobileConfig(values);
        } catch (_e) {
          return false;
        }
        message.success(t('admin.common.updated'));
        return true;
      }}
    >
      <ProForm.Group>
        <ProFormText name="regionId" width="sm" label={t('admin.conf.smsRegionId')} />
        <ProFormText name="domain" width="md" label={t('admin.conf.smsDomain')} />
      </ProForm.Group>
      <ProForm.Group>
        <ProFormText name="accessKeyId" width="md" label={t('admin.conf.smsAccessKeyId')} />
        <ProFormText.Password
          name="accessKeySecret"
          width="md"
          label={t('admin.conf.smsAccessKeySecret')}
          placeholder={value.accessKeySecretSet ? t('admin.conf.emailPasswordKept') : undefined}
        />
      </ProForm.Group>
      <ProForm.Group>
        <ProFormText name="signName" width="sm" label={t('admin.conf.smsSignName')} />
        <ProFormText name="templateCode" width="sm" label={t('admin.conf.smsTemplateCode')} />
      </ProForm.Group>
    </ProForm>
  );
}

export function DataSourceCard() {
  const { t } = useT();
  const [value, setValue] = useState<DbAndRedisConfig | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getDbAndRedis().then(setValue, () => setFailed(true));
  }, []);
  if (failed) return <Result status="error" title={t('admin.conf.loadFailed')} />;
  if (!value) return <Spin />;
  return (
    <>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t('admin.conf.dbHost')}>
          {value.embeddedPostgres ? t('admin.conf.dbEmbedded') : `${value.dbHost}:${value.dbPort}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.conf.dbName')}>{value.dbName}</Descriptions.Item>
        <Descriptions.Item label={t('admin.conf.dbUsername')}>{value.dbUsername}</Descriptions.Item>
        <Descriptions.Item label={t('admin.conf.redisHost')}>{`${value.redisHost}:${value.redisPort}`}</Descriptions.Item>
        <Descriptions.Item label={t('admin.conf.redisKeyPrefix')}>{value.redisKeyPrefix}</Descriptions.Item>
      </Descriptions>
      <p style={{ marginTop: 12 }}>{t('server.SITE_TEXT.dataSourceReadOnly')}</p>
    </>
  );
}

/** The limits of one section, by stored key: its label id and the id of the line saying what the number means. */
export const LIMIT_SECTIONS = {
  judge: {
    defaultSubmitInterval: ['admin.switch.submitInterval', 'admin.switch.submitIntervalHelp'],
    maxDailyTestcaseDownloads: ['admin.switch.testcaseDownloadsDaily', 'admin.switch.testcaseDownloadsDailyHelp'],
  },
  discussion: {
    defaultCreateDiscussionACInitValue: ['admin.switch.discussionAc', 'admin.switch.discussionAcHelp'],
    defaultCreateDiscussionDailyLimit: ['admin.switch.discussionDaily', 'admin.switch.discussionDailyHelp'],
    defaultCreateCommentACInitValue: ['admin.switch.commentAc', 'admin.switch.commentAcHelp'],
  },
  group: {
    defaultCreateGroupACInitValue: ['admin.switch.groupAc', 'admin.switch.groupAcHelp'],
    defaultCreateGroupDailyLimit: ['admin.switch.groupDaily', 'admin.switch.groupDailyHelp'],
    defaultCreateGroupLimit: ['admin.switch.groupTotal', 'admin.switch.groupTotalHelp'],
  },
} as const satisfies Record<string, Partial<Record<keyof SwitchConfig, readonly [string, string]>>>;

/** One section of limits; saving re-reads the stored switch config so other sections' values are kept. */
export function LimitsCard({ section }: { section: keyof typeof LIMIT_SECTIONS }) {
  const { t } = useT();
  const { message } = App.useApp();
  const [value, setValue] = useState<SwitchConfig | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getSwitches().then(setValue, () => setFailed(true));
  }, []);
  if (failed) return <Result status="error" title={t('admin.conf.loadFailed')} />;
  if (!value) return <Spin />;
  const labels: Record<string, readonly [string, string]> = LIMIT_SECTIONS[section];
  return (
    <ProForm<Partial<SwitchConfig>>
      initialValues={value}
      submitter={{ searchConfig: { submitText: t('admin.common.save'), resetText: t('admin.common.reset') } }}
      onFinish={async (values) => {
        try {
          const current = await getSwitches();
          await updateSwitches({ ...current, ...values });
        } catch (_e) {
          return false;
        }
        message.success(t('admin.common.updated'));
        return true;
      }}
    >
      {section === 'judge' && <ProFormSwitch name="hideNonContestSubmissionCode" label={t('admin.switch.hideCode')} />}
      <ProForm.Group>
        {Object.entries(labels).map(([key, [label, help]]) => (
          <ProFormDigit
            key={key}
            name={key}
            width="md"
            label={t(label)}
            extra={<span data-testid={`limit-help-${key}`}>{t(help)}</span>}
            min={0}
            fieldProps={{ precision: 0, id: `limit-${key}` }}
            rules={[{ required: true, message: t('admin.conf.limitRequired') }]}
          />
        ))}
      </ProForm.Group>
    </ProForm>
  );
}
