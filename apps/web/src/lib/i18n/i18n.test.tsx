import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LanguageSwitch } from '../../components/language-switch';
import { en } from './en';
import { I18nProvider, interpolate, MESSAGES, translate, useT, type MessageKey } from './index';
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

    act(() => screen.getByRole('button', { name: 'Tiếng Việt' }).click());

    expect(screen.getByText('Xin chào')).toBeTruthy();
    expect(document.documentElement.lang).toBe('vi');
    expect(window.localStorage.getItem('language')).toBe('vi');
    expect(screen.getByRole('button', { name: 'Tiếng Việt' }).getAttribute('aria-pressed')).toBe('true');
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
