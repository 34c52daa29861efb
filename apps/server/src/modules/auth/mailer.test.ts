import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock.js';
import type { Database } from '../../db/client.js';
import { createMailer, SMTP_TIMEOUTS, smtpTransportUrl } from './mailer.js';

describe('SMTP timeouts', () => {
  it('adds bounded timeouts to SMTP_URL, keeping any it names', () => {
    const url = new URL(smtpTransportUrl('smtps://user:p%40ss@mail.example.com:465?socketTimeout=5000'));
    expect(url.searchParams.get('socketTimeout')).toBe('5000');
    expect(url.searchParams.get('greetingTimeout')).toBe(String(SMTP_TIMEOUTS.greetingTimeout));
    expect(url.searchParams.get('connectionTimeout')).toBe(String(SMTP_TIMEOUTS.connectionTimeout));
    expect(url.username).toBe('user');
    expect(url.password).toBe('p%40ss');
    expect(`${url.protocol}//${url.host}`).toBe('smtps://mail.example.com:465');
    // Well inside a job's 60 s lease.
    expect(Math.max(...Object.values(SMTP_TIMEOUTS))).toBeLessThan(60_000);
  });

  let server: Server | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  it('a mail server that accepts the connection and never answers fails the send in time', async () => {
    server = createServer((socket) => sockets.push(socket));
    const port = await new Promise<number>((resolve) =>
      server!.listen(0, '127.0.0.1', () => resolve((server!.address() as { port: number }).port)),
    );
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}?greetingTimeout=300`,
      from: 'Fieldforce <noreply@fieldforce.test>',
      db: {} as Database,
      clock: systemClock,
    });
    const started = Date.now();
    await expect(mailer.send({ to: 'someone@demo.test', subject: 'Hello', text: 'Hi' })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
