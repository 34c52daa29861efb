import { countryFlags } from '@fieldforce/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetMarketFlags, rememberMarketFlags } from './market-flags-snapshot';
import {
  configureUsage,
  deviceModelOf,
  deviceVendorOf,
  flushUsage,
  track,
  type UsageEnvironment,
} from './usage';

const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240305.019) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

function setup(overrides: Partial<UsageEnvironment> = {}) {
  const sent: {
    path: string;
    body: { countryCode: string; events: { event: string }[] };
    keepalive: boolean;
  }[] = [];
  configureUsage({
    send: async (path, body, keepalive) => {
      sent.push({ path, body: body as never, keepalive });
    },
    now: () => new Date('2026-11-23T10:00:00Z'),
    width: () => 1440,
    userAgent: () => PIXEL,
    screen: () => '/homepage',
    country: () => 'vn',
    signedIn: () => true,
    ...overrides,
  });
  return sent;
}

afterEach(() => {
  configureUsage(null);
  forgetMarketFlags();
  delete window.dataLayer;
  vi.useRealTimers();
});

describe('usage events on the web', () => {
  it('queues events with the screen, device type, browser, system and model, and sends them together', async () => {
    const sent = setup({ width: () => 767 });
    track('homepage');
    track('download', { reportType: 'operational', downloadCount: 1 });
    await flushUsage();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('events');
    expect(sent[0]!.body.countryCode).toBe('vn');
    expect(sent[0]!.body.events[0]).toEqual({
      event: 'homepage',
      at: '2026-11-23T10:00:00.000Z',
      screen: '/homepage',
      deviceType: 'mobile',
      browser: 'Chrome 140',
      os: 'Android',
      deviceModel: 'Pixel 8',
      properties: {},
    });
  });

  it('calls 768 px Desktop', async () => {
    const sent = setup({ width: () => 768 });
    track('homepage');
    await flushUsage();
    expect(sent[0]!.body.events[0]).toMatchObject({ deviceType: 'Desktop' });
  });

  it('sends nothing but the always-sent three in a market without tag-manager tracking', async () => {
    const sent = setup({ country: () => 'pk' });
    track('homepage');
    track('download');
    track('login');
    await flushUsage();
    expect(sent.flatMap((s) => s.body.events.map((e) => e.event))).toEqual(['login']);
  });

  it('sends the pre-sign-in events to the public call, and nothing else before sign-in', async () => {
    const sent = setup({ signedIn: () => false });
    track('forgotPassword');
    track('homepage');
    track('backToLogin');
    await flushUsage();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('events/public');
    expect(sent[0]!.body.events.map((e) => e.event)).toEqual(['forgotPassword', 'backToLogin']);
  });

  it('flushes on its own after a few seconds, and at once with a full batch', async () => {
    vi.useFakeTimers();
    const sent = setup();
    track('filter');
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(1);
    for (let i = 0; i < 50; i += 1) track('filter');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.events).toHaveLength(50);
  });

  // Events lost on a full page load (issue 13): what the browser and the server refuse, and a
  // request the page takes down with it.
  const large = { a: 'x'.repeat(480), b: 'y'.repeat(480), c: 'z'.repeat(480) };
  const bodyBytes = (body: unknown) => new TextEncoder().encode(JSON.stringify(body)).length;

  it('cuts batches by size too, so none passes the server’s 64 KB (which would lose all of it)', async () => {
    const sent = setup();
    for (let i = 0; i < 50; i += 1) track('filter', large);
    await flushUsage();
    expect(sent.length).toBeGreaterThan(1);
    for (const s of sent) expect(bodyBytes(s.body)).toBeLessThanOrEqual(64 * 1024);
    expect(sent.flatMap((s) => s.body.events)).toHaveLength(50);
  });

  it('sends the timer’s flush with keepalive, so a full page load right after does not cancel it', async () => {
    vi.useFakeTimers();
    const sent = setup();
    track('download');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toMatchObject([{ keepalive: true }]);
  });

  it('keeps keepalive bodies in flight within the browser’s 64 KiB, the rest as plain requests', async () => {
    const sent: { body: unknown; keepalive: boolean }[] = [];
    const answers: (() => void)[] = [];
    let answering = false;
    setup({
      // The page is going away: no request is answered yet.
      send: (_path, body, keepalive) => {
        sent.push({ body, keepalive });
        return answering ? Promise.resolve() : new Promise<void>((resolve) => answers.push(resolve));
      },
    });
    // Full batches go at once (at 50 and 100), the rest with the page-hide flush.
    for (let i = 0; i < 120; i += 1) track('filter', large);
    const flushed = flushUsage();
    const kept = sent.filter((s) => s.keepalive).reduce((sum, s) => sum + bodyBytes(s.body), 0);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(64 * 1024);
    expect(sent.some((s) => !s.keepalive)).toBe(true);
    expect(sent.flatMap((s) => (s.body as { events: unknown[] }).events)).toHaveLength(120);
    answering = true;
    answers.forEach((answer) => answer());
    await flushed;
    // Answered, the budget is free again.
    track('filter');
    await flushUsage();
    expect(sent.at(-1)).toMatchObject({ keepalive: true });
  });

  it('reads the model of Android phones and Apple devices', () => {
    expect(deviceModelOf(PIXEL)).toBe('Pixel 8');
    expect(deviceModelOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('iPhone');
    expect(deviceModelOf('Mozilla/5.0 (X11; Linux x86_64)')).toBeNull();
  });

  it('follows the enableGTM flag the server answered for the market (the database’s), not the defaults', async () => {
    const sent = setup();
    rememberMarketFlags({ ...countryFlags('vn'), enableGTM: false });
    track('homepage');
    track('forgotPassword');
    track('backToLogin');
    track('login');
    await flushUsage();
    expect(sent.flatMap((s) => s.body.events.map((e) => e.event))).toEqual([
      'forgotPassword',
      'backToLogin',
      'login',
    ]);
    // Turned on for pk, whose default is off: its events go.
    rememberMarketFlags({ ...countryFlags('pk'), enableGTM: true });
    const pk = setup({ country: () => 'pk' });
    track('homepage');
    await flushUsage();
    expect(pk.flatMap((s) => s.body.events.map((e) => e.event))).toEqual(['homepage']);
  });

  it('adds the BSA to the event and gives the data layer spec section 3’s properties', async () => {
    window.dataLayer = [];
    const sent = setup({
      width: () => 767,
      user: () => ({
        userId: 'u-1',
        email: 'tl.vn@demo.test',
        loginUserRole: 'Team Leader',
        registeredCountry: 'vn',
        bsa: 'Distributor',
        lastLoginTime: '2026-11-22T08:00:00Z',
      }),
    });
    track('teamDetails', { period: 'mtd', level: 'LEVEL3' });
    await flushUsage();
    expect(sent[0]!.body.events[0]).toMatchObject({
      deviceType: 'mobile',
      properties: { period: 'mtd', level: 'LEVEL3', bsa: 'Distributor' },
    });
    expect(window.dataLayer[0]).toEqual({
      event: 'teamDetails',
      period: 'mtd',
      level: 'LEVEL3',
      bsa: 'Distributor',
      screenName: '/homepage',
      timestamp: '2026-11-23T10:00:00.000Z',
      deviceType: 'mobile',
      deviceVendor: 'Google',
      deviceModel: 'Pixel 8',
      browser: 'Chrome 140',
      os: 'Android',
      userId: 'u-1',
      email: 'tl.vn@demo.test',
      loginUserRole: 'Team Leader',
      registeredCountry: 'vn',
      lastLoginTime: '2026-11-22T08:00:00Z',
    });
  });

  it('names the device maker where the user agent says it', () => {
    expect(deviceVendorOf(PIXEL)).toBe('Google');
    expect(deviceVendorOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('Apple');
    expect(deviceVendorOf('Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36')).toBe('Samsung');
    expect(deviceVendorOf('Mozilla/5.0 (X11; Linux x86_64)')).toBeNull();
  });
});
