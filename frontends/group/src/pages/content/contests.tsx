/**
 * /group/:groupID/contest and /group/:groupID/exam: the group's contests and exams. A group contest is a contest
 * (the contest remote's /contest/{cid}), a group exam an exam (/exam/{eid}); status and auth tags are the
 * contest remote's.
 */
import { FormattedMessage } from 'react-intl';
import { List, Space, Typography } from 'antd';
import { ContestInfo, ExamInfo, Page, contestStatusAt } from '@oj/contracts';
import { formatDateTime } from '@oj/kit';
import { AuthTag, HumanDuration, StatusTag } from 'contest/clock';
import { PageQuery, getGroupContests, getGroupExams } from '../../api/group';
import { ContentList, RowEditors } from '../../components/content-list';
import { GroupEditorName } from '../../components/group-editor';
import { SiteLink } from '../../components/site-link';
import { usePage } from '../../hooks/use-page';
import { isGroupAdmin } from '../../lib/rules';
import { useGroup } from '../group-detail/context';

type Timed = Pick<ContestInfo, 'id' | 'title' | 'auth' | 'startTime' | 'endTime' | 'duration' | 'visible'>;

interface Kind {
  area: 'contest' | 'exam';
  load: (gid: number, q: PageQuery, admin: boolean) => Promise<Page<Timed>>;
  editor: GroupEditorName;
  /** the row's editors: the item, then its problems, announcements... */
  rowEditors: GroupEditorName[];
}

function TimedList({ area, load, editor, rowEditors }: Kind) {
  const { gid, viewer } = useGroup();
  // level-5 members are the admins of the group's contests and exams (product §6); group admins create them
  const canEdit = isGroupAdmin(viewer);
  const list = usePage<Timed>((q) => load(gid, q, canEdit), [gid, canEdit]);
  return (
    <ContentList<Timed>
      gid={gid}
      testId={`group-${area}s`}
      titleId={`group.menu.${area}`}
      emptyId={`group.${area}.empty`}
      list={list}
      editor={editor}
      canEdit={canEdit}
      renderItem={(c, open) => (
        <List.Item
          data-testid={`group-${area}-row`}
          data-id={c.id}
          actions={canEdit ? [<RowEditors key="e" id={c.id} editors={rowEditors} open={open} testId={`group-${area}-edit`} />] : []}
        >
          <List.Item.Meta
            title={
              <SiteLink to={`/${area}/${c.id}`} testId={`group-${area}-link`}>
                {c.title}
              </SiteLink>
            }
            description={
              <Space wrap size={[8, 4]}>
                <StatusTag status={contestStatusAt(c.startTime, c.endTime, new Date())} />
                <AuthTag auth={c.auth} />
                <Typography.Text type="secondary">{formatDateTime(c.startTime)}</Typography.Text>
                <Typography.Text type="secondary">
                  <HumanDuration seconds={c.duration} />
                </Typography.Text>
                {!c.visible && (
                  <Typography.Text type="warning">
                    <FormattedMessage id="group.content.hidden" />
                  </Typography.Text>
                )}
              </Space>
            }
          />
        </List.Item>
      )}
    />
  );
}

export const GroupContestsPage = () => (
  <TimedList
    area="contest"
    load={getGroupContests}
    editor="GroupContestEditor"
    rowEditors={['GroupContestEditor', 'GroupContestProblems', 'GroupContestAnnouncements']}
  />
);
export const GroupExamsPage = () => (
  <TimedList
    area="exam"
    load={(gid, q, admin) => getGroupExams(gid, q, admin) as Promise<Page<ExamInfo>>}
    editor="GroupExamEditor"
    rowEditors={['GroupExamEditor', 'GroupExamItems']}
  />
);
