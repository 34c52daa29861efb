import { countryFlags, type CountryCode, type CountryFlags } from '@fieldforce/contracts';

/**
 * The flags of each market as the server last answered them (GET config/flags), for code outside React
 * (the API client's isVAPTEnabled headers). Before the first answer: the contracts' defaults.
 */
const known = new Map<CountryCode, CountryFlags>();

export function knownMarketFlags(country: CountryCode): CountryFlags {
  return known.get(country) ?? countryFlags(country);
}

export function rememberMarketFlags(flags: CountryFlags): void {
  known.set(flags.countryCode, flags);
}

/** Tests: forget every answer. */
export function forgetMarketFlags(): void {
  known.clear();
}
