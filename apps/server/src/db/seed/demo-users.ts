/**
 * The demo sign-ins every seeded database has (every scale), all with DEMO_PASSWORD. The server
 * prints this list at start and the README repeats it. Hierarchy sign-ins (head, asm, tl, sm, mfa)
 * are real members of their market's hierarchy with teams and activity under them, each with a
 * local name like everyone else: head.CC heads the region, asm.CC is its first second-level manager
 * (mfa.vn the second), tl.CC leads the first team under asm.CC, and sm.CC is one more salesperson in
 * that team (its generated members all stay); dt and reports are scoped to the distributor of sm.CC
 * (reports also to a second one).
 */
import {
  ALL_DT_ACCESS,
  CD_VP_ROLE,
  chainFor,
  COUNTRIES,
  COUNTRY_CODES,
  DEMO_LEVEL_INDEX,
  DT_OPERATOR_ROLE,
  MARKET_VARIANT,
  SUPER_USER_ROLE,
  type CountryCode,
  type YesNo,
} from '@fieldforce/contracts';

export type DemoSignInKind =
  'super' | 'admin' | 'head' | 'asm' | 'tl' | 'sm' | 'dt' | 'reports' | 'none' | 'mfa';

export interface DemoSignIn {
  email: string;
  kind: DemoSignInKind;
  /** The market the user belongs to; 'all' for the super user. */
  market: CountryCode | 'all';
  role: string;
  userType: 'admin' | 'user';
  accessToUcube: YesNo;
  accessToOperationalDashboards: YesNo;
  isSuperUser: YesNo;
  /** What dt_access_codes holds, in words (actual codes depend on the seed). */
  dtAccess: string;
  /** One line for the start-up banner and the README. */
  description: string;
}

/** The order the brief lists markets in: the default market first. */
const DEMO_MARKET_ORDER: readonly CountryCode[] = ['vn', 'id', 'idic', 'ph', 'th', 'pk', 'bd'];

export const DEMO_EMAIL_DOMAIN = 'demo.test';

export function demoEmail(kind: Exclude<DemoSignInKind, 'super'>, market: CountryCode): string {
  return `${kind}.${market}@${DEMO_EMAIL_DOMAIN}`;
}

function marketSignIns(cc: CountryCode): DemoSignIn[] {
  const chain = chainFor(cc);
  const idx = DEMO_LEVEL_INDEX[MARKET_VARIANT[cc]];
  const title = (i: number) => chain[i]!.role;
  const name = COUNTRIES[cc].name;
  const base = { market: cc, isSuperUser: 'NO' as const, userType: 'user' as const };
  const member = (kind: DemoSignInKind, level: number, what: string): DemoSignIn => ({
    ...base,
    email: demoEmail(kind as Exclude<DemoSignInKind, 'super'>, cc),
    kind,
    role: title(level),
    accessToUcube: 'YES',
    accessToOperationalDashboards: level === idx.sm ? 'NO' : 'YES',
    dtAccess: 'the distributors of its own teams',
    description: `${name}: ${title(level)}, ${what}`,
  });
  return [
    {
      ...base,
      email: demoEmail('admin', cc),
      kind: 'admin',
      role: CD_VP_ROLE,
      userType: 'admin',
      accessToUcube: 'YES',
      accessToOperationalDashboards: 'YES',
      dtAccess: ALL_DT_ACCESS,
      description: `${name}: admin (CD VP), UCube, reports and every admin tool, all distributors`,
    },
    member('head', idx.head, 'top of a region with its whole tree of teams'),
    member('asm', idx.asm, `under head.${cc}, with ${title(idx.asm + 1)} teams below`),
    member('tl', idx.tl, `team leader under asm.${cc}, with its salesmen`),
    member(
      'sm',
      idx.sm,
      `one more salesperson in tl.${cc}'s team, with daily visits and orders (no reports)`,
    ),
    {
      ...base,
      email: demoEmail('dt', cc),
      kind: 'dt',
      role: DT_OPERATOR_ROLE,
      accessToUcube: 'YES',
      accessToOperationalDashboards: 'YES',
      dtAccess: `the distributor of sm.${cc}`,
      description: `${name}: DT Operator of sm.${cc}'s distributor (one DT code)`,
    },
    {
      ...base,
      email: demoEmail('reports', cc),
      kind: 'reports',
      role: CD_VP_ROLE,
      accessToUcube: 'NO',
      accessToOperationalDashboards: 'YES',
      dtAccess: `two DT codes: sm.${cc}'s distributor and one more`,
      description: `${name}: reports only (no UCube), two distributors`,
    },
    {
      ...base,
      email: demoEmail('none', cc),
      kind: 'none',
      role: CD_VP_ROLE,
      accessToUcube: 'NO',
      accessToOperationalDashboards: 'NO',
      dtAccess: 'none',
      description: `${name}: signs in but has neither UCube nor reports access`,
    },
  ];
}

function buildSignIns(): DemoSignIn[] {
  const vnAsm = chainFor('vn')[DEMO_LEVEL_INDEX[MARKET_VARIANT.vn].asm]!.role;
  return [
    {
      email: `super@${DEMO_EMAIL_DOMAIN}`,
      kind: 'super',
      market: 'all',
      role: SUPER_USER_ROLE,
      userType: 'user',
      accessToUcube: 'YES',
      accessToOperationalDashboards: 'YES',
      isSuperUser: 'YES',
      dtAccess: ALL_DT_ACCESS,
      description: `Super User: all seven markets (${COUNTRY_CODES.join(', ')}), may switch country, all distributors`,
    },
    ...DEMO_MARKET_ORDER.flatMap(marketSignIns),
    {
      email: demoEmail('mfa', 'vn'),
      kind: 'mfa',
      market: 'vn',
      role: vnAsm,
      userType: 'user',
      accessToUcube: 'YES',
      accessToOperationalDashboards: 'YES',
      isSuperUser: 'NO',
      dtAccess: 'the distributors of its own teams',
      description: `${COUNTRIES.vn.name}: ${vnAsm} (a second one under head.vn) enrolled in TOTP multi-factor sign-in`,
    },
  ];
}

export const DEMO_SIGN_INS: readonly DemoSignIn[] = buildSignIns();
