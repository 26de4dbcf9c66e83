import type { LanguageCode } from '@bourse/contract';
import { fill, mailTexts } from './mail-texts.ts';

/** The operator's branding a mail carries (site settings). */
export type MailBrand = { name: string; logo: string | null; color: string; url: string };
/** What a mail says, already in the reader's language. */
export type MailContent = { language: LanguageCode; subject: string; lines: string[]; code?: string; action?: { label: string; url: string } };
export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Black or white, whichever reads better on the brand colour (WCAG relative luminance). */
export function textOn(hex: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return luminance > 0.179 ? '#111827' : '#ffffff';
}

function header(brand: MailBrand): string {
  const mark = brand.logo
    ? `<img src="${escapeHtml(brand.logo)}" alt="${escapeHtml(brand.name)}" height="36" style="display:block;height:36px;max-width:200px;border:0">`
    : `<span style="font-size:22px;font-weight:700;color:${textOn(brand.color)}">${escapeHtml(brand.name)}</span>`;
  return `<tr><td style="background:${brand.color};padding:20px 28px"><a href="${escapeHtml(brand.url)}" style="text-decoration:none">${mark}</a></td></tr>`;
}

function body(brand: MailBrand, content: MailContent): string {
  const layout = mailTexts(content.language).layout;
  const paragraph = (line: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2937">${escapeHtml(line)}</p>`;
  const [first = '', ...rest] = content.lines;
  const parts = [paragraph(first)];
  if (content.code) {
    parts.push(
      `<p style="margin:0 0 6px;font-size:13px;color:#4b5563">${escapeHtml(layout.code)}</p>`,
      `<p dir="ltr" style="text-align:${content.language === 'ar' ? 'right' : 'left'};margin:0 0 20px;font:700 32px/1.2 'SFMono-Regular',Consolas,monospace;letter-spacing:8px;color:#111827">${escapeHtml(content.code)}</p>`,
    );
  }
  if (content.action) {
    const { label, url } = content.action;
    parts.push(
      `<p style="margin:4px 0 20px"><a href="${escapeHtml(url)}" style="display:inline-block;background:${brand.color};color:${textOn(brand.color)};padding:12px 22px;border-radius:6px;font-weight:600;text-decoration:none">${escapeHtml(label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:12px;color:#4b5563">${escapeHtml(layout.linkFallback)}<br><a dir="ltr" href="${escapeHtml(url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(url)}</a></p>`,
    );
  }
  parts.push(...rest.map(paragraph));
  return `<tr><td style="padding:28px">${parts.join('')}</td></tr>`;
}

/**
 * The HTML and plain-text parts of one mail in the operator's branding, written for mail clients:
 * tables and inline styles, no script, no outside stylesheet; right to left in Arabic.
 */
export function renderMail(brand: MailBrand, to: string, content: MailContent): RenderedMail {
  const layout = mailTexts(content.language).layout;
  const footer = fill(layout.footer, { site: brand.name, email: to }, content.language);
  const dir = content.language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${content.language}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:10px;overflow:hidden;border:1px solid #e5e7eb">
${header(brand)}
${body(brand, content)}
<tr><td style="padding:16px 28px;border-top:1px solid #e5e7eb;font-size:12px;color:#4b5563">${escapeHtml(footer)}</td></tr>
</table></body></html>`;
  const text = [
    brand.name,
    content.lines[0] ?? '',
    ...(content.code ? [`${layout.code}: ${content.code}`] : []),
    ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
    ...content.lines.slice(1),
    `--\n${footer}`,
  ].join('\n\n');
  return { subject: content.subject, text, html };
}
