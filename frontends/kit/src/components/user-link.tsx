import type { ReactNode } from 'react';
import { isHttpLink } from '@oj/contracts';

/**
 * A link someone typed (a profile's blog or GitHub, the site's record link): an anchor only for an http(s) address
 * (product §5). Rows saved before the server checked links may hold `javascript:` or `data:` text; those show as
 * plain text, since an href with such a scheme runs in the session of whoever clicks it. Opens in a new tab without
 * giving the other site a handle on this page.
 */
export function UserLink({
  href,
  children,
  fallback,
  testId,
}: {
  href: string | null | undefined;
  children?: ReactNode;
  /** What shows, as text, in place of a link that is not http(s); the stored text itself by default. */
  fallback?: ReactNode;
  testId?: string;
}) {
  if (!href) return null;
  if (!isHttpLink(href)) return <span data-testid={testId}>{fallback ?? href}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" data-testid={testId}>
      {children ?? href}
    </a>
  );
}
