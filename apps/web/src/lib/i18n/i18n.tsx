import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { storage } from '../storage';
import type { MessageKey } from './en';
import { enCore } from './en-core';
import { setActiveLanguage } from './locale-format';

export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export type Messages = Record<MessageKey, string>;

/**
 * The catalogues loaded so far. English is the source of keys and the fallback, so it is always
 * here: the words every screen may need from the start (en-core.ts), and the admin tools' own words
 * once an admin screen is opened (loadAdminWords). Every other language is its own chunk, fetched when
 * first chosen (loadLanguage), so the login page carries one language only. Tests register every
 * catalogue up front (test/setup.ts).
 */
export const MESSAGES: Partial<Record<Language, Messages>> = { en: enCore as Partial<Messages> as Messages };

let adminWords: Promise<void> | null = null;

/**
 * Adds the admin tools' English words (en-admin-tools.ts, its own chunk) to the catalogue; the admin
 * screens' loaders wait for it (app/pages.ts). One fetch, shared; a failure can be retried.
 */
export function loadAdminWords(): Promise<void> {
  adminWords ??= import('./en-admin-tools').then(
    ({ enAdminTools }) => {
      MESSAGES.en = { ...MESSAGES.en, ...enAdminTools } as Messages;
    },
    (error: unknown) => {
      adminWords = null;
      throw error;
    },
  );
  return adminWords;
}

/** Whether the English catalogue loaded so far holds `key` (e.g. a header the server sent). */
export function hasMessage(key: string): key is MessageKey {
  return MESSAGES.en !== undefined && Object.hasOwn(MESSAGES.en, key);
}

const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  vi: () => import('./vi').then((m) => m.vi),
};
const loading = new Map<Language, Promise<void>>();

export function isLanguageLoaded(language: Language): boolean {
  return MESSAGES[language] !== undefined;
}

/** Adds a catalogue without fetching it (tests, and a bundle that already holds it). */
export function registerMessages(language: Language, messages: Messages): void {
  MESSAGES[language] = messages;
}

/** Fetches a language's catalogue; calls while it is on its way share one fetch, a failure can be retried. */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || isLanguageLoaded(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = LOADERS[language]()
      .then((messages) => registerMessages(language, messages))
      .finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

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
  // English is the source of keys, so it is the fallback when a translation is blank or not loaded yet.
  const template = MESSAGES[language]?.[key] || MESSAGES.en?.[key] || key;
  return interpolate(template, vars);
}

export function initialLanguage(): Language {
  const stored = storage.getLanguage();
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

interface I18nValue {
  language: Language;
  /** False while the chosen language's catalogue is still on its way (English shows meanwhile). */
  ready: boolean;
  setLanguage(language: Language): void;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ children, language: forced }: { children: ReactNode; language?: Language }) {
  const [language, setLanguageState] = useState<Language>(() => forced ?? initialLanguage());
  // Bumped when a catalogue arrives, so a language that was not loaded yet re-renders in full.
  const [loaded, setLoaded] = useState(() => isLanguageLoaded(language));
  // Formatters of figures and dates read it (locale-format.ts); set before the children render.
  setActiveLanguage(language);

  // Before the browser paints the new words, so the page never shows Vietnamese text marked as English
  // (a screen reader would read it with English rules): a layout effect, not a passive one.
  useLayoutEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  useEffect(() => {
    if (isLanguageLoaded(language)) return;
    let active = true;
    // Until it arrives the screen reads English (the fallback) rather than nothing.
    loadLanguage(language).then(
      () => active && setLoaded(true),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [language]);

  const setLanguage = useCallback((next: Language) => {
    const apply = () => {
      storage.setLanguage(next);
      setLanguageState(next);
      setLoaded(true);
    };
    // Switch once the words are here; if the chunk cannot be fetched, stay in the current language.
    if (isLanguageLoaded(next)) apply();
    else loadLanguage(next).then(apply, () => undefined);
  }, []);

  const value = useMemo<I18nValue>(
    () => ({ language, ready: loaded, setLanguage, t: (key, vars) => translate(language, key, vars) }),
    [language, setLanguage, loaded],
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
