/**
 * English: the source of every message key. vi.ts must define the same keys (i18n.test.ts checks).
 * Placeholders are written {name} and must appear in both languages.
 */
import { enAdminTools } from './en-admin-tools';
import { enCore } from './en-core';

/**
 * Every English message: the first download's (en-core.ts) and the admin tools' (en-admin-tools.ts).
 * The app's runtime reads them through MESSAGES (i18n.tsx); this whole catalogue is for the types, the
 * catalogue tests and code inside the admin screens.
 */
export const en = { ...enCore, ...enAdminTools } as const;

export type MessageKey = keyof typeof en;
