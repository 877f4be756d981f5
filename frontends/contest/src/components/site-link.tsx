/**
 * A link to another area of the site (the bank's /problem/:id): this remote's router has the basename /contest,
 * so its <Link> cannot leave it. pushState is what single-spa listens to: the shell mounts the owning remote
 * without a page load (as the group remote's SiteLink).
 */
import type { MouseEvent, ReactNode } from 'react';

export function SiteLink({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    window.history.pushState(null, '', to);
  };
  return (
    <a href={to} onClick={go} data-testid={testId}>
      {children}
    </a>
  );
}
