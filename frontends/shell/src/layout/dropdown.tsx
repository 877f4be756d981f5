/** A light dropdown of the navbar: opens on hover or click, closes on leaving, Escape or choosing. */
import { ReactNode, useState } from 'react';

export function Dropdown({
  trigger,
  children,
  align = 'left',
}: {
  trigger: ReactNode;
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <div
      className="oj-dropdown"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={close}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <div className="oj-dropdown-trigger" onClick={() => setOpen((o) => !o)}>
        {trigger}
      </div>
      {open && (
        <div className={`oj-dropdown-panel oj-dropdown-${align}`} role="menu">
          {children(close)}
        </div>
      )}
    </div>
  );
}

/** Badge text of spec §9: hidden at 0, at most 99. */
export function CountBadge({ count, max }: { count: number; max: number }) {
  if (count <= 0) return null;
  return (
    <sup className="oj-badge" data-count={count}>
      {Math.min(count, max)}
    </sup>
  );
}
