/** /admin/training/create and /admin/training/:trainingID/edit: every field of a training (product §3), checked per issue 13. */
import {
  PageContainer,
  ProForm,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { App, Card, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { TrainingAuth } from '@oj/contracts';
import { useT } from '../../i18n';
import { useFormErrorFeedback } from '../../components/form-feedback';
import { ScopedClient, useScopedClient } from '../../scope';
import { createTraining, getAdminTraining, getTrainingCategories, updateTraining } from './api';

export interface TrainingFormValues {
  title: string;
  description: string;
  auth: TrainingAuth;
  privatePwd: string;
  status: boolean;
  rank: number;
  categoryId?: number | null;
}

const empty = (): TrainingFormValues => ({
  title: '',
  description: '',
  auth: TrainingAuth.Public,
  privatePwd: '',
  status: true,
  rank: 0,
  categoryId: null,
});

function useTrainingForm(tid: number | null, client: ScopedClient) {
  const [values, setValues] = useState<TrainingFormValues | null>(tid === null ? empty() : null);
  useEffect(() => {
    if (tid === null) return;
    let alive = true;
    getAdminTraining(tid, client)
      .then(
        ({ training, trainingCategory }) =>
          alive &&
          setValues({
            title: training.title,
            description: training.description,
            auth: training.auth,
            privatePwd: training.privatePwd ?? '',
            status: training.status,
            rank: training.rank,
            categoryId: trainingCategory?.id ?? null,
          }),
      )
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [tid, client]);
  return values;
}

export default function TrainingEditPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const { trainingID } = useParams();
  const tid = trainingID ? Number(trainingID) : null;
  return (
    <PageContainer title={tid === null ? t('admin.training.createTitle') : t('admin.training.editTitle')}>
      <TrainingEditor tid={tid} onDone={(created) => navigate(created ? `/training/${created}/problems` : '/training')} />
    </PageContainer>
  );
}

/**
 * The training form without router or page frame (a group mounts it too): `tid` null creates; `onDone` gets
 * the new training's id after a creation (its problems come next).
 */
export function TrainingEditor({ tid, onDone }: { tid: number | null; onDone?: (createdTid?: number) => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const { onFinishFailed } = useFormErrorFeedback();
  const client = useScopedClient();
  const initial = useTrainingForm(tid, client);

  const onFinish = async (v: TrainingFormValues) => {
    if (v.auth === TrainingAuth.Private && !v.privatePwd?.trim()) {
      message.error(t('admin.training.passwordRequired'));
      return false;
    }
    const body = {
      training: {
        ...(tid === null ? {} : { id: tid }),
        title: v.title.trim(),
        description: v.description ?? '',
        auth: v.auth,
        privatePwd: v.auth === TrainingAuth.Private ? v.privatePwd : '',
        status: v.status,
        rank: v.rank ?? 0,
      },
      trainingCategory: v.categoryId ? { id: v.categoryId } : null,
    };
    try {
      if (tid === null) {
        const created = await createTraining(body, client);
        message.success(t('admin.common.created'));
        onDone?.(created?.id);
      } else {
        await updateTraining(body, client);
        message.success(t('admin.common.updated'));
        onDone?.();
      }
    } catch (_e) {
      return false;
    }
    return true;
  };

  return (
    <Card>
      {!initial ? (
        <Spin />
      ) : (
        <ProForm<TrainingFormValues>
          initialValues={initial}
          onFinish={onFinish}
          onFinishFailed={onFinishFailed}
          submitter={{ searchConfig: { submitText: t('admin.common.save'), resetText: t('admin.common.reset') } }}
        >
          <ProFormText
            name="title"
            label={t('admin.training.titleField')}
            rules={[{ required: true, whitespace: true, message: t('admin.training.titleRequired') }]}
            fieldProps={{ 'data-testid': 'admin-training-title' } as object}
          />
          <ProFormTextArea
            name="description"
            label={t('admin.training.description')}
            tooltip={t('admin.training.descriptionHint')}
            fieldProps={{ autoSize: { minRows: 6 } }}
          />
          <ProFormSelect
            name="categoryId"
            label={t('admin.training.category')}
            allowClear
            request={async () => {
              try {
                return (await getTrainingCategories()).map((c) => ({ value: c.id, label: c.name }));
              } catch (_e) {
                return [];
              }
            }}
            fieldProps={{ 'data-testid': 'admin-training-category' } as object}
          />
          <ProFormRadio.Group
            name="auth"
            label={t('admin.training.auth')}
            options={[
              { value: TrainingAuth.Public, label: t('admin.training.authPublic') },
              { value: TrainingAuth.Private, label: t('admin.training.authPrivate') },
            ]}
          />
          <ProFormDependency name={['auth']}>
            {({ auth }) =>
              auth === TrainingAuth.Private && (
                <ProFormText
                  name="privatePwd"
                  label={t('admin.training.password')}
                  rules={[{ required: true, whitespace: true, message: t('admin.training.passwordRequired') }]}
                  fieldProps={{ 'data-testid': 'admin-training-password' } as object}
                />
              )
            }
          </ProFormDependency>
          <ProForm.Group>
            <ProFormDigit
              name="rank"
              label={t('admin.training.rank')}
              tooltip={t('admin.training.rankHint')}
              fieldProps={{ precision: 0 }}
            />
            <ProFormSwitch name="status" label={t('admin.training.visible')} />
          </ProForm.Group>
        </ProForm>
      )}
    </Card>
  );
}
