/** /admin/filemanagement: Markdown images uploaded from the editors, where each is used, deletable (HOJ's list-md-files). */
import { PageContainer, ProColumns, ProTable } from '@ant-design/pro-components';
import { Image, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { MdFileUse, MdFileVO, Page } from '@oj/contracts';
import { api, call } from '@oj/kit';
import { DeleteAction, pagedRequest, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';

const listMdFiles = (currentPage: number, limit: number, keyword?: string) =>
  call<Page<MdFileVO>>(api.get('/admin/file/list-md-files', { params: { currentPage, limit, keyword: keyword || undefined } }));
const deleteMdImg = (fileId: number) => call<null>(api.delete('/admin/file/delete-md-img', { params: { fileId } }));

/** Where an admin edits the thing that shows the picture (none for comments and site announcements lists). */
function useHref(u: MdFileUse): string | null {
  switch (u.type) {
    case 'problem':
      return `/problem/edit/${u.id}`;
    case 'contest':
      return `/contest/${u.id}/edit`;
    case 'contestAnnouncement':
      return `/contest/${u.key}/announcement`;
    case 'training':
      return `/training/${u.id}/edit`;
    case 'announcement':
      return '/announcement';
    case 'discussion':
      return '/discussion';
    default:
      return null;
  }
}

const USE_LABELS: Record<MdFileUse['type'], string> = {
  problem: 'admin.file.useProblem',
  discussion: 'admin.file.useDiscussion',
  announcement: 'admin.file.useAnnouncement',
  contest: 'admin.file.useContest',
  contestAnnouncement: 'admin.file.useContestAnnouncement',
  training: 'admin.file.useTraining',
  comment: 'admin.file.useComment',
};

function UseTag({ use }: { use: MdFileUse }) {
  const { t } = useT();
  const href = useHref(use);
  const text = `${t(USE_LABELS[use.type])} ${use.type === 'problem' ? use.key : `#${use.id}`}${use.title ? ` ${use.title}` : ''}`;
  return <Tag color="blue">{href ? <Link to={href}>{text}</Link> : text}</Tag>;
}

const size = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

export default function FileManagementPage() {
  const { t } = useT();
  const { actionRef, reload } = useTableReload();
  const columns: ProColumns<MdFileVO>[] = [
    { title: t('admin.file.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('admin.file.preview'),
      search: false,
      width: 110,
      render: (_, f) => <Image src={f.link} width={80} height={50} style={{ objectFit: 'cover' }} />,
    },
    {
      title: t('admin.file.name'),
      search: false,
      render: (_, f) => (
        <Space direction="vertical" size={0}>
          <span>{f.originalName || f.name}</span>
          <Typography.Text type="secondary" copyable={{ text: f.link }} style={{ fontSize: 12 }}>
            {f.link}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('admin.file.uploader'), dataIndex: 'username', search: false },
    { title: t('admin.file.size'), dataIndex: 'size', search: false, render: (_, f) => size(f.size) },
    { title: t('admin.file.created'), dataIndex: 'gmtCreate', valueType: 'dateTime', search: false },
    {
      title: t('admin.file.usedIn'),
      search: false,
      render: (_, f) =>
        f.usedIn.length ? (
          <Space wrap size={4} data-testid="md-file-uses">
            {f.usedIn.map((u) => (
              <UseTag key={`${u.type}-${u.id}`} use={u} />
            ))}
          </Space>
        ) : (
          <Tag>{t('admin.file.unused')}</Tag>
        ),
    },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      render: (_, f) => [
        <DeleteAction
          key="delete"
          title={f.usedIn.length ? t('admin.file.deleteUsedConfirm') : t('admin.file.deleteConfirm')}
          onDelete={() => deleteMdImg(f.id)}
          onDeleted={reload}
        />,
      ],
    },
  ];
  return (
    <PageContainer title={t('admin.file.title')} content={t('admin.file.intro')}>
      <ProTable<MdFileVO>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={pagedRequest((current, pageSize, params) => listMdFiles(current, pageSize, params.keyword as string | undefined))}
      />
    </PageContainer>
  );
}
