/** A modal built on <dialog> (focus trapping and Escape come from the browser; `data-autofocus` picks the first focus). */
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
    if (d !== null && !d.open) {
      d.showModal();
      // showModal focuses the first focusable element (Close); React's autoFocus ran before it, so a
      // field marked data-autofocus gets the focus back.
      d.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
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
