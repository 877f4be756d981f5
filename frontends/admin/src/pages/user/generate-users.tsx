/** Generate accounts prefix + n + suffix with random passwords, then download them as a spreadsheet (CSV). */
import { DownloadOutlined } from '@ant-design/icons';
import { ProForm, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { App, Button, Card, Table } from 'antd';
import { useState } from 'react';
import { GeneratedUser, GenerateUsersRequest, LIMITS } from '@oj/contracts';
import { useT } from '../../i18n';
import { generateUsers } from './api';
import { downloadGeneratedUsers } from '../../api/admin';
import { accountsCsv, download } from './csv';

export function GenerateUsers({ onGenerated }: { onGenerated: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const [made, setMade] = useState<GeneratedUser[]>([]);
  const [key, setKey] = useState('');
  const submit = async (values: GenerateUsersRequest) => {
    try {
      const result = await generateUsers({ ...values, prefix: values.prefix ?? '', suffix: values.suffix ?? '' });
      setMade(result.users);
      setKey(result.key);
      message.success(t('admin.userGenerate.done', { count: result.users.length }));
      onGenerated();
      return true;
    } catch {
      return false;
    }
  };
  return (
    <Card title={t('admin.userGenerate.title')} data-testid="generate-users">
      <ProForm<GenerateUsersRequest>
        layout="inline"
        initialValues={{ prefix: '', suffix: '', passwordLength: 8 }}
        onFinish={submit}
        submitter={{ searchConfig: { submitText: t('admin.userGenerate.submit') }, resetButtonProps: false }}
      >
        <ProFormText name="prefix" label={t('admin.userGenerate.prefix')} width="sm" />
        <ProFormText name="suffix" label={t('admin.userGenerate.suffix')} width="sm" />
        <ProFormDigit
          name="numberFrom"
          label={t('admin.userGenerate.start')}
          width="xs"
          min={0}
          rules={[{ required: true, message: t('admin.userGenerate.startRequired') }]}
        />
        <ProFormDigit
          name="numberTo"
          label={t('admin.userGenerate.end')}
          width="xs"
          min={0}
          dependencies={['numberFrom']}
          rules={[
            { required: true, message: t('admin.userGenerate.endRequired') },
            ({ getFieldValue }: { getFieldValue: (name: string) => number }) => ({
              validator: (_: unknown, v: number | undefined) =>
                v === undefined || v >= getFieldValue('numberFrom')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('admin.userGenerate.endBeforeStart'))),
            }),
          ]}
        />
        <ProFormDigit
          name="passwordLength"
          label={t('admin.userGenerate.passwordLength')}
          width="xs"
          min={LIMITS.generatedPasswordMin}
          max={LIMITS.generatedPasswordMax}
          rules={[{ required: true, message: t('admin.userGenerate.passwordLengthRule') }]}
        />
      </ProForm>
      {made.length > 0 && (
        <>
          <Button
            icon={<DownloadOutlined />}
            style={{ margin: '16px 0' }}
            data-testid="generate-download"
            onClick={() => download('generated-users.csv', accountsCsv(made))}
          >
            {t('admin.userGenerate.download')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            style={{ margin: '16px 0 16px 8px' }}
            data-testid="generate-download-xlsx"
            onClick={() => void downloadGeneratedUsers(key).catch(() => undefined)}
          >
            {t('admin.userGenerate.downloadXlsx')}
          </Button>
          <Table
            size="small"
            rowKey="username"
            dataSource={made}
            data-testid="generated-accounts"
            pagination={{ pageSize: 10 }}
            columns={[
              { title: t('admin.user.username'), dataIndex: 'username' },
              { title: t('admin.user.password'), dataIndex: 'password' },
            ]}
          />
        </>
      )}
    </Card>
  );
}
