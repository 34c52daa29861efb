import type { CountryCode } from './countries.js';

/**
 * The three title chains of spec section 3. Which market uses which is a product decision
 * (docs/decisions.md, "Hierarchy variant per market"): Indonesia uses the standard RSD chain,
 * Bangladesh the Regional Manager chain, every other market the Branch Manager chain.
 */
export const HIERARCHY_VARIANTS = ['standard', 'branch', 'regional'] as const;
export type HierarchyVariant = (typeof HIERARCHY_VARIANTS)[number];

export interface ChainTitle {
  /** The role as stored on the user (and `levelname` in a hierarchy level entry). */
  role: string;
  /** The column heading shown for this level (`columnName`). */
  columnName: string;
  /** Short code used in generated employee codes. */
  short: string;
}

export const SUPER_USER_ROLE = 'Super User';
export const CD_VP_ROLE = 'CD VP';
export const DT_OPERATOR_ROLE = 'DT Operator';

/** Field titles below Super User, top first. The last entry is the salesperson. */
export const CHAIN_TITLES: Record<HierarchyVariant, readonly ChainTitle[]> = {
  standard: [
    { role: 'Regional Sales Director', columnName: 'Regional Sales Director', short: 'RSD' },
    { role: 'Area Sales Manager', columnName: 'Area Sales Manager', short: 'ASM' },
    { role: 'Assistant Area Sales Manager', columnName: 'Assistant Area Sales Manager', short: 'AASM' },
    { role: 'OM DSS', columnName: 'Team Leads', short: 'OMD' },
    { role: 'Salesman', columnName: 'Sales Person', short: 'SM' },
  ],
  branch: [
    { role: 'Branch Manager', columnName: 'Branch Manager', short: 'BM' },
    { role: 'Area Sales Manager', columnName: 'Area Sales Manager', short: 'ASM' },
    { role: 'Supervisor', columnName: 'Sales Supervisor', short: 'SUP' },
    { role: 'Team Leader', columnName: 'Team Leads', short: 'TL' },
    { role: 'Salesman', columnName: 'Sales Person', short: 'SM' },
  ],
  regional: [
    { role: 'Regional Manager', columnName: 'Regional Manager', short: 'RM' },
    { role: 'Area Manager', columnName: 'Area Manager', short: 'AM' },
    { role: 'Senior/Territory Manager', columnName: 'Senior/Territory Manager', short: 'TM' },
    { role: 'Operations Manager', columnName: 'Operations Manager', short: 'OPM' },
    { role: 'Field Sale Executive', columnName: 'Field Sale Executive', short: 'FSE' },
    { role: 'Sales Officer', columnName: 'Sales Officer', short: 'SO' },
  ],
};

export const MARKET_VARIANT: Record<CountryCode, HierarchyVariant> = {
  id: 'standard',
  idic: 'standard',
  vn: 'branch',
  ph: 'branch',
  th: 'branch',
  pk: 'branch',
  bd: 'regional',
};

/** Roles that count as field (salesperson) roles, spec section 6. */
export const FIELD_ROLES = ['Salesman', 'Sales Officer'] as const;

/** Which chain index the demo sign-ins `head`, `asm` and `tl` take in each variant. */
export const DEMO_LEVEL_INDEX: Record<
  HierarchyVariant,
  { head: number; asm: number; tl: number; sm: number }
> = {
  standard: { head: 0, asm: 1, tl: 3, sm: 4 },
  branch: { head: 0, asm: 1, tl: 3, sm: 4 },
  regional: { head: 0, asm: 1, tl: 4, sm: 5 },
};

export function chainFor(country: CountryCode): readonly ChainTitle[] {
  return CHAIN_TITLES[MARKET_VARIANT[country]];
}

/** Every role name the portal knows, spec section 6 plus the regional variant's titles. */
export const ALL_ROLES: readonly string[] = Array.from(
  new Set([
    SUPER_USER_ROLE,
    CD_VP_ROLE,
    DT_OPERATOR_ROLE,
    ...Object.values(CHAIN_TITLES).flatMap((chain) => chain.map((t) => t.role)),
  ]),
);
