import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { CloseIcon } from './icons';
import { matchesMedia } from './use-media-query';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** A field to type or choose in (not a box to tick, a file to pick or a hidden value). */
const FIELD =
  'input:not([disabled]):not([type="hidden"]):not([type="file"]):not([type="checkbox"]):not([type="radio"]), select:not([disabled]), textarea:not([disabled])';

/**
 * A modal dialog: labelled by its title, focus moved inside (to its first field, so a one-field dialog
 * is typed in at once; else, and on touch screens, where a field would raise the keyboard over the
 * dialog, to the first control) and kept there (Tab wraps), Escape and
 * the close button call onClose, and focus returns to where it was. A dialog opened from inside
 * another (a confirmation in a panel) takes Escape and Tab until it closes. Without onClose it is blocking
 * (the forced password change): no close button, Escape does nothing.
 */
export function Dialog({
  title,
  children,
  onClose,
  description,
  className,
}: {
  title: string;
  children: ReactNode;
  onClose?: () => void;
  description?: string;
  className?: string;
}) {
  const t = useT();
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const field = matchesMedia('(pointer: coarse)') ? null : panel.current?.querySelector<HTMLElement>(FIELD);
    const first = field ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    return () => previous?.focus();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A dialog open inside this one (a confirmation in a panel) answers alone.
      if (panel.current?.querySelector('[role="dialog"]')) return;
      if (event.key === 'Escape' && onClose) {
        event.stopPropagation();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="dialog-backdrop">
      <div
        ref={panel}
        className={className ? `dialog ${className}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {onClose ? (
            <button type="button" className="icon-button" onClick={onClose}>
              <CloseIcon />
              <span className="visually-hidden">{t('common.close')}</span>
            </button>
          ) : null}
        </div>
        {description ? (
          <p id={descriptionId} className="dialog__description">
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}

/**
 * A question before a change is saved ("Save the 3 changes?"): the primary action first, then
 * Cancel; Escape and the close button cancel. `busy` disables both while the change is sent.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  danger = false,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
  /** A removal or a switch-off: the action is drawn as dangerous. */
  danger?: boolean;
}) {
  const t = useT();
  return (
    <Dialog title={title} onClose={onCancel}>
      <div className="dialog__body">{children}</div>
      <div className="dialog__actions">
        <button
          type="button"
          className={danger ? 'button button--danger' : 'button button--primary'}
          onClick={onConfirm}
          disabled={busy}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
