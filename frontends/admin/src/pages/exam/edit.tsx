/** /admin/exam/create and /admin/exam/:examID/edit: every field of an exam (product §3). */
import {
  PageContainer,
  ProForm,
  ProFormDateTimePicker,
  ProFormDependency,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { App, Card, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ExamAuth, ExamRankScoreType, ExamType, RankShowName } from '@oj/contracts';
import { useT } from '../../i18n';
import { useScopedClient } from '../../scope';
import { createExam, getAdminExam, updateExam } from './api';
import { ExamFormValues, emptyExamForm, examFormErrors, examToForm, formToBody } from './examForm';
import { LockdownFields } from '../../components/lockdown-fields';

export default function ExamEditPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const { examID } = useParams();
  const eid = examID ? Number(examID) : null;
  return (
    <PageContainer title={eid === null ? t('admin.exam.createTitle') : t('admin.exam.editTitle')}>
      <ExamEditor eid={eid} onDone={(created) => navigate(created ? `/exam/${created}/questions` : '/exam')} />
    </PageContainer>
  );
}

/** The exam form without router or page frame (a group mounts it too): `eid` null creates; `onDone` gets a new exam's id. */
export function ExamEditor({ eid, onDone }: { eid: number | null; onDone?: (createdEid?: number) => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const client = useScopedClient();
  const [initial, setInitial] = useState<ExamFormValues | null>(eid === null ? emptyExamForm() : null);
  useEffect(() => {
    if (eid === null) return;
    let alive = true;
    getAdminExam(eid, client)
      .then((e) => alive && setInitial(examToForm(e)))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [eid, client]);

  const onFinish = async (v: ExamFormValues) => {
    const errors = examFormErrors(v);
    if (errors.length) {
      message.error(t(errors[0]));
      return false;
    }
    try {
      if (eid === null) {
        const created = await createExam(formToBody(v), client);
        message.success(t('admin.common.created'));
        onDone?.(created?.id);
        return true;
      }
      await updateExam(formToBody(v, eid), client);
    } catch (_e) {
      return false;
    }
    message.success(t('admin.common.updated'));
    onDone?.();
    return true;
  };

  return (
    <Card>
      {!initial ? (
        <Spin />
      ) : (
        <ProForm<ExamFormValues>
          initialValues={initial}
          dateFormatter="number"
          onFinish={onFinish}
          submitter={{
            searchConfig: { submitText: t('admin.common.save'), resetText: t('admin.common.reset') },
            submitButtonProps: { 'data-testid': 'admin-exam-save' } as Record<string, string>,
          }}
        >
          <ProFormText
            name="title"
            label={t('admin.exam.titleField')}
            rules={[{ required: true, whitespace: true, message: t('admin.exam.titleRequired') }]}
            fieldProps={{ 'data-testid': 'admin-exam-title' } as object}
          />
          <ProFormTextArea name="description" label={t('admin.exam.description')} fieldProps={{ autoSize: { minRows: 4 } }} />
          <ProForm.Group>
            <ProFormDateTimePicker
              name="startTime"
              label={t('admin.exam.startTime')}
              rules={[{ required: true, message: t('admin.exam.timeRequired') }]}
            />
            <ProFormDateTimePicker
              name="endTime"
              label={t('admin.exam.endTime')}
              rules={[{ required: true, message: t('admin.exam.timeRequired') }]}
            />
          </ProForm.Group>
          <ProFormRadio.Group
            name="auth"
            label={t('admin.exam.auth')}
            options={[
              { value: ExamAuth.Public, label: t('admin.exam.authPublic') },
              { value: ExamAuth.Private, label: t('admin.exam.authPrivate') },
              { value: ExamAuth.Protected, label: t('admin.exam.authProtected') },
            ]}
          />
          <ProFormDependency name={['auth']}>
            {({ auth }) =>
              auth !== ExamAuth.Public && (
                <ProFormText
                  name="pwd"
                  label={t('admin.exam.password')}
                  rules={[{ required: true, message: t('admin.exam.passwordRequired') }]}
                />
              )
            }
          </ProFormDependency>
          <ProFormRadio.Group
            name="type"
            label={t('admin.exam.type')}
            tooltip={t('admin.exam.typeHint')}
            options={[
              { value: ExamType.OI, label: t('admin.exam.typeOi') },
              { value: ExamType.ACM, label: t('admin.exam.typeAcm') },
            ]}
          />
          <ProFormRadio.Group
            name="rankScoreType"
            label={t('admin.exam.rankScoreType')}
            options={[
              { value: ExamRankScoreType.Highest, label: t('admin.exam.scoreHighest') },
              { value: ExamRankScoreType.Recent, label: t('admin.exam.scoreRecent') },
            ]}
          />
          <ProFormSwitch name="realScore" label={t('admin.exam.realScore')} tooltip={t('admin.exam.realScoreHint')} />
          <ProFormSwitch name="autoRealScore" label={t('admin.exam.autoRealScore')} tooltip={t('admin.exam.autoRealScoreHint')} />
          <ProFormSelect
            name="rankShowName"
            label={t('admin.exam.rankShowName')}
            width="md"
            options={[
              { value: RankShowName.Username, label: t('admin.exam.showUsername') },
              { value: RankShowName.Nickname, label: t('admin.exam.showNickname') },
              { value: RankShowName.RealName, label: t('admin.exam.showRealName') },
            ]}
          />
          <ProFormSwitch name="visible" label={t('admin.exam.visible')} />
          <LockdownFields />
        </ProForm>
      )}
    </Card>
  );
}
