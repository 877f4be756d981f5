/** /admin/contest/create and /admin/contest/:contestID/edit: every field of a contest (product §3), checked per §5. */
import {
  PageContainer,
  ProForm,
  ProFormDateTimePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { App, Card, Spin } from 'antd';
import type { SwitchProps } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { AfterEndSeal, ContestAuth, ContestType, OiScoreType, RankShowName, SealMode } from '@oj/contracts';
import { useT } from '../../i18n';
import { useFormErrorFeedback } from '../../components/form-feedback';
import { ScopedClient, useScopedClient } from '../../scope';
import { createContest, getAdminContest, updateContest } from './api';
import { LockdownFields } from '../../components/lockdown-fields';
import { ContestFormValues, contestFormErrors, contestToForm, emptyContestForm, formToBody } from './contestForm';

function useContestForm(cid: number | null, client: ScopedClient) {
  const [values, setValues] = useState<ContestFormValues | null>(cid === null ? emptyContestForm() : null);
  useEffect(() => {
    if (cid === null) return;
    let alive = true;
    getAdminContest(cid, client)
      .then((c) => alive && setValues(contestToForm(c)))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [cid, client]);
  return values;
}

export default function ContestEditPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const { contestID } = useParams();
  const cid = contestID ? Number(contestID) : null;
  return (
    <PageContainer title={cid === null ? t('admin.contest.createTitle') : t('admin.contest.editTitle')}>
      <ContestEditor cid={cid} onDone={() => navigate('/contest')} />
    </PageContainer>
  );
}

/** The contest form without router or page frame (a group mounts it too): `cid` null creates. */
export function ContestEditor({ cid, onDone }: { cid: number | null; onDone?: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const { onFinishFailed } = useFormErrorFeedback();
  const client = useScopedClient();
  const initial = useContestForm(cid, client);

  const onFinish = async (v: ContestFormValues) => {
    const errors = contestFormErrors(v);
    if (errors.length) {
      message.error(t(errors[0]));
      return false;
    }
    try {
      if (cid === null) await createContest(formToBody(v), client);
      else await updateContest(formToBody(v, cid), client);
    } catch (_e) {
      return false;
    }
    message.success(cid === null ? t('admin.common.created') : t('admin.common.updated'));
    onDone?.();
    return true;
  };

  return (
    <Card>
      {!initial ? (
        <Spin />
      ) : (
        <ProForm<ContestFormValues>
          initialValues={initial}
          dateFormatter="number"
          onFinish={onFinish}
          onFinishFailed={onFinishFailed}
          submitter={{ searchConfig: { submitText: t('admin.common.save'), resetText: t('admin.common.reset') } }}
        >
          <ProFormText
            name="title"
            label={t('admin.contest.titleField')}
            rules={[{ required: true, message: t('admin.contest.titleRequired') }]}
          />
          <ProFormTextArea name="description" label={t('admin.contest.description')} fieldProps={{ autoSize: { minRows: 6 } }} />
          <ProForm.Group>
            <ProFormDateTimePicker
              name="startTime"
              label={t('admin.contest.startTime')}
              rules={[{ required: true, message: t('admin.contest.timeRequired') }]}
            />
            <ProFormDateTimePicker
              name="endTime"
              label={t('admin.contest.endTime')}
              rules={[{ required: true, message: t('admin.contest.timeRequired') }]}
            />
          </ProForm.Group>
          <ProFormRadio.Group
            name="type"
            label={t('admin.contest.type')}
            options={[
              { value: ContestType.ACM, label: t('admin.contest.typeAcm') },
              { value: ContestType.OI, label: t('admin.contest.typeOi') },
            ]}
          />
          <ProFormDependency name={['type']}>
            {({ type }) =>
              type === ContestType.OI && (
                <ProFormRadio.Group
                  name="oiRankScoreType"
                  label={t('admin.contest.oiScoreType')}
                  options={[
                    { value: OiScoreType.Recent, label: t('admin.contest.oiRecent') },
                    { value: OiScoreType.Highest, label: t('admin.contest.oiHighest') },
                  ]}
                />
              )
            }
          </ProFormDependency>
          <ProFormRadio.Group
            name="auth"
            label={t('admin.contest.auth')}
            options={[
              { value: ContestAuth.Public, label: t('admin.contest.authPublic') },
              { value: ContestAuth.Private, label: t('admin.contest.authPrivate') },
              { value: ContestAuth.Protected, label: t('admin.contest.authProtected') },
            ]}
          />
          <ProFormDependency name={['auth']}>
            {({ auth }) =>
              auth !== ContestAuth.Public && (
                <ProFormText
                  name="pwd"
                  label={t('admin.contest.password')}
                  rules={[{ required: true, message: t('admin.contest.passwordRequired') }]}
                />
              )
            }
          </ProFormDependency>
          <ProFormSwitch name="sealRank" label={t('admin.contest.sealRank')} />
          <ProFormDependency name={['sealRank', 'sealMode', 'afterEndSeal']}>
            {({ sealRank, sealMode, afterEndSeal }) =>
              sealRank && (
                <>
                  <ProForm.Group>
                    <ProFormSelect
                      name="sealMode"
                      label={t('admin.contest.sealMode')}
                      width="md"
                      options={[
                        { value: SealMode.UntilEnd, label: t('admin.contest.sealUntilEnd') },
                        { value: SealMode.LastHalfHour, label: t('admin.contest.sealLastHalfHour') },
                        { value: SealMode.LastHour, label: t('admin.contest.sealLastHour') },
                        { value: SealMode.Whole, label: t('admin.contest.sealWhole') },
                      ]}
                    />
                    {sealMode === SealMode.UntilEnd && (
                      <ProFormDateTimePicker
                        name="sealRankTime"
                        label={t('admin.contest.sealRankTime')}
                        rules={[{ required: true, message: t('admin.contest.sealTimeRequired') }]}
                      />
                    )}
                  </ProForm.Group>
                  <ProForm.Group>
                    <ProFormSelect
                      name="afterEndSeal"
                      label={t('admin.contest.afterEndSeal')}
                      width="md"
                      options={[
                        { value: AfterEndSeal.AutoUnseal, label: t('admin.contest.afterAutoUnseal') },
                        { value: AfterEndSeal.Unseal, label: t('admin.contest.afterUnseal') },
                        { value: AfterEndSeal.StaySealed, label: t('admin.contest.afterStaySealed') },
                      ]}
                    />
                    {afterEndSeal === AfterEndSeal.Unseal && <ProFormSwitch name="rankUnsealed" label={t('admin.contest.rankUnsealed')} />}
                  </ProForm.Group>
                </>
              )
            }
          </ProFormDependency>
          <ProFormSelect
            name="rankShowName"
            label={t('admin.contest.rankShowName')}
            width="md"
            options={[
              { value: RankShowName.Username, label: t('admin.contest.showUsername') },
              { value: RankShowName.Nickname, label: t('admin.contest.showNickname') },
              { value: RankShowName.RealName, label: t('admin.contest.showRealName') },
            ]}
          />
          <ProFormSelect
            name="starAccount"
            label={t('admin.contest.starAccount')}
            tooltip={t('admin.contest.starAccountHint')}
            mode="tags"
            fieldProps={{ tokenSeparators: [',', ' '], open: false }}
          />
          <ProFormSwitch name="openPrint" label={t('admin.contest.openPrint')} />
          <ProFormSwitch name="openAccountLimit" label={t('admin.contest.openAccountLimit')} />
          <ProFormDependency name={['openAccountLimit']}>
            {({ openAccountLimit }) =>
              openAccountLimit && (
                <>
                  <ProForm.Group>
                    <ProFormText name="limitPrefix" label={t('admin.contest.limitPrefix')} width="sm" />
                    <ProFormDigit
                      name="limitStart"
                      label={t('admin.contest.limitStart')}
                      width="xs"
                      min={0}
                      fieldProps={{ precision: 0 }}
                    />
                    <ProFormDigit name="limitEnd" label={t('admin.contest.limitEnd')} width="xs" min={0} fieldProps={{ precision: 0 }} />
                    <ProFormText name="limitSuffix" label={t('admin.contest.limitSuffix')} width="sm" />
                  </ProForm.Group>
                  <ProFormSelect
                    name="limitExtra"
                    label={t('admin.contest.limitExtra')}
                    mode="tags"
                    fieldProps={{ tokenSeparators: [',', ' '], open: false }}
                  />
                </>
              )
            }
          </ProFormDependency>
          <ProFormSwitch name="visible" label={t('admin.contest.visible')} />
          <ProFormSwitch
            name="allowVirtual"
            label={t('admin.contest.allowVirtual')}
            tooltip={t('admin.contest.allowVirtualHint')}
            fieldProps={{ 'data-testid': 'contest-allow-virtual' } as SwitchProps}
          />
          <LockdownFields />
        </ProForm>
      )}
    </Card>
  );
}
