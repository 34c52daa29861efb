/**
 * Email through nodemailer: an SMTP server when SMTP_URL is set, else the development outbox (a table
 * that /dev/outbox lists). Either way the message is built by nodemailer, so addresses are checked.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SendOptions {
  /**
   * A job's id: the mail goes out at most once per key (table `mail_deliveries`, checked before sending,
   * written once the mail is handed over), with a Message-ID made from the key, so a job retried after
   * its process died does not send it again (docs/reliability.md, "Jobs: running twice").
   */
  deliveryKey?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Answers false when the mail of `deliveryKey` was sent already (nothing is sent again). */
  send(mail: Mail, options?: SendOptions): Promise<boolean>;
}

/** `<key@domain of the sender>`: the same Message-ID on every attempt of one job. */
function messageIdOf(key: string, from: string): string {
  const domain = /@([^\s>]+)/.exec(from)?.[1] ?? 'fieldforce.invalid';
  return `<${key}@${domain}>`;
}

async function delivered(db: Database, key: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM mail_deliveries WHERE job_id = $1', [key]);
  return rows.length > 0;
}

/** Delivery markers older than `keepDays` (a job is retried within minutes); answers how many went. */
export async function purgeMailDeliveries(db: Database, now: Date, keepDays = 7): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM mail_deliveries WHERE sent_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [new Date(now.getTime() - keepDays * 86_400_000)],
  );
  return rows[0]?.n ?? 0;
}

/**
 * How long one SMTP attempt may wait on the server (ms), unless SMTP_URL's query says otherwise
 * (nodemailer reads `?connectionTimeout=…&greetingTimeout=…&socketTimeout=…`). nodemailer's own socket
 * timeout is an hour: a mail server that stops answering mid-message would hold the job worker (one job
 * at a time per process) that long; bounded, the attempt fails and the job is retried later.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP_URL with SMTP_TIMEOUTS added where it names none. */
export function smtpTransportUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS))
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return url.toString();
}

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Database;
  clock: Clock;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpTransportUrl(options.smtpUrl));
    return {
      kind: 'smtp',
      async send(mail, { deliveryKey } = {}) {
        if (deliveryKey && (await delivered(options.db, deliveryKey))) return false;
        await transport.sendMail({
          from: options.from,
          ...mail,
          ...(deliveryKey ? { messageId: messageIdOf(deliveryKey, options.from) } : {}),
        });
        // SMTP has no transaction: a process that dies between the server's acceptance and this insert
        // sends the mail again on retry, with the same Message-ID. At least once is the contract: a retry
        // cannot tell an accepted mail from one that never left (docs/reliability.md, "Mail: at least once").
        if (deliveryKey)
          await options.db.query(
            'INSERT INTO mail_deliveries (job_id, sent_at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
            [deliveryKey, options.clock.now()],
          );
        return true;
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    kind: 'outbox',
    async send(mail, { deliveryKey } = {}) {
      await transport.sendMail({ from: options.from, ...mail });
      // The marker and the outbox row commit together: a job's mail is in the outbox exactly once.
      return options.db.transaction(async (tx) => {
        if (deliveryKey) {
          const { rows } = await tx.query(
            'INSERT INTO mail_deliveries (job_id, sent_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING job_id',
            [deliveryKey, options.clock.now()],
          );
          if (rows.length === 0) return false;
        }
        await tx.query(
          `INSERT INTO outbox (to_address, subject, text_body, html_body, created_at) VALUES ($1, $2, $3, $4, $5)`,
          [mail.to.toLowerCase(), mail.subject, mail.text, mail.html ?? null, options.clock.now()],
        );
        return true;
      });
    },
  };
}

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

export async function listOutbox(
  db: Database,
  filter: { to?: string; limit?: number } = {},
): Promise<OutboxMessage[]> {
  const params: unknown[] = [];
  let where = 'TRUE';
  if (filter.to) {
    params.push(filter.to.toLowerCase());
    where = `to_address = $${params.length}`;
  }
  params.push(filter.limit ?? 100);
  const { rows } = await db.query<{
    id: number;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    created_at: Date;
  }>(
    `SELECT id, to_address, subject, text_body, html_body, created_at FROM outbox WHERE ${where} ORDER BY id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
