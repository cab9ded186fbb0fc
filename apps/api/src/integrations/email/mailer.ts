import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Executor } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';

/** One e-mail: always both an HTML and a plain-text body. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra header lines, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** 'smtp': really delivered; 'outbox': kept in the outbox_messages table (development). */
  readonly kind: 'smtp' | 'outbox';
  /** Hands the message over for delivery; rejects when it could not be. */
  sendMail(message: MailMessage): Promise<void>;
}

export type MailLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** Sends through an SMTP server (smtp:// or smtps:// URL, credentials in the URL). */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  // Bounded waits: a stuck mail server must not hold a message (or a shutdown) for minutes.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async sendMail(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}

/**
 * Without SMTP: logs one line per message (recipient and subject only, since bodies carry
 * codes and links) and keeps the whole message in the outbox_messages table.
 */
export function createOutboxMailer(db: Executor, log: MailLog): Mailer {
  return {
    kind: 'outbox',
    async sendMail(message) {
      const { to, subject, html, text } = message;
      const [row] = await db
        .insert(outboxMessages)
        .values({ to, subject, html, text })
        .returning({ id: outboxMessages.id });
      log.info(
        { outboxId: row?.id, to: message.to, subject: message.subject },
        'E-mail kept in the development outbox (no SMTP_URL configured)',
      );
    },
  };
}

/** The mailer the configuration asks for: SMTP when SMTP_URL is set, else the outbox. */
export function createMailer(
  config: { smtpUrl: string | undefined; mailFrom: string | undefined },
  db: Executor,
  log: MailLog,
): Mailer {
  if (config.smtpUrl) {
    if (!config.mailFrom) throw new Error('MAIL_FROM is required when SMTP_URL is set');
    return createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  }
  return createOutboxMailer(db, log);
}
