import { Fragment } from 'react';

/**
 * An email address that wraps where a reader expects it to: before the @ and after each dot, never
 * inside a name part unless one part alone is wider than its box (then the CSS's overflow-wrap breaks
 * it). The text read aloud and copied is the address unchanged (<wbr> adds no characters).
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  const parts =
    at > 0 ? [...splitAfterDots(email.slice(0, at)), ...splitAfterDots(email.slice(at))] : [email];
  return (
    <span className={className}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** 'a.b.c' → ['a.', 'b.', 'c']; '@x.y' → ['@x.', 'y']. */
function splitAfterDots(text: string): string[] {
  return text.split(/(?<=\.)/).filter((part) => part !== '');
}
