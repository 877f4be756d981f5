/**
 * The pieces every admin list page repeats: a ProTable reload handle, a paged `request`, an action that
 * reports success and reloads, the delete link behind a confirmation, and the create/edit ModalForm
 * trigger and save handler. Texts come from the admin locales (admin.common.*).
 */
import { PlusOutlined } from '@ant-design/icons';
import { ActionType } from '@ant-design/pro-components';
import { App, Button, Popconfirm } from 'antd';
import { MouseEvent, useRef } from 'react';
import { DEFAULT_PAGE_SIZE, Page } from '@oj/contracts';
import { useT } from '../i18n';

/** The table's action ref and a `reload()` of its current page. */
export function useTableReload() {
  const actionRef = useRef<ActionType>();
  const reload = () => actionRef.current?.reload();
  return { actionRef, reload };
}

type RequestParams = { current?: number; pageSize?: number } & Record<string, unknown>;

/** A ProTable `request` over a paged API; a refused call shows an empty table (the client showed the text). */
export function pagedRequest<T>(load: (current: number, pageSize: number, params: RequestParams) => Promise<Page<T>>) {
  return async (params: RequestParams) => {
    try {
      const page = await load(params.current ?? 1, params.pageSize ?? DEFAULT_PAGE_SIZE, params);
      return { data: page.records, total: page.total, success: true };
    } catch (_e) {
      return { data: [] as T[], total: 0, success: false };
    }
  };
}

/**
 * `run(action, successId)`: runs the call, then shows the success text and calls `done` (e.g. the table's
 * reload); a refused call was already shown by the client.
 */
export function useNotifiedAction(done: () => void) {
  const { t } = useT();
  const { message } = App.useApp();
  return async (action: () => Promise<unknown>, successId: string) => {
    try {
      await action();
      message.success(t(successId));
      done();
    } catch (_e) {
      // shown by the client
    }
  };
}

/** The red "Delete" link of a row, asking `title` first; on success says so and calls `onDeleted`. */
export function DeleteAction({ title, onDelete, onDeleted }: { title: string; onDelete: () => Promise<unknown>; onDeleted: () => void }) {
  const { t } = useT();
  const run = useNotifiedAction(onDeleted);
  return (
    <Popconfirm
      title={title}
      okText={t('admin.common.ok')}
      cancelText={t('admin.common.cancel')}
      onConfirm={() => run(onDelete, 'admin.common.deleted')}
    >
      <a style={{ color: '#ff4d4f' }}>{t('admin.common.delete')}</a>
    </Popconfirm>
  );
}

/**
 * The trigger of a create/edit ModalForm: the row's "Edit" link, or the primary create button. The
 * ModalForm clones its trigger with an `onClick`, passed on here.
 */
export function FormTrigger({
  editing,
  createLabel,
  editLabel,
  testId,
  onClick,
}: {
  editing: boolean;
  createLabel: string;
  /** The edit link's text when a row has two edit dialogs (default '编辑'). */
  editLabel?: string;
  testId?: string;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
}) {
  const { t } = useT();
  return editing ? (
    <a onClick={onClick}>{editLabel ?? t('admin.common.edit')}</a>
  ) : (
    <Button type="primary" icon={<PlusOutlined />} data-testid={testId} onClick={onClick}>
      {createLabel}
    </Button>
  );
}

/**
 * The `onFinish` of a create/edit ModalForm: saves, says "created" or "updated", calls `onSaved` and closes;
 * a refused save keeps the form open (the client showed the text).
 */
/** `createdId`: the success text of a new row when it is not a creation (e.g. 'admin.common.added' for an existing problem). */
export function useModalSave<V>(
  editing: boolean,
  onSaved: () => void,
  save: (values: V) => Promise<unknown>,
  createdId = 'admin.common.created',
) {
  const { t } = useT();
  const { message } = App.useApp();
  return async (values: V) => {
    try {
      await save(values);
    } catch (_e) {
      return false;
    }
    message.success(t(editing ? 'admin.common.updated' : createdId));
    onSaved();
    return true;
  };
}
