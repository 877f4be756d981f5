/** Small building blocks of the shell's own pages (plain React + shell.css, no antd). */
import { ReactNode, useEffect } from 'react';

export function Card({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <section className="oj-card">
      {title && <h3 className="oj-card-title">{title}</h3>}
      <div className="oj-card-body">{children}</div>
    </section>
  );
}

export const Loading = () => <div className="oj-loading" aria-busy="true" />;

export const Empty = ({ children }: { children: ReactNode }) => <div className="oj-empty">{children}</div>;

/** A dialog closed by its × button, the mask or Escape (for reading, not for forms). */
export function LightModal({
  title,
  width,
  onClose,
  children,
}: {
  title: ReactNode;
  width: number;
  onClose: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="oj-modal-mask" onClick={onClose}>
      <div className="oj-modal" role="dialog" aria-modal="true" style={{ width }} onClick={(e) => e.stopPropagation()}>
        <div className="oj-modal-header">
          <h3>{title}</h3>
          <button type="button" className="oj-icon-button" aria-label="close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="oj-modal-body">{children}</div>
      </div>
    </div>
  );
}
