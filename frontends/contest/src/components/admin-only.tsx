/**
 * The contest-admin pages (ac-info, admin-print; rejudge for root) refuse others with a page of their own and
 * a way back to the contest, instead of an empty table and a refused call.
 */
import { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button, Result } from 'antd';
import { useContest } from '../pages/contest-detail/context';

export function AdminOnly({ rootOnly = false, children }: { rootOnly?: boolean; children: ReactNode }) {
  const { cid, viewer, isRoot } = useContest();
  if (rootOnly ? isRoot : viewer.isAdmin) return <>{children}</>;
  return (
    <Result
      status="403"
      title={<FormattedMessage id="contest.adminOnly.title" />}
      extra={
        <Link to={`/${cid}`}>
          <Button type="primary">
            <FormattedMessage id="contest.adminOnly.back" />
          </Button>
        </Link>
      }
      data-testid="contest-admin-only"
    />
  );
}
