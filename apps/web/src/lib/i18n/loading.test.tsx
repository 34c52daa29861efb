import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LanguageSwitch } from '../../components/language-switch';
import { I18nProvider, isLanguageLoaded, loadLanguage, MESSAGES, useT } from './index';
import { vi } from './vi';

function Greeting() {
  const t = useT();
  return <p>{t('header.greetingAnonymous')}</p>;
}

// test/setup.ts registers every catalogue; these tests start as the app does, with English only.
beforeEach(() => {
  delete MESSAGES.vi;
});
afterEach(() => {
  MESSAGES.vi = vi;
});

describe('catalogues load on demand', () => {
  it('holds English only until another language is asked for, then fetches it once', async () => {
    expect(isLanguageLoaded('en')).toBe(true);
    expect(isLanguageLoaded('vi')).toBe(false);
    const first = loadLanguage('vi');
    expect(loadLanguage('vi')).toBe(first);
    await first;
    expect(MESSAGES.vi?.['header.greetingAnonymous']).toBe('Xin chào');
  });

  it('starts a stored Vietnamese reader in English and turns Vietnamese when the words arrive', async () => {
    window.localStorage.setItem('language', 'vi');
    render(
      <I18nProvider>
        <Greeting />
      </I18nProvider>,
    );
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(await screen.findByText('Xin chào')).toBeTruthy();
  });

  it('switches language only once its catalogue is here, and stores the choice then', async () => {
    render(
      <I18nProvider>
        <Greeting />
        <LanguageSwitch />
      </I18nProvider>,
    );
    act(() => screen.getByRole('button', { name: 'VI Tiếng Việt' }).click());
    // Not yet: no half-English, half-Vietnamese screen and no stored choice before the words arrive.
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(await screen.findByText('Xin chào')).toBeTruthy();
    expect(window.localStorage.getItem('language')).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
  });
});
