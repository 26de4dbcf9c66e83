import { readFile } from 'node:fs/promises';
import path from 'node:path';

export type MimePart = { headers: Record<string, string>; body: string };

function qp(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) as text. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
    );
}

function split(raw: string): MimePart {
  const at = raw.indexOf('\n\n');
  const headers: Record<string, string> = {};
  for (const line of raw.slice(0, at).replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(at + 2);
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  return { headers, body: encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : encoding === 'quoted-printable' ? qp(body) : body };
}

/** A message as SMTP carries it: its headers and, when multipart, its decoded parts. */
export function parseMessage(raw: string): MimePart & { parts: MimePart[] } {
  const message = split(raw.replace(/\r\n/g, '\n'));
  const boundary = /boundary="?([^";]+)"?/.exec(message.headers['content-type'] ?? '')?.[1];
  const parts = boundary ? message.body.split(`--${boundary}`).slice(1, -1).map((p) => split(p.replace(/^\n/, ''))) : [];
  return { ...message, parts };
}

/**
 * The whole newest message to `to` that the mail transport without SMTP kept under `dataDir`,
 * waiting for it a little: some mails are written after the answer.
 */
export async function lastMessageTo(dataDir: string, to: string) {
  for (let i = 0; ; i++) {
    const log = await readFile(path.join(dataDir, 'mail.log'), 'utf8').catch(() => '');
    const entry = log.split(/^--- /m).findLast((m) => m.includes(`To: ${to}\n`));
    const file = entry && /^Message: (\S+)$/m.exec(entry)?.[1];
    if (file) return parseMessage(await readFile(path.join(dataDir, file), 'utf8'));
    if (i > 100) throw new Error(`no message to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
