import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from './icon-button';
import { X } from './icons';
import * as styles from './modal.css';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** The focusable elements inside `root`, in tab order (positive tabindex is not used in this app). */
export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute('inert') && element.getAttribute('aria-hidden') !== 'true',
  );
}

export interface ModalProps {
  readonly title: string;
  /** Set while the 260 ms close animation plays; the owner (a machine) unmounts the modal after it. */
  readonly closing?: boolean;
  /** Escape, a backdrop click and the close button all ask to close; the owner decides. */
  readonly onClose: () => void;
  /** Spec §4: the close button is disabled while a request is being sent. */
  readonly closeDisabled?: boolean;
  readonly children: ReactNode;
  /** Id of a text that describes the dialog, if any. */
  readonly describedBy?: string;
  /** Names the dialog (`data-dialog`) so the machine's delayed focus can find it. */
  readonly name?: string;
}

/**
 * The modal shell: role=dialog with aria-modal, labelled by its title; focus trapped inside and
 * returned to where it was on unmount; the page behind does not scroll while it is open.
 * Render it only while the modal is open.
 */
export function Modal({
  title,
  closing = false,
  onClose,
  closeDisabled = false,
  children,
  describedBy,
  name,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Body scroll lock and focus restore for the lifetime of the modal.
  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow, paddingRight } = document.body.style;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = 'hidden';
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
    const dialog = dialogRef.current;
    if (dialog) (focusableWithin(dialog).find((el) => !el.dataset.modalClose) ?? dialog).focus();
    return () => {
      document.body.style.overflow = overflow;
      document.body.style.paddingRight = paddingRight;
      previouslyFocused?.focus();
    };
  }, []);

  // Escape closes from anywhere while the modal is on screen.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = focusableWithin(dialogRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a pointer shortcut; keyboard users have Escape and the close button
    <div
      className={`${styles.backdrop} ${closing ? styles.backdropClosing : ''}`}
      data-state={closing ? 'closing' : 'open'}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        data-dialog={name}
        tabIndex={-1}
        className={`${styles.dialog} ${closing ? styles.dialogClosing : ''}`}
        onKeyDown={trapTab}
      >
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <IconButton
            className={styles.close}
            aria-label="Закрыть"
            data-modal-close="true"
            icon={<X size={22} aria-hidden="true" />}
            disabled={closeDisabled}
            onClick={onClose}
          />
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
