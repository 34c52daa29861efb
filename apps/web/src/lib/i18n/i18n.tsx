import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { storage } from '../storage';
import { en, type MessageKey } from './en';
import { vi } from './vi';

export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export type Messages = Record<MessageKey, string>;
export const MESSAGES: Record<Language, Messages> = { en, vi };

export type TranslateVars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: TranslateVars) => string;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Replaces `{name}` placeholders; an unknown placeholder is left visible so it gets noticed. */
export function interpolate(template: string, vars?: TranslateVars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : match,
  );
}

export function translate(language: Language, key: MessageKey, vars?: TranslateVars): string {
  // English is the source of keys, so it is the fallback when a translation is blank.
  const template = MESSAGES[language][key] || en[key];
  return interpolate(template, vars);
}

export function initialLanguage(): Language {
  const stored = storage.getLanguage();
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

interface I18nValue {
  language: Language;
  setLanguage(language: Language): void;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ children, language: forced }: { children: ReactNode; language?: Language }) {
  const [language, setLanguageState] = useState<Language>(() => forced ?? initialLanguage());

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const setLanguage = useCallback((next: Language) => {
    storage.setLanguage(next);
    setLanguageState(next);
  }, []);

  const value = useMemo<I18nValue>(
    () => ({ language, setLanguage, t: (key, vars) => translate(language, key, vars) }),
    [language, setLanguage],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}

export function useT(): Translate {
  return useI18n().t;
}
