/** A modal built on <dialog> (focus trapping and Escape come from the browser). */
import { useEffect, useRef, type ReactNode } from 'react';

export function Dialog({
  title,
  onClose,
  children,
  testId,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId: string;
  wide?: boolean;
}): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d !== null && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog ${wide ? 'wide' : ''}`}
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="dialog-head">
        <h2 id={`${testId}-title`}>{title}</h2>
        <button type="button" className="btn icon" aria-label="Close" onClick={onClose}>
          ✕
        </button>
      </div>
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}
