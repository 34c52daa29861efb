/**
 * The date fields' text (components/date-input.tsx) in the app's language rather than the browser's:
 * Vietnamese dd/mm/yyyy, English the app's dd-MMM-yy (formatIsoDay). What a person types is read day
 * first in both, with any of / - . or a space between the parts; a month may be a word in English
 * ('24 Nov 2026'); ISO (2026-11-24) and eight digits (24112026) are taken too.
 */
import type { Language } from '../lib/i18n';
import { formatIsoDay } from '../lib/i18n/locale-format';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a real calendar day, or null (31/02 is not one). */
function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/** The day a typed text stands for (YYYY-MM-DD), or null when it is not a date. */
export function parseDateText(text: string): string | null {
  const value = text.trim().toLowerCase();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.\-\s]+(\d{1,2})[/.\-\s]+(\d{4}|\d{2})$/.exec(value);
  if (m) return isoOf(fullYear(m[3]!), Number(m[2]), Number(m[1]));
  m = /^(\d{2})(\d{2})(\d{4})$/.exec(value);
  if (m) return isoOf(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[/.\-\s]*([a-z]{3,9})\.?[/.\-\s,]*(\d{4}|\d{2})$/.exec(value);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3));
    return month < 0 ? null : isoOf(fullYear(m[3]!), month + 1, Number(m[1]));
  }
  return null;
}

/** How a day shows in the field: 24/11/2026 in Vietnamese, 24-Nov-26 in English. */
export function dateText(iso: string, language: Language): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatIsoDay(iso, language) : '';
}

/** A day moved by `days`, kept within min and max when given. */
export function stepDay(iso: string, days: number, min?: string, max?: string): string {
  let next = new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  if (min && next < min) next = min;
  if (max && next > max) next = max;
  return next;
}
