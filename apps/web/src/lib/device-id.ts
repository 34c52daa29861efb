import { storage } from './storage';

/**
 * Private windows get a small storage quota (Chromium caps it near 100 MB; a normal profile gets a
 * share of the disk, many gigabytes). Below this, the window is taken as private.
 */
export const INCOGNITO_QUOTA_BYTES = 120 * 1024 * 1024;

/** The quota heuristic, pure: an unknown quota is not taken as private. */
export function isIncognitoQuota(quota: number | undefined): boolean {
  return typeof quota === 'number' && quota > 0 && quota < INCOGNITO_QUOTA_BYTES;
}

/** Spec section 7: user agent plus the stored UUID, and ' incognito' in private browsing. */
export function buildDeviceId(userAgent: string, uuid: string, incognito: boolean): string {
  return `${userAgent} ${uuid}${incognito ? ' incognito' : ''}`;
}

async function detectIncognito(): Promise<boolean> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return isIncognitoQuota(estimate?.quota);
  } catch {
    return false;
  }
}

let cached: Promise<string> | null = null;

/** The device id of this browser, computed once per page load (the server compares it on every call). */
export function getDeviceId(): Promise<string> {
  cached ??= detectIncognito().then((incognito) =>
    buildDeviceId(navigator.userAgent, storage.getOrCreateUuid(), incognito),
  );
  return cached;
}

/** Tests only. */
export function resetDeviceIdCache(): void {
  cached = null;
}
