import { sortCountryCodes, COUNTRY_CODES, isCountryCode } from '@fieldforce/contracts';
import { useId } from 'react';
import { CountryFlag } from '../../components/country-flag';
import { useT } from '../../lib/i18n';
import { canSwitchCountry, useClientStore } from '../../lib/store';
import { track } from '../../lib/usage';

const COUNTRY_OPTIONS = sortCountryCodes(COUNTRY_CODES);

/** Country name and flag; a picker for super users only (spec sections 2 and 6). */
export function CountryControl() {
  const t = useT();
  const id = useId();
  const country = useClientStore((s) => s.selectedCountryCode);
  const user = useClientStore((s) => s.userDetails);
  const setCountry = useClientStore((s) => s.setSelectedCountryCode);

  if (!canSwitchCountry(user)) {
    return (
      <span className="country">
        <CountryFlag country={country} />
        <span className="visually-hidden">{t('header.country')}: </span>
        <span className="country__name">{t(`country.${country}`)}</span>
      </span>
    );
  }
  return (
    <span className="country">
      <CountryFlag country={country} />
      <label className="visually-hidden" htmlFor={id}>
        {t('header.country')}
      </label>
      <select
        id={id}
        className="country__select"
        value={country}
        onChange={(event) => {
          const next = event.target.value;
          if (!isCountryCode(next)) return;
          track('countrySelection', { from: country, to: next });
          setCountry(next);
        }}
      >
        {COUNTRY_OPTIONS.map((code) => (
          <option key={code} value={code}>
            {t(`country.${code}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
