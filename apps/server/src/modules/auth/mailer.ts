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

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Database;
  clock: Clock;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    kind: 'outbox',
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
      await options.db.query(
        `INSERT INTO outbox (to_address, subject, text_body, html_body, created_at) VALUES ($1, $2, $3, $4, $5)`,
        [mail.to.toLowerCase(), mail.subject, mail.text, mail.html ?? null, options.clock.now()],
      );
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
