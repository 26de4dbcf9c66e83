import { randomBytes } from 'node:crypto';
import { mkdir, appendFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { LanguageCode } from '@bourse/contract';
import { type MailBrand, type MailContent, renderMail, type RenderedMail } from './mail/mail-layout.ts';
import { fill, type MailParams, type MailTemplate, mailTexts } from './mail/mail-texts.ts';

/** A mail written from one of the templates of `mail/texts`, with its code or link. */
export type TemplateMail = { to: string; template: MailTemplate; params?: MailParams; code?: string; link?: string; language?: LanguageCode };
/** A mail whose text was written elsewhere (a notification); it still goes out in the branded layout. */
export type NoticeMail = { to: string; subject: string; text: string; language?: LanguageCode };
export type Mail = TemplateMail | NoticeMail;

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Hands a mail over without waiting for it to be written or sent: for answers whose timing must
   * not tell whether a mail was sent at all (a reset link for a known email, nothing for an
   * unknown one). Failures are logged; the mail log has it moments later.
   */
  queue(mail: Mail): void;
}

/** Where the mailer learns the operator's branding and a reader's language (site settings, preferences). */
export type MailContext = { brand(): Promise<MailBrand>; languageOf(email: string): Promise<LanguageCode | null> };
type Outgoing = RenderedMail & { to: string; from: string };

function contentOf(mail: Mail, language: LanguageCode, brand: MailBrand): MailContent {
  if (!('template' in mail)) return { language, subject: mail.subject, lines: mail.text.split(/\n{2,}/) };
  const texts = mailTexts(language)[mail.template];
  const params = { site: brand.name, ...(mail.code ? { code: mail.code } : {}), ...mail.params };
  const label = 'action' in texts ? texts.action : undefined;
  return {
    language,
    subject: fill(texts.subject, params, language),
    lines: texts.lines.map((line) => fill(line, params, language)),
    code: mail.code,
    action: mail.link && label ? { label: fill(label, params, language), url: mail.link } : undefined,
  };
}

/**
 * Every mail is multipart (HTML and plain text) from the templates, in the operator's branding and
 * the reader's language. SMTP when `smtpUrl` is set; otherwise the plain text goes to the server
 * log and `dataDir/mail.log`, and the whole message, as SMTP would carry it, to `dataDir/mail/`, so
 * a self-hosted install works before mail is configured.
 */
export function createMailer(opts: { smtpUrl: string | null; dataDir: string; from?: string }, log: FastifyBaseLogger, context: MailContext): Mailer {
  const address = opts.from ?? 'no-reply@bourse.local';
  async function compose(mail: Mail): Promise<Outgoing> {
    const [brand, known] = await Promise.all([context.brand(), mail.language ? null : context.languageOf(mail.to)]);
    const language = mail.language ?? known ?? 'en';
    return { to: mail.to, from: `"${brand.name.replace(/["\\]/g, '')}" <${address}>`, ...renderMail(brand, mail.to, contentOf(mail, language, brand)) };
  }
  const later = (work: () => Promise<void>, mail: Mail) => {
    void work().catch((err: Error) => log.error({ err: err.message, to: mail.to }, 'mail not sent'));
  };
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    const send = async (mail: Mail) => void (await transport.sendMail(await compose(mail)));
    return { send, queue: (mail) => later(() => send(mail), mail) };
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(opts.dataDir, 'mail');
  async function write(mail: Mail) {
    const out = await compose(mail);
    log.info({ to: out.to, subject: out.subject }, `mail: ${out.text}`);
    const name = `${Date.now()}-${randomBytes(4).toString('hex')}.eml`;
    const { message } = await writer.sendMail(out);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, name), message as Buffer);
    await appendFile(path.join(opts.dataDir, 'mail.log'), `--- ${new Date().toISOString()}\nTo: ${out.to}\nSubject: ${out.subject}\nMessage: mail/${name}\n\n${out.text}\n`);
  }
  return { send: write, queue: (mail) => later(() => write(mail), mail) };
}
