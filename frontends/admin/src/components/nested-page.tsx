/**
 * Nested admin pages (a contest's problems, announcements and problem editor, a training's problems) name
 * the thing they belong to and lead back to it (issue 21): a back arrow and a breadcrumb for PageContainer.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { call, api } from '@oj/kit';
import { ADMIN_CONTEST_API } from '@oj/contracts';

export interface Crumb {
  to?: string;
  label: string;
}

/** `onBack` (to the last linked crumb) and `breadcrumb` props of a PageContainer. */
export function useNestedHeader(crumbs: Crumb[]) {
  const navigate = useNavigate();
  const back = [...crumbs].reverse().find((c) => c.to);
  return {
    onBack: back ? () => navigate(back.to as string) : undefined,
    breadcrumb: {
      items: crumbs.map((c) => ({
        key: c.to ?? c.label,
        title: c.to ? (
          <Link to={c.to} data-testid="admin-breadcrumb-link">
            {c.label}
          </Link>
        ) : (
          c.label
        ),
      })),
    },
  };
}

/** The contest's title for a nested page's header ('' until known or when the contest cannot be read). */
export function useContestTitle(cid: number | null): string {
  const [title, setTitle] = useState('');
  useEffect(() => {
    if (!cid) return;
    let live = true;
    call<{ title: string }>(api.get(ADMIN_CONTEST_API.contest, { params: { cid }, silent: true }))
      .then((c) => live && setTitle(c.title))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [cid]);
  return title;
}
