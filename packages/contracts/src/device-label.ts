import { z } from 'zod';

/**
 * A signed-in device as a person recognises it: browser and system read from the device id, which is
 * the browser's user agent, the stored UUID and ' incognito' in a private window (spec section 7).
 * Names are product names (the same in every language); null when the user agent does not say.
 */
export const deviceLabelSchema = z.object({
  /** 'Chrome 156', 'Safari 17', 'Edge 120', ... */
  browser: z.string().nullable(),
  /** 'Windows', 'macOS', 'Android', 'iOS', 'ChromeOS', 'Linux'. */
  os: z.string().nullable(),
  privateWindow: z.boolean(),
});
export type DeviceLabel = z.infer<typeof deviceLabelSchema>;

const INCOGNITO_SUFFIX = ' incognito';

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari".
const BROWSERS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'Edge', pattern: /\bEdg(?:e|A|iOS)?\/(\d+)/ },
  { name: 'Opera', pattern: /\b(?:OPR|Opera)\/(\d+)/ },
  { name: 'Samsung Internet', pattern: /\bSamsungBrowser\/(\d+)/ },
  { name: 'Firefox', pattern: /\b(?:Firefox|FxiOS)\/(\d+)/ },
  { name: 'Chrome', pattern: /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/ },
  { name: 'Safari', pattern: /\bVersion\/(\d+)(?:[.\d]*)(?: Mobile\/\w+)? Safari\// },
];

const SYSTEMS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'iOS', pattern: /\b(?:iPhone|iPad|iPod)\b/ },
  { name: 'Android', pattern: /\bAndroid\b/ },
  { name: 'Windows', pattern: /\bWindows\b/ },
  { name: 'ChromeOS', pattern: /\bCrOS\b/ },
  { name: 'macOS', pattern: /\b(?:Macintosh|Mac OS X)\b/ },
  { name: 'Linux', pattern: /\bLinux\b/ },
];

/** Reads browser (with its major version), system and private window from a device id or user agent. */
export function describeDevice(deviceId: string): DeviceLabel {
  const text = deviceId.trim();
  const privateWindow = text.endsWith(INCOGNITO_SUFFIX);
  let browser: string | null = null;
  for (const { name, pattern } of BROWSERS) {
    const match = pattern.exec(text);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(({ pattern }) => pattern.test(text))?.name ?? null;
  return { browser, os, privateWindow };
}
