import {
  EMAIL_DOMAIN_PATTERN,
  OUTLET_STATUS_DOMAINS_MAX,
  type AdminConfig,
  type CountryFlagName,
} from '@fieldforce/contracts';

export type FlagDraft = Partial<Record<CountryFlagName, boolean>>;

/** The draft's flags that differ from the saved values, in the page's order. */
export function changedFlags(
  config: AdminConfig,
  draft: FlagDraft,
): { name: CountryFlagName; value: boolean }[] {
  return config.flags
    .filter((f) => draft[f.name] !== undefined && draft[f.name] !== f.value)
    .map((f) => ({ name: f.name, value: draft[f.name]! }));
}

export type DomainsCheck =
  | { ok: true; domains: string[] }
  | { ok: false; reason: 'invalid'; value: string }
  | { ok: false; reason: 'tooMany' };

/** "Demo.test, example.com" → ['demo.test', 'example.com'] (trimmed, lower case, no repeats). */
export function parseDomains(text: string): DomainsCheck {
  const domains = [
    ...new Set(
      text
        .split(/[,\s]+/)
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const bad = domains.find((d) => !EMAIL_DOMAIN_PATTERN.test(d));
  if (bad !== undefined) return { ok: false, reason: 'invalid', value: bad };
  if (domains.length > OUTLET_STATUS_DOMAINS_MAX) return { ok: false, reason: 'tooMany' };
  return { ok: true, domains };
}

export const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
