import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LanguageSwitch } from '../../components/language-switch';
import { en } from './en';
import { I18nProvider, interpolate, MESSAGES, translate, useT, type MessageKey } from './index';
import { TERM_CODES } from './terms';
import { vi } from './vi';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('have the same keys in English and Vietnamese, both ways', () => {
    const enKeys = Object.keys(en).sort();
    const viKeys = Object.keys(vi).sort();
    expect(
      enKeys.filter((key) => !viKeys.includes(key)),
      'missing in vi',
    ).toEqual([]);
    expect(
      viKeys.filter((key) => !enKeys.includes(key)),
      'missing in en',
    ).toEqual([]);
  });

  it.each(Object.entries(MESSAGES))('has no empty message in %s', (_language, messages) => {
    const empty = Object.entries(messages).filter(([, text]) => typeof text !== 'string' || !text.trim());
    expect(empty).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const mismatched = (Object.keys(en) as MessageKey[]).filter(
      (key) => placeholders(en[key]).join() !== placeholders(vi[key]).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('leaves no English in the Vietnamese catalogue but names and codes', () => {
    // A Vietnamese message equal to its English one is an English string nobody translated,
    // unless its key is one of these: brand and product names, codes, languages' and countries'
    // own names, and wordings that are the same in Vietnamese (Email).
    const SAME_IN_BOTH = new Set<string>([
      'app.name',
      'language.en.short',
      'language.vi.short',
      'language.en.name',
      'language.vi.name',
      'country.id',
      'country.idic',
      'country.ph',
      'country.pk',
      'country.bd',
      'nav.ucube',
      'page.homepage.title',
      'ucube.i18n.ready',
      'profile.email',
      'form.email',
      'ucube.sort.email',
      'ucube.bsa',
      'trend.kpi.gsv',
      'trend.kpi.eco',
      'trend.kpi.productiveCalls',
      'trend.point',
      'reports.header.BSA',
      // A distance: the unit symbol is the same in both languages (the figure is localised).
      'tracking.km',
      ...TERM_CODES,
    ]);
    const untranslated = (Object.keys(en) as MessageKey[]).filter(
      (key) => vi[key] === en[key] && !SAME_IN_BOTH.has(key),
    );
    expect(untranslated, 'identical in en and vi').toEqual([]);
    // Half-translated phrases ("Tất cả Salesman"): an English word of the English message kept in
    // the Vietnamese one, other than the codes and names every market writes as they are.
    // Keyboard keys keep their printed names; "email" is the Vietnamese word too; file formats as written.
    const KEPT_WORDS = new Set([
      'fieldforce',
      'ucube',
      'email',
      'enter',
      'indonesia',
      'philippines',
      'pakistan',
      'bangladesh',
      // file formats, written as they are in every language
      'zip',
      'jpg',
      'webp',
    ]);
    const words = (text: string) =>
      (text.replace(/\{\w+\}/g, ' ').match(/[\p{L}\p{M}]+/gu) ?? []).filter(
        (word) => /^[A-Za-z]{3,}$/.test(word) && /[a-z]/.test(word),
      );
    const halfTranslated = (Object.keys(en) as MessageKey[])
      .filter((key) => !SAME_IN_BOTH.has(key))
      .flatMap((key) => {
        const english = new Set(words(en[key]));
        const kept = words(vi[key]).filter(
          (word) => english.has(word) && !KEPT_WORDS.has(word.toLowerCase()),
        );
        return kept.length ? [`${key}: ${kept.join(', ')}`] : [];
      });
    expect(halfTranslated, 'English words left in vi').toEqual([]);
  });

  it('keeps the spec wording of the loading placeholder', () => {
    expect(en['common.loading']).toBe('loading...');
  });
});

describe('interpolate', () => {
  it('replaces known placeholders and leaves unknown ones visible', () => {
    expect(interpolate('Hello, {name} ({count})', { name: 'An', count: 3 })).toBe('Hello, An (3)');
    expect(interpolate('Hello, {name}', {})).toBe('Hello, {name}');
    expect(translate('vi', 'header.greeting', { name: 'An' })).toBe('Xin chào, An');
  });
});

function Greeting() {
  const t = useT();
  return <p>{t('header.greetingAnonymous')}</p>;
}

describe('I18nProvider and LanguageSwitch', () => {
  it('switches language, stores the choice and updates <html lang>', () => {
    render(
      <I18nProvider>
        <Greeting />
        <LanguageSwitch />
      </I18nProvider>,
    );
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');

    act(() => screen.getByRole('button', { name: 'VI Tiếng Việt' }).click());

    expect(screen.getByText('Xin chào')).toBeTruthy();
    expect(document.documentElement.lang).toBe('vi');
    expect(window.localStorage.getItem('language')).toBe('vi');
    expect(screen.getByRole('button', { name: 'VI Tiếng Việt' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('starts in the stored language', () => {
    window.localStorage.setItem('language', 'vi');
    render(
      <I18nProvider>
        <Greeting />
      </I18nProvider>,
    );
    expect(screen.getByText('Xin chào')).toBeTruthy();
  });
});
