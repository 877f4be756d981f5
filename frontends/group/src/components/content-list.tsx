/**
 * The frame of a group content list (problems, trainings, contests, exams, questions): a card with the
 * admins' "create" button, the paged list with its empty state, and the editor drawer of the admin remote.
 */
import { ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button, Card, Empty, List, Result, Space } from 'antd';
import { PageState, paginationOf } from '../hooks/use-page';
import { GroupEditorDrawer, GroupEditorName } from './group-editor';

export interface ContentListProps<T> {
  gid: number;
  testId: string;
  titleId: string;
  emptyId: string;
  list: PageState<T>;
  /** `open(editor, id)` shows one of the admin remote's editors for a row (edit, its problems...) */
  renderItem: (item: T, open: (editor: GroupEditorName, id: number) => void) => ReactNode;
  /** the admin remote's editor for this kind, shown to the group's admins */
  editor?: GroupEditorName;
  canEdit: boolean;
}

export function ContentList<T>(p: ContentListProps<T>) {
  const [editing, setEditing] = useState<{ editor: GroupEditorName; id?: number } | null>(null);
  const done = () => {
    setEditing(null);
    p.list.reload();
  };
  return (
    <Card
      size="small"
      title={<FormattedMessage id={p.titleId} />}
      data-testid={p.testId}
      extra={
        p.canEdit &&
        p.editor && (
          <Button type="primary" onClick={() => setEditing({ editor: p.editor! })} data-testid={`${p.testId}-create`}>
            <FormattedMessage id="group.admin.create" />
          </Button>
        )
      }
    >
      {p.list.failed ? (
        <div data-testid={`${p.testId}-failed`}>
          <Result status="warning" title={<FormattedMessage id="group.list.loadFailed" />} />
        </div>
      ) : (
        <List<T>
          loading={p.list.loading}
          dataSource={p.list.page?.records ?? []}
          pagination={paginationOf(p.list)}
          locale={{ emptyText: <Empty description={<FormattedMessage id={p.emptyId} />} data-testid={`${p.testId}-empty`} /> }}
          renderItem={(item) => p.renderItem(item, (editor, id) => setEditing({ editor, id }))}
        />
      )}
      {p.canEdit && (
        <GroupEditorDrawer
          editor={editing?.editor ?? null}
          title={<FormattedMessage id={editing?.id ? `group.editor.${editing.editor}` : 'group.admin.create'} />}
          gid={p.gid}
          id={editing?.id}
          onDone={done}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

/** The admins' actions of a row: each opens one editor of the admin remote for the row's id. */
export function RowEditors(props: {
  id: number;
  editors: GroupEditorName[];
  open: (editor: GroupEditorName, id: number) => void;
  testId: string;
}) {
  return (
    <Space wrap size={4}>
      {props.editors.map((e) => (
        <Button key={e} size="small" onClick={() => props.open(e, props.id)} data-testid={`${props.testId}-${e}`}>
          <FormattedMessage id={`group.editor.${e}`} />
        </Button>
      ))}
    </Space>
  );
}
