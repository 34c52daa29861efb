import { z } from 'zod';
import { countryCodeSchema } from './countries.js';
import { deviceLabelSchema } from './device-label.js';

/** Limits of spec section 9 and the security rules, in one place for the server and the web. */
export const AUTH_LIMITS = {
  /** At most this many active device sessions per user; the next sign-in ends the earliest. */
  maxDevices: 10,
  passwordMaxAgeDays: 90,
  /** The web shows the expiry warning from this many days before the password expires. */
  passwordWarningDays: 14,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  /**
   * Failed sign-ins in a row that lock an account, and for how long. The lock holds the password step
   * only for sources (IPs) that have not signed in to the account recently; the owner's emailed code
   * and an MFA step already under way still pass it (docs/auth.md, "Lockout").
   */
  lockoutAttempts: 10,
  lockoutMinutes: 15,
  /** Failures of one email from one source (IP) before its next attempts wait; the wait then doubles. */
  throttleFreeAttempts: 3,
  throttleFirstDelaySeconds: 2,
  throttleMaxDelaySeconds: 900,
  /** A source that signed in to the account within this many days is not held by the account's lock. */
  knownSourceDays: 30,
  /** The mobile (authenticator) enrolment session and the MFA step of a sign-in. */
  enrolmentMinutes: 5,
  mfaChallengeMinutes: 5,
  resetCodeMinutes: 10,
  emailOtpMinutes: 10,
  invitationDays: 7,
  /** Wrong codes accepted against one challenge or one emailed code before it is spent. */
  codeAttempts: 5,
} as const;

export const LOGIN_TYPES = ['SSO', 'NON_SSO'] as const;
export const loginTypeSchema = z.enum(LOGIN_TYPES);
export type LoginType = z.infer<typeof loginTypeSchema>;

/** Cookie-authenticated state-changing calls must carry this header (the CSRF rule, docs/auth.md). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'fieldforce';
export const ID_TOKEN_COOKIE = 'idToken';
export const REFRESH_TOKEN_COOKIE = 'refreshToken';

/**
 * The demo account mfa.vn@demo.test has TOTP enrolled with this base32 secret (README and docs/auth.md),
 * so a tester or an end-to-end test can generate its codes with any authenticator.
 */
export const DEMO_TOTP_SECRET = 'FIELDFORCEDEMOMFAVNTWOZEROTWOSIX';

/** The sign-in messages of spec section 8, plus the generic ones the sign-in screens need. */
export const LOGIN_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  maxDevices:
    'You can be signed in on at most 10 devices. A new login logs out the earliest session, so this device was signed out.',
  passwordExpired: 'Your password is older than 90 days and must be changed.',
  enrolmentExpiry: 'The mobile enrollment session expires in 5 minutes.',
  passwordExpiryWarning: (days: number) =>
    `Your password will expire soon. Please reset it within ${days} ${days === 1 ? 'day' : 'days'}.`,
  sessionEnded: 'Your session has ended. Please login again.',
  signedOut: 'You were signed out of this device.',
  invalidCode: 'The code is not valid or has expired.',
  codeSent: 'If an account exists for this email, a code has been sent to it.',
  tooManyAttempts: (seconds: number) =>
    `Too many attempts. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  genericFailure: 'Something went wrong. please login again',
} as const;

/** Why a device session ended; checkActiveStatus reports it so the web can show the right message. */
export const SESSION_END_REASONS = [
  'logout',
  'evicted',
  'replaced',
  'signed_out_remotely',
  'password_changed',
  'password_reset',
  'refresh_reuse',
  'disabled',
  'expired',
  'authenticator_changed',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** The coded message (contracts' SERVER_MESSAGES) of a session that ended for `reason`. */
export function sessionEndedMessageCode(
  reason: string | null | undefined,
): 'auth.sessionEvicted' | 'auth.signedOutRemotely' | 'auth.sessionEnded' {
  if (reason === 'evicted') return 'auth.sessionEvicted';
  if (reason === 'signed_out_remotely') return 'auth.signedOutRemotely';
  return 'auth.sessionEnded';
}

export function sessionEndedMessage(reason: string | null | undefined): string {
  if (reason === 'evicted') return LOGIN_MESSAGES.maxDevices;
  if (reason === 'signed_out_remotely') return LOGIN_MESSAGES.signedOut;
  return LOGIN_MESSAGES.sessionEnded;
}

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'must be an email address' }).max(254));

/** Length only: no composition rules (NIST SP 800-63B); the server also refuses common passwords. */
export const newPasswordSchema = z
  .string()
  .min(AUTH_LIMITS.passwordMinLength, `must be at least ${AUTH_LIMITS.passwordMinLength} characters`)
  .max(AUTH_LIMITS.passwordMaxLength, `must be at most ${AUTH_LIMITS.passwordMaxLength} characters`);

/** A password being checked is only bounded, so a long input cannot make hashing expensive. */
export const passwordInputSchema = z.string().min(1, 'is required').max(1024);

/** The web's device id: user agent plus a stored UUID, ' incognito' in private windows (spec section 7). */
export const deviceIdSchema = z.string().trim().min(1, 'is required').max(512);

export const codeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be 6 digits');

const opaqueIdSchema = z.string().min(16).max(200);

/** Query parameters the spec's client sends with most calls. */
export const marketQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  customerToken: z.string().optional(),
});

// ---------------------------------------------------------------------------------------------
// Sign-in
// ---------------------------------------------------------------------------------------------

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: passwordInputSchema,
  deviceId: deviceIdSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** What a completed sign-in answers (tokens travel in cookies as well). */
export const signedInSchema = z.object({
  mfaRequired: z.literal(false),
  idToken: z.string(),
  /** Seconds the id token lives. */
  expiresIn: z.number().int(),
  loginType: loginTypeSchema,
  /** The user's markets and the one to select first. */
  countryCodes: z.array(z.string()),
  defaultCountryCode: z.string(),
  passwordExpired: z.boolean(),
  /** Days left before the password expires, when the warning applies (spec section 8); else null. */
  passwordExpiresInDays: z.number().int().nullable(),
  /** Sessions this sign-in ended because of the device cap. */
  evictedSessions: z.number().int(),
  messages: z.array(z.string()),
});
export type SignedIn = z.infer<typeof signedInSchema>;

export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  challengeId: z.string(),
  methods: z.array(z.enum(['totp'])),
  expiresIn: z.number().int(),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

export const loginResponseSchema = z.union([signedInSchema, mfaChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const mfaLoginRequestSchema = z.object({
  challengeId: opaqueIdSchema,
  code: codeSchema,
});

export const otpRequestSchema = z.object({ email: emailSchema });
export const otpVerifySchema = z.object({ email: emailSchema, code: codeSchema, deviceId: deviceIdSchema });
export const messageSchema = z.object({ message: z.string() });

// ---------------------------------------------------------------------------------------------
// Session calls (spec section 7)
// ---------------------------------------------------------------------------------------------

export const activeStatusSchema = z.object({
  passwordExpired: z.boolean(),
  sessionAllowed: z.boolean(),
  passwordExpiresInDays: z.number().int().nullable(),
  /** Why the session is no longer allowed (evicted, logout, …); null while it is. */
  reason: z.string().nullable(),
  /** The message to show for that reason, or the expiry warning; null when there is nothing to say. */
  message: z.string().nullable(),
});
export type ActiveStatus = z.infer<typeof activeStatusSchema>;

export const storeSessionRequestSchema = z.object({
  username: emailSchema,
  deviceId: deviceIdSchema,
  loginType: loginTypeSchema,
  token: z.string().min(1),
});

export const refreshSessionTokenRequestSchema = z.object({
  oldToken: z.string().min(1),
  newToken: z.string().min(1),
});
export const refreshSessionTokenResponseSchema = z.object({
  message: z.string(),
  sessionAllowed: z.boolean(),
});

export const logoutResponseSchema = z.object({
  message: z.string(),
  /** For SSO sessions: the identity provider's sign-out address the web should visit; else null. */
  endSessionUrl: z.string().nullable(),
});

export const accountLogoutRequestSchema = z.object({ email: emailSchema });

export const refreshGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
  /** Optional for the web, whose refresh token is an HttpOnly cookie. */
  refresh_token: z.string().min(1).max(200).optional(),
});
export const refreshGrantResponseSchema = z.object({
  id_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
  /** Only when the refresh token came in the body (clients without cookies). */
  refresh_token: z.string().optional(),
});

// ---------------------------------------------------------------------------------------------
// Passwords
// ---------------------------------------------------------------------------------------------

export const forgotPasswordCodeRequestSchema = z.object({ username: emailSchema });

export const forgotPasswordRequestSchema = z.object({
  username: emailSchema,
  /** The new password, RSA-OAEP (SHA-256) encrypted with GET sessions/v1/publicKey, base64. */
  encryptedPassword: z.string().min(1).max(2048),
  /** The one-time code from the email. */
  code: codeSchema,
  /** End every session of the account (default). */
  signOutEverywhere: z.boolean().default(true),
});
export const forgotPasswordResponseSchema = z.object({ status: z.literal(true), message: z.string() });

export const publicKeySchema = z.object({
  kid: z.string(),
  algorithm: z.literal('RSA-OAEP-256'),
  /** SubjectPublicKeyInfo, DER, base64 (WebCrypto importKey 'spki'). */
  spki: z.string(),
  jwk: z.record(z.string(), z.unknown()),
});

export const changePasswordRequestSchema = z.object({
  currentPassword: passwordInputSchema,
  newPassword: newPasswordSchema,
  /** End the account's other sessions (default). */
  signOutOtherSessions: z.boolean().default(true),
});

// ---------------------------------------------------------------------------------------------
// Devices, MFA enrolment and signup
// ---------------------------------------------------------------------------------------------

export const deviceSessionSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  loginType: loginTypeSchema,
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
  /** Browser and system read from the device id, for people (the device id stays for tools). */
  label: deviceLabelSchema,
});
export const devicesResponseSchema = z.object({
  devices: z.array(deviceSessionSchema),
  maxDevices: z.number().int(),
});

export const totpEnrolmentSchema = z.object({
  enrolmentId: z.string(),
  /** Base32 secret, for typing into an authenticator that cannot scan. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a PNG QR code data URL. */
  qrDataUrl: z.string(),
  expiresAt: z.string(),
  expiresIn: z.number().int(),
  message: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const totpVerifyRequestSchema = z.object({ enrolmentId: opaqueIdSchema, code: codeSchema });

/**
 * The fresh proof that starting an authenticator enrolment takes (docs/auth.md, "TOTP"): the account's
 * password, and a current code of the authenticator being replaced when the account has one.
 */
export const totpEnrolRequestSchema = z.object({
  currentPassword: passwordInputSchema,
  currentCode: codeSchema.optional(),
});
export type TotpEnrolRequest = z.infer<typeof totpEnrolRequestSchema>;

export const totpStatusSchema = z.object({
  /** The account signs in with an authenticator code. */
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
});
export type TotpStatus = z.infer<typeof totpStatusSchema>;

export const signupRequestSchema = z.object({
  email: emailSchema,
  invitationCode: z.string().trim().min(1, 'is required').max(64),
  password: newPasswordSchema,
});
export const signupResponseSchema = z.object({
  activated: z.boolean(),
  /** Present when the market asks for enrolment (SMSEnrolment): finish with signup/verify. */
  enrolment: totpEnrolmentSchema.nullable(),
  message: z.string(),
});

export const invitationRequestSchema = z.object({ email: emailSchema });
export const invitationResponseSchema = z.object({ message: z.string(), expiresAt: z.string() });

export const profileRequestSchema = z.object({ email: emailSchema });
