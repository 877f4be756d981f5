/** /group/:groupID: the group's description and facts; outsiders see it too (join from the header). */
import { FormattedMessage } from 'react-intl';
import { Card, Descriptions } from 'antd';
import { formatDateTime, LazyMarkdown } from '@oj/kit';
import { isMember } from '../../lib/rules';
import { useGroup } from './context';

export function GroupHome() {
  const { group, viewer } = useGroup();
  return (
    <Card size="small" data-testid="group-home">
      <LazyMarkdown source={group.description} />
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginTop: 12 }}>
        <Descriptions.Item label={<FormattedMessage id="group.home.brief" />}>{group.brief}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="group.home.created" />}>{formatDateTime(group.gmtCreate)}</Descriptions.Item>
        {isMember(viewer) && group.code && (
          <Descriptions.Item label={<FormattedMessage id="group.form.code" />}>
            <span data-testid="group-code">{group.code}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}
