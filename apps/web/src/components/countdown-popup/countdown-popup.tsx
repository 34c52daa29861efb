import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { CloseIcon } from '../icons';
import './countdown-popup.css';

export const COUNTDOWN_SECONDS = 5;

/**
 * The success/failure popup of spec section 9: a ring that empties over 5 s (green for success,
 * red for failure), the seconds left, then it closes itself. It is a small modal dialog: focus moves
 * to its close button, Escape or the button closes it early, and focus returns where it was.
 */
export function CountdownPopup({
  kind,
  message,
  onClose,
  seconds = COUNTDOWN_SECONDS,
}: {
  kind: 'success' | 'failure';
  message: string;
  onClose(): void;
  seconds?: number;
}) {
  const t = useT();
  const [left, setLeft] = useState(seconds);
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    return () => previous?.focus();
  }, []);

  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        onCloseRef.current();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [seconds]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        // One focusable control: keep focus on it.
        event.preventDefault();
        close.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const radius = 26;
  const circumference = 2 * Math.PI * radius;
  return (
    <div className="dialog-backdrop">
      <div
        className={`countdown countdown--${kind}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="countdown-popup"
      >
        <button ref={close} type="button" className="icon-button countdown__close" onClick={onClose}>
          <CloseIcon />
          <span className="visually-hidden">{t('common.close')}</span>
        </button>
        <svg className="countdown__ring" viewBox="0 0 64 64" aria-hidden="true">
          <circle className="countdown__track" cx="32" cy="32" r={radius} />
          <circle
            className="countdown__arc"
            cx="32"
            cy="32"
            r={radius}
            strokeDasharray={circumference}
            style={{ animationDuration: `${seconds}s`, ['--circumference' as string]: `${circumference}` }}
          />
          <text x="32" y="38" textAnchor="middle" className="countdown__number">
            {left}
          </text>
        </svg>
        <h2 id={titleId} className="countdown__title">
          {t(kind === 'success' ? 'countdown.success' : 'countdown.failure')}
        </h2>
        <p className="countdown__message">{message}</p>
        <p className="countdown__left">{t('countdown.closesIn', { seconds: left })}</p>
      </div>
    </div>
  );
}
