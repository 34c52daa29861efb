/**
 * Password hashing (argon2id, @node-rs/argon2's defaults) and the password rules: 8 to 128 characters,
 * no composition rules, and not one of the most common passwords (NIST SP 800-63B).
 */
import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { AUTH_LIMITS } from '@fieldforce/contracts';
import { randomToken } from './tokens.js';

let commonPasswords: Set<string> | null = null;

function loadCommonPasswords(): Set<string> {
  if (!commonPasswords) {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    commonPasswords = new Set(
      text
        .split('\n')
        .map((line) => line.trim().toLowerCase())
        .filter((line) => line.length > 0 && !line.startsWith('#')),
    );
  }
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.trim().toLowerCase());
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, context: { email?: string } = {}): string | null {
  // Code points, not UTF-16 units, so an emoji counts as one character.
  const length = [...password].length;
  if (length < AUTH_LIMITS.passwordMinLength)
    return `must be at least ${AUTH_LIMITS.passwordMinLength} characters`;
  if (length > AUTH_LIMITS.passwordMaxLength)
    return `must be at most ${AUTH_LIMITS.passwordMaxLength} characters`;
  if (isCommonPassword(password)) return 'is too common; choose a password that is harder to guess';
  if (context.email && password.trim().toLowerCase() === context.email.toLowerCase()) {
    return 'must not be your email address';
  }
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real check, for unknown, locked or inactive accounts, so the answer's
 * timing does not tell whether an email exists.
 */
export async function dummyVerify(password: string): Promise<false> {
  dummyHash ??= hash(randomToken(16));
  await verifyPassword(await dummyHash, password);
  return false;
}
