/**
 * The group admins' editors (problem with its test data, contest with its problems and announcements,
 * training and its problems, exam with its problems and questions, question) are the admin remote's: its
 * './group-editors' exports components taking `{ gid, id?, onDone? }` (frontends/admin/src/group-editors.tsx).
 * This drawer mounts one by name; the admin remote loads only when it opens.
 */
import { Component, ComponentType, ReactNode, Suspense, lazy, useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { Drawer, Result, Spin } from 'antd';

/** The exports of admin/group-editors (its contract): editors create (no id) or edit; the others need the id. */
export type GroupEditorName =
  | 'GroupProblemEditor'
  | 'GroupContestEditor'
  | 'GroupContestProblems'
  | 'GroupContestAnnouncements'
  | 'GroupTrainingEditor'
  | 'GroupTrainingProblems'
  | 'GroupExamEditor'
  | 'GroupExamItems'
  | 'GroupQuestionEditor';

export interface GroupEditorProps {
  gid: number;
  id?: number;
  onDone?: () => void;
}

type EditorModule = Record<string, ComponentType<GroupEditorProps> | undefined>;

class EditorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <div data-testid="group-editor-failed">
        <Result status="error" title={<FormattedMessage id="group.editor.loadFailed" />} />
      </div>
    ) : (
      this.props.children
    );
  }
}

function lazyEditor(name: GroupEditorName) {
  return lazy(async () => {
    const m = (await import('admin/group-editors')) as unknown as EditorModule;
    const editor = m[name];
    if (!editor) throw new Error(`admin/group-editors has no ${name}`);
    return { default: editor };
  });
}

export function GroupEditorDrawer(props: GroupEditorProps & { editor: GroupEditorName | null; title: ReactNode; onClose: () => void }) {
  const Editor = useMemo(() => (props.editor ? lazyEditor(props.editor) : null), [props.editor]);
  return (
    <Drawer
      open={!!Editor}
      title={props.title}
      onClose={props.onClose}
      width="min(960px, 100vw)"
      destroyOnClose
      data-testid="group-editor-drawer"
    >
      {Editor && (
        <EditorBoundary>
          <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
            <Editor gid={props.gid} id={props.id} onDone={props.onDone} />
          </Suspense>
        </EditorBoundary>
      )}
    </Drawer>
  );
}
