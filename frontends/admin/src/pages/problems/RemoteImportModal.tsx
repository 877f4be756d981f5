/**
 * "Import remote problem" (issue 34): a site of REMOTE_OJS and the problem's id there. The backend fetches the
 * statement and creates `<SITE>-<id>`; a refusal is shown in the dialog with the server's reason (`data`), since
 * "Importing the remote problem failed." alone does not say whether the id, the site or the network was at fault.
 * The same dialog serves the problem list (into the bank), a contest's problems (into the bank and the contest under
 * a display id, the next free one offered) and a training's problems (listed under its own id, as HOJ does); a
 * problem imported before is reused by the contest and training variants.
 */
import { CloudDownloadOutlined } from '@ant-design/icons';
import { ModalForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { Alert, App, Button, Form } from 'antd';
import { useRef, useState } from 'react';
import { REMOTE_OJS } from '@oj/contracts';
import { ApiError } from '@oj/kit';
import { importRemoteProblem, RemoteImportTarget } from '../remote-judge/api';
import { firstFreeDisplayId } from '../../components/bulk-add';
import { useT } from '../../i18n';

export interface RemoteImportValues {
  oj: string;
  problemId: string;
  /** a contest's display id for the problem (contest target only) */
  displayId?: string;
}

/** What a refused import shows: the (translated) message and, when the server gave one, its reason. */
export interface ImportFailure {
  message: string;
  reason?: string;
}

/** The failure of an import call as the dialog shows it. */
export function importFailure(e: unknown): ImportFailure {
  // Read by shape, not only `instanceof ApiError`: a page may hold another copy of kit than this bundle's.
  const data = e instanceof ApiError || (e instanceof Error && 'data' in e) ? (e as ApiError).data : undefined;
  const reason = typeof data === 'string' && data.trim() ? data.trim() : undefined;
  return { message: e instanceof Error ? e.message : String(e), reason };
}

export function RemoteImportModal({
  onImported,
  target = { kind: 'bank' },
  loadTakenDisplayIds,
}: {
  onImported: () => void;
  /** where the problem goes besides the bank (default: the bank alone) */
  target?: RemoteImportTarget;
  /** a contest's display ids in use, to offer the next free one */
  loadTakenDisplayIds?: () => Promise<string[]>;
}) {
  const { t } = useT();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [form] = Form.useForm<RemoteImportValues>();
  const inContest = target.kind === 'contest';
  const offered = useRef<string>('');

  const onOpenChange = (open: boolean) => {
    if (!open || !inContest || !loadTakenDisplayIds) return;
    loadTakenDisplayIds()
      .catch(() => [] as string[]) // the client showed why; the server still refuses a duplicate
      .then((ids) => {
        // on every opening (the id offered last time may be taken now), unless the admin typed one meanwhile
        const typed = form.getFieldValue('displayId') as string | undefined;
        if (!typed || typed === offered.current) form.setFieldValue('displayId', (offered.current = firstFreeDisplayId(ids, 'A')));
      });
  };

  const onFinish = async ({ oj, problemId, displayId }: RemoteImportValues) => {
    setFailure(null);
    const id = problemId.trim();
    try {
      await importRemoteProblem(oj, id, target, displayId?.trim());
    } catch (e) {
      const f = importFailure(e);
      setFailure(f);
      message.error(f.reason ? `${f.message} ${t('admin.remoteImport.reason', { reason: f.reason })}` : f.message);
      return false;
    }
    message.success(t('admin.remoteImport.success', { oj, problemId: id }));
    onImported();
    return true;
  };

  return (
    <ModalForm<RemoteImportValues>
      form={form}
      title={t('admin.remoteImport.title')}
      trigger={
        <Button icon={<CloudDownloadOutlined />} data-testid="remote-import-open">
          {t('admin.remoteImport.button')}
        </Button>
      }
      initialValues={{ oj: REMOTE_OJS[0], problemId: '', displayId: '' }}
      modalProps={{ destroyOnHidden: true, maskClosable: false, afterClose: () => setFailure(null) }}
      onOpenChange={onOpenChange}
      onFinish={onFinish}
      width={480}
    >
      <ProFormSelect
        name="oj"
        label={t('admin.remoteImport.site')}
        options={REMOTE_OJS.map((oj) => ({ value: oj, label: oj }))}
        rules={[{ required: true, message: t('admin.remoteImport.siteRequired') }]}
        fieldProps={{ 'data-testid': 'remote-import-oj' } as object}
      />
      <ProFormText
        name="problemId"
        label={t('admin.remoteImport.problemId')}
        extra={t('admin.remoteImport.problemIdHint')}
        rules={[{ required: true, whitespace: true, message: t('admin.remoteImport.problemIdRequired') }]}
        fieldProps={{ maxLength: 50, 'data-testid': 'remote-import-problem-id' } as object}
      />
      {inContest && (
        <ProFormText
          name="displayId"
          label={t('admin.contestProblem.displayId')}
          rules={[{ required: true, whitespace: true, message: t('admin.contestProblem.displayIdRequired') }]}
          fieldProps={{ maxLength: 100, 'data-testid': 'remote-import-display-id' } as object}
        />
      )}
      {target.kind === 'training' && <Alert type="info" showIcon message={t('admin.remoteImport.trainingHint')} />}
      {failure && (
        <Alert
          type="error"
          showIcon
          data-testid="remote-import-error"
          message={failure.message}
          description={failure.reason ? t('admin.remoteImport.reason', { reason: failure.reason }) : undefined}
        />
      )}
    </ModalForm>
  );
}
