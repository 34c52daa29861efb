import { LANGUAGES, useI18n, type Language, type MessageKey } from '../lib/i18n';

const SHORT: Record<Language, MessageKey> = { en: 'language.en.short', vi: 'language.vi.short' };
const NAME: Record<Language, MessageKey> = { en: 'language.en.name', vi: 'language.vi.name' };

/** EN / VI toggle; the choice is kept in localStorage `language` by the i18n provider. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { language, setLanguage, t } = useI18n();
  return (
    <div
      className={className ? `language-switch ${className}` : 'language-switch'}
      role="group"
      aria-label={t('language.label')}
    >
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          className="language-switch__option"
          lang={code}
          aria-pressed={language === code}
          onClick={() => setLanguage(code)}
        >
          {/* The name starts with what is shown (EN, VI), so a person using speech input can say it. */}
          {t(SHORT[code])} <span className="visually-hidden">{t(NAME[code])}</span>
        </button>
      ))}
    </div>
  );
}
