/**
 * A link to another area of the site (a group contest is the contest remote's /contest/{cid}): the router of
 * this remote has the basename /group, so its <Link> cannot leave it. pushState is what single-spa listens to:
 * the shell mounts the owning remote without a page load.
 */
import type { CSSProperties, MouseEvent, ReactNode } from 'react';

export function SiteLink({ to, children, testId, style }: { to: string; children: ReactNode; testId?: string; style?: CSSProperties }) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    window.history.pushState(null, '', to);
  };
  return (
    <a href={to} onClick={go} data-testid={testId} style={{ wordBreak: 'break-word', ...style }}>
      {children}
    </a>
  );
}
