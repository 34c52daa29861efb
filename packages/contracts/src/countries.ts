import { z } from 'zod';

/** Country codes in the spec's sort order (section 9): id, idic, vn, ph, th, pk, bd. */
export const COUNTRY_CODES = ['id', 'idic', 'vn', 'ph', 'th', 'pk', 'bd'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const countryCodeSchema = z.enum(COUNTRY_CODES);
export const DEFAULT_COUNTRY: CountryCode = 'vn';

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

/** The feature flags of spec section 3, by their spec names. */
export const COUNTRY_FLAG_NAMES = [
  'OfflineApp',
  'DownloadReports',
  'isHPC',
  'siteCodeCheck',
  'salesmandeviceid',
  'outletGeoCompliance',
  'MultiSelect',
  'enableGTM',
  'sortable',
  'isVAPTEnabled',
  'opsReportNote',
  'newKPIID',
  'exportHide',
  'E2E_E2SEnabled',
  'SMSEnrolment',
  'BTPEndpoint',
  'SMTracking',
  'SearchOptionOnDrilldown',
  'isCDA',
  'UFSFilters',
] as const;
export type CountryFlagName = (typeof COUNTRY_FLAG_NAMES)[number];
export type CountryFlags = { countryCode: CountryCode } & Record<CountryFlagName, boolean>;

/**
 * Defaults for flags the spec does not pin down (docs/decisions.md, "Country flag defaults").
 * The spec's own rules are applied on top by countryFlags().
 */
const FLAG_DEFAULTS: Record<CountryFlagName, boolean> = {
  OfflineApp: true,
  DownloadReports: true,
  isHPC: false,
  siteCodeCheck: true,
  salesmandeviceid: true,
  outletGeoCompliance: true,
  MultiSelect: true,
  enableGTM: true,
  sortable: true,
  isVAPTEnabled: true,
  opsReportNote: true,
  newKPIID: true,
  exportHide: false,
  E2E_E2SEnabled: true,
  SMSEnrolment: false,
  BTPEndpoint: true,
  SMTracking: true,
  SearchOptionOnDrilldown: true,
  isCDA: false,
  UFSFilters: false,
};

/** The flags of one market, following spec section 3 exactly where it speaks. */
export function countryFlags(code: CountryCode): CountryFlags {
  const flags: CountryFlags = { countryCode: code, ...FLAG_DEFAULTS };
  // OfflineApp is off only for Vietnam; isHPC only on for Indonesia HPC; isCDA only on for Vietnam.
  flags.OfflineApp = code !== 'vn';
  flags.isHPC = code === 'id';
  flags.isCDA = code === 'vn';
  if (code === 'pk') {
    flags.siteCodeCheck = false;
    flags.enableGTM = false;
    flags.sortable = false;
    flags.SMTracking = false;
  }
  if (code === 'bd') {
    flags.enableGTM = false;
    flags.SMTracking = false;
    flags.opsReportNote = false;
  }
  if (code === 'th') flags.outletGeoCompliance = false;
  // Pakistan and Bangladesh reach the file calls under exp/ (docs/decisions.md, "BTP endpoint").
  if (code === 'pk' || code === 'bd') flags.BTPEndpoint = false;
  // Indonesia IC and HPC share one sign-up flow that asks for phone enrolment.
  if (code === 'id' || code === 'idic') flags.SMSEnrolment = true;
  return flags;
}

export interface CountryInfo {
  code: CountryCode;
  name: string;
  /** Flag emoji; the web shows it next to the country name. */
  flag: string;
  currencyCode: string;
  currencySymbol: string;
  dialCode: string;
  sortOrder: number;
  timeZone: string;
  /** Language used for generated local names. */
  locale: string;
}

export const COUNTRIES: Record<CountryCode, CountryInfo> = {
  id: {
    code: 'id',
    name: 'Indonesia HPC',
    flag: '🇮🇩',
    currencyCode: 'IDR',
    currencySymbol: 'Rp',
    dialCode: '+62',
    sortOrder: 1,
    timeZone: 'Asia/Jakarta',
    locale: 'id-ID',
  },
  idic: {
    code: 'idic',
    name: 'Indonesia IC',
    flag: '🇮🇩',
    currencyCode: 'IDR',
    currencySymbol: 'Rp',
    dialCode: '+62',
    sortOrder: 2,
    timeZone: 'Asia/Jakarta',
    locale: 'id-ID',
  },
  vn: {
    code: 'vn',
    name: 'Vietnam',
    flag: '🇻🇳',
    currencyCode: 'VND',
    currencySymbol: '₫',
    dialCode: '+84',
    sortOrder: 3,
    timeZone: 'Asia/Ho_Chi_Minh',
    locale: 'vi-VN',
  },
  ph: {
    code: 'ph',
    name: 'Philippines',
    flag: '🇵🇭',
    currencyCode: 'PHP',
    currencySymbol: '₱',
    dialCode: '+63',
    sortOrder: 4,
    timeZone: 'Asia/Manila',
    locale: 'en-PH',
  },
  th: {
    code: 'th',
    name: 'Thailand',
    flag: '🇹🇭',
    currencyCode: 'THB',
    currencySymbol: '฿',
    dialCode: '+66',
    sortOrder: 5,
    timeZone: 'Asia/Bangkok',
    locale: 'th-TH',
  },
  pk: {
    code: 'pk',
    name: 'Pakistan',
    flag: '🇵🇰',
    currencyCode: 'PKR',
    currencySymbol: 'Rs',
    dialCode: '+92',
    sortOrder: 6,
    timeZone: 'Asia/Karachi',
    locale: 'en-PK',
  },
  bd: {
    code: 'bd',
    name: 'Bangladesh',
    flag: '🇧🇩',
    currencyCode: 'BDT',
    currencySymbol: 'TK',
    dialCode: '+880',
    sortOrder: 7,
    timeZone: 'Asia/Dhaka',
    locale: 'en-BD',
  },
};

/** The dial-code list as spec section 9 gives it (the default is +84). */
export const DIAL_CODES = ['+83', '+84', '+91', '+63', '+66', '+62', '+92', '+880'] as const;
export const DEFAULT_DIAL_CODE = '+84';

/**
 * Currency symbols appended to price and amount column headers (spec section 9).
 * Only these four markets have one appended; the others show plain headers.
 */
export const REPORT_CURRENCY_SUFFIX: Partial<Record<CountryCode, string>> = {
  vn: '₫',
  ph: '₱',
  th: '฿',
  bd: 'TK',
};

export function sortCountryCodes(codes: readonly string[]): CountryCode[] {
  return codes.filter(isCountryCode).sort((a, b) => COUNTRIES[a].sortOrder - COUNTRIES[b].sortOrder);
}

/** The per-country local-storage flag names of spec section 3. */
export const COUNTRY_STORAGE_FLAG: Record<CountryCode, string> = {
  id: 'isIndonesia',
  idic: 'isIndonesiaIc',
  vn: 'isVietnam',
  ph: 'isPhilipines',
  th: 'isThailand',
  pk: 'isPakistan',
  bd: 'isBangladesh',
};
