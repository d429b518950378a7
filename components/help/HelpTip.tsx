'use client';
/**
 * A small (i) button beside a term (a statistic, a test, a CI method): its explanation (help-text.ts)
 * shows on hover AND on keyboard focus, and is the button's accessible description. The bubble is
 * in the DOM only while shown, so a table's header cells keep their plain text ("median") for the
 * tests, copies and screen readers that read them. Escape hides it (WCAG 1.4.13: dismissible).
 * It is placed with `position: fixed` from the button's box, so no scrolling table clips it.
 */
import { useCallback, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import styles from './help.module.css';
import theme from './theme.module.css';

/** Where the bubble goes: below the button, kept inside the viewport's width. */
function placeBelow(button: HTMLElement): CSSProperties {
  const r = button.getBoundingClientRect();
  const width = Math.min(352, window.innerWidth - 16);
  return { top: r.bottom, left: Math.max(8, Math.min(r.left - 8, window.innerWidth - width - 8)), width };
}

export function HelpTip({ topic, text }: { topic: string; text: string }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const show = useCallback(() => button.current && setPlace(placeBelow(button.current)), []);
  const hide = useCallback(() => setPlace(null), []);
  // A page scrolled under an open bubble would leave it beside nothing: it follows its button.
  useEffect(() => {
    if (!place) return;
    window.addEventListener('scroll', show, { passive: true, capture: true });
    return () => window.removeEventListener('scroll', show, { capture: true });
  }, [place !== null, show]);
  return (
    <span className={`${theme.themed} ${styles.tip}`} onMouseEnter={show} onMouseLeave={hide}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-label={`About ${topic}`}
        aria-describedby={id}
        data-help={topic}
        onFocus={show}
        onBlur={hide}
        onClick={() => (place ? hide() : show())}
        onKeyDown={(e) => {
          if (e.key !== 'Escape' || !place) return;
          e.stopPropagation();
          hide();
        }}
      />
      {place && (
        <span role="tooltip" id={id} className={styles.bubble} style={place} data-testid="help-bubble">
          {text}
        </span>
      )}
    </span>
  );
}
