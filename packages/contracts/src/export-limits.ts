/**
 * How many downloads (report exports) run at once (issue 9): per user and on the whole server. Past a
 * limit the export answers 429 RATE_LIMITED with one of these messages and Retry-After; the web
 * shows the message in the interface language.
 */
export const EXPORT_LIMITS = { perUser: 2, total: 6, retryAfterSeconds: 30 } as const;

export const EXPORT_LIMIT_MESSAGES = {
  perUser: `You already have ${EXPORT_LIMITS.perUser} downloads running. Wait for one to finish, then try again.`,
  total: 'The server is busy with other downloads. Please try again in a minute.',
} as const;
