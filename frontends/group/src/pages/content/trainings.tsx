/** /group/:groupID/training: the group's trainings; each is a training of the problems remote (/training/{tid}). */
import { FormattedMessage } from 'react-intl';
import { List, Space, Tag, Typography } from 'antd';
import { TrainingInfo } from '@oj/contracts';
import { getGroupTrainings } from '../../api/group';
import { ContentList, RowEditors } from '../../components/content-list';
import { SiteLink } from '../../components/site-link';
import { usePage } from '../../hooks/use-page';
import { isGroupAdmin } from '../../lib/rules';
import { useGroup } from '../group-detail/context';

export function GroupTrainingsPage() {
  const { gid, viewer } = useGroup();
  const canEdit = isGroupAdmin(viewer);
  const list = usePage<TrainingInfo>((q) => getGroupTrainings(gid, q, canEdit), [gid, canEdit]);
  return (
    <ContentList<TrainingInfo>
      gid={gid}
      testId="group-trainings"
      titleId="group.menu.training"
      emptyId="group.training.empty"
      list={list}
      editor="GroupTrainingEditor"
      canEdit={canEdit}
      renderItem={(t, open) => (
        <List.Item
          data-testid="group-training-row"
          data-id={t.id}
          actions={
            canEdit
              ? [
                  <RowEditors
                    key="e"
                    id={t.id}
                    editors={['GroupTrainingEditor', 'GroupTrainingProblems']}
                    open={open}
                    testId="group-training-edit"
                  />,
                ]
              : []
          }
        >
          <List.Item.Meta
            title={
              <SiteLink to={`/training/${t.id}`} testId="group-training-link">
                {t.title}
              </SiteLink>
            }
            description={
              <Space wrap size={[8, 4]}>
                <Tag>
                  <FormattedMessage id={`group.training.auth.${t.auth}`} />
                </Tag>
                {t.categoryName && <Tag color={t.categoryColor ?? undefined}>{t.categoryName}</Tag>}
                {t.problemCount !== undefined && (
                  <Typography.Text type="secondary">
                    <FormattedMessage
                      id="group.training.progress"
                      values={{ ac: t.acCount ?? 0, bank: t.bankAcCount ?? 0, total: t.problemCount }}
                    />
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
