/**
 * A light dropdown of the navbar. A mouse opens it by hovering and closes it by leaving; a click on the
 * trigger never closes a menu that hovering just opened. A touch or pen opens it with one tap and closes
 * it with the next tap on the trigger or anywhere outside. Escape or choosing an item closes it too.
 */
import { PointerEvent, ReactNode, useEffect, useRef, useState } from 'react';

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
  const root = useRef<HTMLDivElement>(null);
  /** set when a mouse hover opened the menu: the click that follows keeps it open */
  const openedByHover = useRef(false);
  const lastPointer = useRef<string>('mouse');
  const close = () => {
    openedByHover.current = false;
    setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (root.current && !root.current.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const isMouse = (e: PointerEvent) => e.pointerType === 'mouse';
  return (
    <div
      ref={root}
      className="oj-dropdown"
      onPointerEnter={(e) => {
        if (!isMouse(e) || open) return;
        openedByHover.current = true;
        setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (isMouse(e)) close();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <div
        className="oj-dropdown-trigger"
        aria-expanded={open}
        onPointerDown={(e) => {
          lastPointer.current = e.pointerType;
        }}
        onClick={() => {
          if (open && openedByHover.current && lastPointer.current === 'mouse') {
            // the hover opened it; this click confirms rather than closes
            openedByHover.current = false;
            return;
          }
          openedByHover.current = false;
          setOpen((o) => !o);
        }}
      >
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

/** Badge text of product §9: hidden at 0, at most 99. */
export function CountBadge({ count, max }: { count: number; max: number }) {
  if (count <= 0) return null;
  return (
    <sup className="oj-badge" data-count={count}>
      {Math.min(count, max)}
    </sup>
  );
}
