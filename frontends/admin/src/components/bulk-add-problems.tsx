/**
 * "Add from the bank" for a contest or an exam (issue 37 item 11): several problems chosen at once and added in
 * one action, one call per problem (the single add routes, with their own permission checks), each with the
 * next free display id from the first one given. Problems the server refused stay selected and are listed with
 * its reason; the others are added and the list reloaded.
 */
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { Alert, App, Form } from 'antd';
import { ReactNode, useState } from 'react';
import { ApiError } from '@oj/kit';
import { useT } from '../i18n';
import { BankOption, BankProblemSelect, BankSource } from './bank-problem-select';
import { FormTrigger } from './crud';
import { displayIdSequence, firstFreeDisplayId } from './bulk-add';

/** The form's values: the chosen problems (value and label) and the first display id, plus the screen's own fields. */
export type BulkAddValues<V> = V & { pid?: BankOption[]; displayId: string };

interface Failure {
  label: string;
  displayId: string;
  reason: string;
}

export function BulkAddProblems<V extends object>({
  source,
  title,
  createLabel,
  testId,
  selectLabel,
  selectTestId,
  requiredMessage,
  displayIdLabel,
  displayIdRequired,
  fallbackDisplayId,
  initialValues,
  loadTaken,
  renderFields,
  add,
  onSaved,
}: {
  source: BankSource;
  title: string;
  createLabel: string;
  testId: string;
  selectLabel: string;
  selectTestId?: string;
  requiredMessage: string;
  displayIdLabel: string;
  displayIdRequired: string;
  /** The first display id when the contest or exam has none yet (A, P1). */
  fallbackDisplayId: string;
  initialValues?: Partial<V>;
  /** The display ids already in use. */
  loadTaken: () => Promise<string[]>;
  /** The screen's other fields; `single`: one problem chosen (fields that belong to one problem are offered then). */
  renderFields?: (single: boolean) => ReactNode;
  /** Adds one problem; a refusal is an ApiError whose text is listed. */
  add: (pick: BankOption, displayId: string, values: BulkAddValues<V>, single: boolean) => Promise<unknown>;
  onSaved: () => void;
}) {
  const { t } = useT();
  const { message } = App.useApp();
  // Untyped: the screen's own fields (V) are generic, and antd's name paths cannot be checked against them.
  const [form] = Form.useForm();
  const [taken, setTaken] = useState<string[]>([]);
  const [failures, setFailures] = useState<Failure[]>([]);
  const picks = (Form.useWatch('pid', form) as BankOption[] | undefined) ?? [];
  const first = (Form.useWatch('displayId', form) as string | undefined) ?? '';
  const planned = picks.length > 1 ? displayIdSequence(first, picks.length, taken) : [];

  const onOpenChange = (open: boolean) => {
    if (!open) return;
    setFailures([]);
    loadTaken()
      .catch(() => [] as string[]) // the client showed why; the server still refuses a duplicate
      .then((ids) => {
        setTaken(ids);
        if (!form.getFieldValue('displayId')) form.setFieldValue('displayId', firstFreeDisplayId(ids, fallbackDisplayId));
      });
  };

  const onFinish = async (values: BulkAddValues<V>) => {
    const chosen = values.pid ?? [];
    const ids = displayIdSequence(values.displayId, chosen.length, taken);
    const single = chosen.length === 1;
    const failed: (Failure & { pick: BankOption })[] = [];
    const used = [...taken];
    // One after another: the ids were planned in order, and the server checks each against the ones before it.
    for (let i = 0; i < chosen.length; i++) {
      try {
        await add(chosen[i], ids[i], values, single);
        used.push(ids[i]);
      } catch (e) {
        failed.push({
          pick: chosen[i],
          label: String(chosen[i].label),
          displayId: ids[i],
          reason: e instanceof ApiError ? e.message : String(e),
        });
      }
    }
    const added = chosen.length - failed.length;
    if (added) {
      message.success(t('admin.bulkAdd.added', { count: added }));
      onSaved();
    }
    setFailures(failed);
    if (!failed.length) return true;
    setTaken(used);
    form.setFieldsValue({ pid: failed.map((f) => f.pick), displayId: firstFreeDisplayId(used, fallbackDisplayId) });
    return false;
  };

  return (
    <ModalForm
      form={form}
      title={title}
      width={600}
      trigger={<FormTrigger editing={false} createLabel={createLabel} testId={testId} />}
      initialValues={{ ...initialValues, displayId: '' }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onOpenChange={onOpenChange}
      onFinish={(values) => onFinish(values as BulkAddValues<V>)}
    >
      {failures.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="bulk-add-failures"
          message={t('admin.bulkAdd.failed', { count: failures.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {failures.map((f) => (
                <li key={`${f.label}-${f.displayId}`}>
                  {t('admin.bulkAdd.failure', { problem: f.label, displayId: f.displayId, reason: f.reason })}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <BankProblemSelect source={source} label={selectLabel} requiredMessage={requiredMessage} testId={selectTestId} multiple />
      <ProFormText
        name="displayId"
        label={picks.length > 1 ? t('admin.bulkAdd.firstDisplayId') : displayIdLabel}
        rules={[{ required: true, whitespace: true, message: displayIdRequired }]}
        extra={planned.length ? t('admin.bulkAdd.planned', { ids: planned.join(t('admin.bulkAdd.separator')) }) : undefined}
        fieldProps={{ 'data-testid': 'bulk-add-display-id' } as object}
      />
      {renderFields?.(picks.length <= 1)}
    </ModalForm>
  );
}
