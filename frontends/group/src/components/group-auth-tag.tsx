/** The auth badge of a group (product §3): public, protected, private. */
import { FormattedMessage } from 'react-intl';
import { Tag } from 'antd';
import { GroupAuth } from '@oj/contracts';

const COLORS: Record<number, string> = { [GroupAuth.Public]: 'green', [GroupAuth.Protected]: 'orange', [GroupAuth.Private]: 'red' };

export function GroupAuthTag({ auth }: { auth: GroupAuth }) {
  return (
    <Tag color={COLORS[auth]} data-testid="group-auth-tag" data-auth={auth}>
      <FormattedMessage id={`group.auth.${auth}`} />
    </Tag>
  );
}
