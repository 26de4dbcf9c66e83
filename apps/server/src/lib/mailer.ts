import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string };
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when `smtpUrl` is set; otherwise mail is written to the server log and appended to
 * `dataDir/mail.log`, so a self-hosted install works before mail is configured.
 */
export function createMailer(opts: { smtpUrl: string | null; dataDir: string; from?: string }, log: FastifyBaseLogger): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: opts.from ?? 'no-reply@bourse.local', ...mail })) };
  }
  const file = path.join(opts.dataDir, 'mail.log');
  return {
    async send(mail) {
      log.info({ to: mail.to, subject: mail.subject }, `mail: ${mail.text}`);
      await mkdir(opts.dataDir, { recursive: true });
      await appendFile(file, `--- ${new Date().toISOString()}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
    },
  };
}
