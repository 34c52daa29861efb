/** The configuration answers: the web's flags, and the page's list with explanations and last changes. */
import {
  COUNTRY_FLAG_NAMES,
  countryFlags,
  FLAG_INFO,
  OUTLET_STATUS_DOMAINS_EXPLANATION,
  type Abilities,
  type AdminConfig,
  type CountryCode,
  type CountryFlags,
  type MarketFlags,
} from '@fieldforce/contracts';
import { DOMAINS_KEY, type MarketConfig } from './queries.js';

export function presentMarketFlags(market: CountryCode, flags: CountryFlags): MarketFlags {
  return {
    countryCode: market,
    flags: Object.fromEntries(COUNTRY_FLAG_NAMES.map((name) => [name, flags[name]])) as MarketFlags['flags'],
  };
}

export function presentConfig(market: CountryCode, config: MarketConfig, can: Abilities): AdminConfig {
  const defaults = countryFlags(market);
  return {
    countryCode: market,
    flags: COUNTRY_FLAG_NAMES.map((name) => ({
      name,
      value: config.flags[name],
      defaultValue: defaults[name],
      ...FLAG_INFO[name],
      lastChange: config.lastChanges.get(name) ?? null,
    })),
    outletStatusEmailDomains: {
      domains: config.domains,
      explanation: OUTLET_STATUS_DOMAINS_EXPLANATION,
      lastChange: config.lastChanges.get(DOMAINS_KEY) ?? null,
    },
    can,
  };
}
