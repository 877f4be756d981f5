/**
 * Exposed as `admin/group-editors` (issue 17): the admin area's editors for a group's own content, mounted
 * by the group remote inside a group's admin views. They are the site admin's screens themselves, run in the
 * group scope (./scope): every call goes to its /api/group/... twin with the gid.
 *
 * CONTRACT (group remote codes against this; names and props are stable):
 *
 *   import { GroupProblemEditor, ... } from 'admin/group-editors';   // all named exports, plus GROUP_EDITORS
 *
 *   interface GroupEditorProps { gid: number; id?: number; onDone?: () => void }
 *     gid     the group
 *     id      the row edited (numeric id: problem pid, contest cid, training tid, exam eid, question qid);
 *             absent = create a new one (only for the *Editor components)
 *     onDone  called after a successful save (editors) or when the user presses "back" (lists); the host
 *             then closes the view / goes back to its list
 *
 *   GroupProblemEditor          problem (id = pid): every field, test data zip upload, special/interactive
 *                               judge with compile check; written through /api/group/problem
 *   GroupContestEditor          contest (id = cid)
 *   GroupContestProblems        id = cid (required): the contest's problems; add from the public bank, add
 *                               from the group bank, create a contest problem (the problem editor in a drawer)
 *   GroupContestAnnouncements   id = cid (required): the contest's announcements
 *   GroupTrainingEditor         training (id = tid)
 *   GroupTrainingProblems       id = tid (required): add from public / from group, display id, order, remove
 *   GroupExamEditor             exam (id = eid)
 *   GroupExamItems              id = eid (required): the exam's problems and questions (two tabs)
 *   GroupQuestionEditor         a question of the group's bank (id = qid)
 *
 * Each component brings its own providers (react-intl with the admin texts in the current locale, antd
 * ConfigProvider and App) and uses no router, so it renders anywhere in the host's tree.
 */
import { Drawer, Tabs } from 'antd';
import { ComponentType, ReactNode, useState } from 'react';
import { LocaleProvider } from '@oj/kit';
import { MESSAGES, useT } from './i18n';
import { ScopeProvider } from './scope';
import { ContestEditor } from './pages/contest/edit';
import { ContestAnnouncements } from './pages/contest/announcement';
import { ContestProblems } from './pages/contest/problems';
import { ExamEditor } from './pages/exam/edit';
import { ExamProblems } from './pages/exam/exam-problems';
import { ExamQuestions } from './pages/exam/exam-questions';
import { QuestionEditor } from './pages/exam/questions';
import { ProblemEditor } from './pages/problem-edit';
import { TrainingEditor } from './pages/training/edit';
import { TrainingProblems } from './pages/training/problems';

export interface GroupEditorProps {
  gid: number;
  id?: number;
  onDone?: () => void;
}

/** The providers an editor needs outside the admin app, with the group scope. */
export function GroupScopeFrame({ gid, children }: { gid: number; children: ReactNode }) {
  return (
    <LocaleProvider messages={MESSAGES}>
      <ScopeProvider gid={gid}>{children}</ScopeProvider>
    </LocaleProvider>
  );
}

type Core = ComponentType<{ id?: number; onDone?: () => void }>;

/** Wraps an editor core so the host passes only the contract's props. */
function inGroup(Inner: Core, name: string): ComponentType<GroupEditorProps> {
  const Wrapped = ({ gid, id, onDone }: GroupEditorProps) => (
    <GroupScopeFrame gid={gid}>
      <Inner id={id} onDone={onDone} />
    </GroupScopeFrame>
  );
  Wrapped.displayName = name;
  return Wrapped;
}

/** A "back" link for the list screens (their `onDone`). */
function Back({ onDone }: { onDone?: () => void }) {
  const { t } = useT();
  return onDone ? (
    <a onClick={onDone} style={{ display: 'inline-block', marginBottom: 12 }} data-testid="group-editor-back">
      {t('admin.groupEditors.back')}
    </a>
  ) : null;
}

/** The contest's problems; the problem editor (create, or edit `pid`) opens in a drawer over the list. */
function ContestProblemsCore({ id, onDone }: { id?: number; onDone?: () => void }) {
  const { t } = useT();
  const [editing, setEditing] = useState<{ pid: number | null } | null>(null);
  const [saved, setSaved] = useState(0);
  const cid = id as number;
  return (
    <>
      <Back onDone={onDone} />
      <ContestProblems
        cid={cid}
        reloadKey={saved}
        onCreateProblem={() => setEditing({ pid: null })}
        onEditProblem={(pid) => setEditing({ pid })}
      />
      <Drawer
        open={!!editing}
        width="80%"
        destroyOnClose
        title={t(editing?.pid ? 'admin.contestProblem.editProblemTitle' : 'admin.contestProblem.createProblemTitle')}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <ProblemEditor
            pid={editing.pid}
            cid={cid}
            onDone={() => {
              setEditing(null);
              setSaved((n) => n + 1);
            }}
          />
        )}
      </Drawer>
    </>
  );
}

/** The exam's problems and questions, one tab each. */
function ExamItemsCore({ id, onDone }: { id?: number; onDone?: () => void }) {
  const { t } = useT();
  const eid = id as number;
  return (
    <>
      <Back onDone={onDone} />
      <Tabs
        items={[
          { key: 'questions', label: t('admin.examQuestion.title'), children: <ExamQuestions eid={eid} /> },
          { key: 'problems', label: t('admin.examProblem.title'), children: <ExamProblems eid={eid} /> },
        ]}
      />
    </>
  );
}

export const GroupProblemEditor = inGroup(
  ({ id, onDone }) => <ProblemEditor pid={id ?? null} cid={null} onDone={onDone} />,
  'GroupProblemEditor',
);
export const GroupContestEditor = inGroup(({ id, onDone }) => <ContestEditor cid={id ?? null} onDone={onDone} />, 'GroupContestEditor');
export const GroupContestProblems = inGroup(ContestProblemsCore, 'GroupContestProblems');
export const GroupContestAnnouncements = inGroup(
  ({ id, onDone }) => (
    <>
      <Back onDone={onDone} />
      <ContestAnnouncements cid={id as number} />
    </>
  ),
  'GroupContestAnnouncements',
);
export const GroupTrainingEditor = inGroup(
  ({ id, onDone }) => <TrainingEditor tid={id ?? null} onDone={() => onDone?.()} />,
  'GroupTrainingEditor',
);
export const GroupTrainingProblems = inGroup(
  ({ id, onDone }) => (
    <>
      <Back onDone={onDone} />
      <TrainingProblems tid={id as number} />
    </>
  ),
  'GroupTrainingProblems',
);
export const GroupExamEditor = inGroup(({ id, onDone }) => <ExamEditor eid={id ?? null} onDone={() => onDone?.()} />, 'GroupExamEditor');
export const GroupExamItems = inGroup(ExamItemsCore, 'GroupExamItems');
export const GroupQuestionEditor = inGroup(({ id, onDone }) => <QuestionEditor qid={id} onDone={onDone} />, 'GroupQuestionEditor');

/** Every editor by name, for hosts that pick one from a route table. */
export const GROUP_EDITORS = {
  GroupProblemEditor,
  GroupContestEditor,
  GroupContestProblems,
  GroupContestAnnouncements,
  GroupTrainingEditor,
  GroupTrainingProblems,
  GroupExamEditor,
  GroupExamItems,
  GroupQuestionEditor,
} as const;
