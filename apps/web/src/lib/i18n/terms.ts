import type { KpiAnswer } from '@fieldforce/contracts';
import type { MessageKey } from './en';
import { hasMessage, type Language, type Translate } from './i18n';
import { termsEn } from './terms.en';

/** Terms that are codes, written the same in every language (the translation test allows them). */
export const TERM_CODES: readonly MessageKey[] = (Object.keys(termsEn) as MessageKey[]).filter((key) =>
  ['term.CD VP', 'term.OM DSS', 'term.ECO', 'term.PC', 'term.PC %', 'term.GSV'].includes(key),
);

/**
 * A word the server sends in English (a role, a level heading, a BSA, a KPI header) in the reader's
 * language; a word the catalogue does not know is shown as it came.
 */
export function term(text: string, t: Translate): string {
  return known('term', text, t);
}

/**
 * A stored data word (an outlet type or subtype, a product category: lib/i18n/values) in the reader's
 * language, as the reports show it; one the catalogue does not know is shown as stored.
 */
export function dataWord(text: string, t: Translate): string {
  return known('value', text, t);
}

/**
 * Stored data words offered as choices (a select's or a checklist's options): each value with its word
 * in the reader's language, sorted in that language's order.
 */
export function dataWordChoices(
  values: readonly string[],
  t: Translate,
  language: Language,
): { value: string; label: string }[] {
  const compare = new Intl.Collator(language).compare;
  return values
    .map((value) => ({ value, label: dataWord(value, t) }))
    .sort((a, b) => compare(a.label, b.label));
}

/** The catalogue's key for a server word ('term') or a stored data word ('value'), if it has one. */
export function wordKey(prefix: 'term' | 'value', text: string): MessageKey | undefined {
  const key = `${prefix}.${text}`;
  return hasMessage(key) ? key : undefined;
}

function known(prefix: 'term' | 'value', text: string, t: Translate): string {
  const key = wordKey(prefix, text);
  return key ? t(key) : text;
}

/** A KPI answer with its level titles and KPI headers in the reader's language (for the screen only). */
export function localizeKpiAnswer(answer: KpiAnswer, t: Translate): KpiAnswer {
  return {
    ...answer,
    levels: answer.levels.map((level) => ({
      ...level,
      levelname: term(level.levelname, t),
      columnName: term(level.columnName, t),
    })),
    kpis: answer.kpis.map((k) => ({
      ...k,
      label: term(k.label, t),
      targetLabel: term(k.targetLabel, t),
      actualLabel: term(k.actualLabel, t),
    })),
  };
}
