/** /admin/contest/:contestID/problems: problems added from the bank with display id, title and balloon colour. */
import { PlusOutlined } from '@ant-design/icons';
import {
  ActionType,
  ModalForm,
  PageContainer,
  ProColumns,
  ProFormColorPicker,
  ProFormSelect,
  ProFormText,
  ProTable,
} from '@ant-design/pro-components';
import { App, Button, Popconfirm } from 'antd';
import { useRef } from 'react';
import { useParams } from 'react-router-dom';
import { ContestProblemItem, DEFAULT_PAGE_SIZE } from '@oj/contracts';
import { getProblemList } from '../../api/admin';
import { useT } from '../../i18n';
import { addContestProblem, deleteContestProblem, getContestProblemPage, updateContestProblem } from './api';

interface ProblemFormValues {
  pid?: number;
  displayId: string;
  displayTitle?: string;
  color?: string | { toHexString(): string } | null;
}

/** The colour picker gives a Color object (or a string when untouched): the API wants #rrggbb. */
export const colorValue = (c: ProblemFormValues['color']): string | null => (!c ? null : typeof c === 'string' ? c : c.toHexString());

function ProblemForm({ cid, row, onSaved }: { cid: number; row?: ContestProblemItem; onSaved: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  return (
    <ModalForm<ProblemFormValues>
      title={row ? t('admin.contestProblem.editTitle') : t('admin.contestProblem.addTitle')}
      width={560}
      trigger={
        row ? (
          <a>{t('admin.common.edit')}</a>
        ) : (
          <Button type="primary" icon={<PlusOutlined />} data-testid="admin-contest-add-problem">
            {t('admin.contestProblem.add')}
          </Button>
        )
      }
      initialValues={row ? { displayId: row.displayId, displayTitle: row.displayTitle, color: row.color } : { displayId: '' }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={async (v) => {
        try {
          if (row)
            await updateContestProblem({
              id: row.id,
              displayId: v.displayId.trim(),
              displayTitle: v.displayTitle,
              color: colorValue(v.color),
            });
          else
            await addContestProblem({
              cid,
              pid: v.pid!,
              displayId: v.displayId.trim(),
              displayTitle: v.displayTitle || undefined,
              color: colorValue(v.color),
            });
        } catch (_e) {
          return false;
        }
        message.success(row ? t('admin.common.updated') : t('admin.common.created'));
        onSaved();
        return true;
      }}
    >
      {!row && (
        <ProFormSelect
          name="pid"
          label={t('admin.contestProblem.bankProblem')}
          showSearch
          rules={[{ required: true, message: t('admin.contestProblem.problemRequired') }]}
          fieldProps={{ filterOption: false }}
          debounceTime={300}
          request={async ({ keyWords }) => {
            try {
              const page = await getProblemList({ currentPage: 1, limit: 20, keyword: keyWords || undefined });
              return page.records.map((p) => ({ value: p.id!, label: `${p.problemId} ${p.title}` }));
            } catch (_e) {
              return [];
            }
          }}
        />
      )}
      <ProFormText
        name="displayId"
        label={t('admin.contestProblem.displayId')}
        rules={[{ required: true, whitespace: true, message: t('admin.contestProblem.displayIdRequired') }]}
      />
      <ProFormText
        name="displayTitle"
        label={t('admin.contestProblem.displayTitle')}
        tooltip={t('admin.contestProblem.displayTitleHint')}
      />
      <ProFormColorPicker name="color" label={t('admin.contestProblem.color')} />
    </ModalForm>
  );
}

export default function ContestProblemsPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const cid = Number(useParams().contestID);
  const actionRef = useRef<ActionType>();
  const reload = () => actionRef.current?.reload();

  const columns: ProColumns<ContestProblemItem>[] = [
    { title: t('admin.contestProblem.displayId'), dataIndex: 'displayId', width: 110 },
    { title: t('admin.contestProblem.displayTitle'), dataIndex: 'displayTitle', ellipsis: true },
    { title: t('admin.contestProblem.pid'), dataIndex: 'pid', width: 100 },
    {
      title: t('admin.contestProblem.color'),
      dataIndex: 'color',
      width: 100,
      render: (_d, r) =>
        r.color ? (
          <span style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 8, background: r.color }} title={r.color} />
        ) : (
          '-'
        ),
    },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 140,
      render: (_d, r) => [
        <ProblemForm key="edit" cid={cid} row={r} onSaved={reload} />,
        <Popconfirm
          key="delete"
          title={t('admin.contestProblem.deleteConfirm')}
          okText={t('admin.common.ok')}
          cancelText={t('admin.common.cancel')}
          onConfirm={async () => {
            try {
              await deleteContestProblem(r.id);
              message.success(t('admin.common.deleted'));
              reload();
            } catch (_e) {
              // shown by the client
            }
          }}
        >
          <a style={{ color: '#ff4d4f' }}>{t('admin.common.delete')}</a>
        </Popconfirm>,
      ],
    },
  ];

  return (
    <PageContainer title={t('admin.contestProblem.title')}>
      <ProTable<ContestProblemItem>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={false}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        request={async ({ current, pageSize }) => {
          try {
            const page = await getContestProblemPage(cid, current ?? 1, pageSize ?? DEFAULT_PAGE_SIZE);
            return { data: page.records, total: page.total, success: true };
          } catch (_e) {
            return { data: [], total: 0, success: false };
          }
        }}
        toolBarRender={() => [<ProblemForm key="add" cid={cid} onSaved={reload} />]}
      />
    </PageContainer>
  );
}
