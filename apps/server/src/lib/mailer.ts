import { appendFileSync, mkdirSync } from 'node:fs';
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string };
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Hands a mail over without waiting for an SMTP server: for answers whose timing must not tell
   * whether a mail was sent at all (a reset link for a known email, nothing for an unknown one).
   * Failures are logged. The mail log is written before this returns.
   */
  queue(mail: Mail): void;
}

/**
 * SMTP when `smtpUrl` is set; otherwise mail is written to the server log and appended to
 * `dataDir/mail.log`, so a self-hosted install works before mail is configured.
 */
export function createMailer(opts: { smtpUrl: string | null; dataDir: string; from?: string }, log: FastifyBaseLogger): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    const send = async (mail: Mail) => void (await transport.sendMail({ from: opts.from ?? 'no-reply@bourse.local', ...mail }));
    return {
      send,
      queue: (mail) => void send(mail).catch((err: Error) => log.error({ err: err.message, to: mail.to, subject: mail.subject }, 'mail not sent')),
    };
  }
  const file = path.join(opts.dataDir, 'mail.log');
  const entry = (mail: Mail) => `--- ${new Date().toISOString()}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
  return {
    async send(mail) {
      log.info({ to: mail.to, subject: mail.subject }, `mail: ${mail.text}`);
      await mkdir(opts.dataDir, { recursive: true });
      await appendFile(file, entry(mail));
    },
    // One small local append: quick enough to do before answering, so the link is there at once.
    queue(mail) {
      log.info({ to: mail.to, subject: mail.subject }, `mail: ${mail.text}`);
      try {
        mkdirSync(opts.dataDir, { recursive: true });
        appendFileSync(file, entry(mail));
      } catch (err) {
        log.error({ err: (err as Error).message, to: mail.to }, 'mail not written');
      }
    },
  };
}
