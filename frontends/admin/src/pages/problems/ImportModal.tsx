/** Import of HOJ / FPS / QDOJ / Hydro archives and ICPC / Kattis and Polygon packages (POST /api/file/import-*). */
import { UploadOutlined } from '@ant-design/icons';
import { ModalForm, ProFormRadio, ProFormUploadDragger } from '@ant-design/pro-components';
import { App, Button } from 'antd';
import type { UploadFile } from 'antd';
import { ProblemImportFormat } from '@oj/contracts';
import { importProblems } from '../../api/admin';
import { useT } from '../../i18n';

/** Which files each format accepts: FPS is XML, the others zip archives. */
export const IMPORT_ACCEPT: Record<ProblemImportFormat, string> = {
  hoj: '.zip',
  fps: '.xml',
  qdoj: '.zip',
  hydro: '.zip',
  kattis: '.zip',
  polygon: '.zip',
};

export interface ImportValues {
  format: ProblemImportFormat;
  file: UploadFile[];
}

/** Uploads the chosen archive; true when the server stored it (its refusal is shown by the client). */
export async function submitImport(
  { format, file }: ImportValues,
  t: (id: string) => string,
  message: { error(text: string): unknown; success(text: string): unknown },
): Promise<boolean> {
  const blob = file?.[0]?.originFileObj;
  if (!blob) {
    message.error(t('admin.problemImport.fileRequired'));
    return false;
  }
  try {
    await importProblems(format, blob);
  } catch (_e) {
    return false;
  }
  message.success(t('admin.problemImport.success'));
  return true;
}

/** The format choice and the archive: the fields of the list's import dialog and of the batch page's form. */
export function ImportFields() {
  const { t } = useT();
  return (
    <>
      <ProFormRadio.Group
        name="format"
        label={t('admin.problemImport.format')}
        options={[
          { label: t('admin.problemImport.formatHoj'), value: 'hoj' },
          { label: t('admin.problemImport.formatFps'), value: 'fps' },
          { label: t('admin.problemImport.formatQdoj'), value: 'qdoj' },
          { label: t('admin.problemImport.formatHydro'), value: 'hydro' },
          { label: t('admin.problemImport.formatKattis'), value: 'kattis' },
          { label: t('admin.problemImport.formatPolygon'), value: 'polygon' },
        ]}
      />
      <ProFormUploadDragger
        name="file"
        label={t('admin.problemImport.file')}
        title={t('admin.problemImport.drag')}
        description={t('admin.problemImport.hint')}
        max={1}
        rules={[{ required: true, message: t('admin.problemImport.fileRequired') }]}
        fieldProps={{ beforeUpload: () => false, accept: '.zip,.xml' }}
      />
    </>
  );
}

export function ImportModal({ onImported }: { onImported: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  return (
    <ModalForm<ImportValues>
      title={t('admin.problemImport.title')}
      trigger={
        <Button icon={<UploadOutlined />} data-testid="problem-import">
          {t('admin.problemImport.button')}
        </Button>
      }
      initialValues={{ format: 'hoj' }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={async (values) => {
        const stored = await submitImport(values, t, message);
        if (stored) onImported();
        return stored;
      }}
    >
      <ImportFields />
    </ModalForm>
  );
}
