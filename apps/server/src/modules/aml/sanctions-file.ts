import { amlMessages } from '@bourse/contract';
import { HttpError } from '../../http/errors.ts';

/** One listed person or organisation as a list file gives it. */
export interface ParsedEntry {
  /** The list's own identifier: the EU's logicalId, OFAC's ent_num. */
  reference: string;
  kind: 'person' | 'entity';
  primaryName: string;
  programmes: string;
  /** Whole dates (YYYY-MM-DD) or years (YYYY). */
  birthDates: string[];
  /** Every name the entry is known by, the primary one first. */
  names: string[];
}

/** A list file refused: the message names the file and the line, and nothing of it is imported. */
export function malformed(file: string, line: number | null, problem: string): HttpError {
  const message = `${file}${line === null ? '' : `, line ${line}`}: ${problem}`;
  return new HttpError(422, message, { file: [message] });
}

export function missingFile(): HttpError {
  return new HttpError(422, amlMessages.fileRequired, { file: [amlMessages.fileRequired] });
}

const months: Record<string, string> = { jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06', jul: '07', aug: '08', sep: '09', oct: '10', nov: '11', dec: '12' };

/** "12 Apr 1962" or "1962" as the lists write them, as YYYY-MM-DD or YYYY; null when it is neither. */
export function listedDate(text: string): string | null {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  if (/^\d{4}$/.test(t)) return t;
  const m = /^(\d{1,2}) ([A-Za-z]{3}) (\d{4})$/.exec(t);
  const month = m ? months[m[2]!.toLowerCase()] : undefined;
  if (m && month) return `${m[3]}-${month}-${m[1]!.padStart(2, '0')}`;
  const y = /^(?:circa |[A-Za-z]{3} )?(\d{4})(?: to \d{4})?$/i.exec(t);
  return y ? y[1]! : null;
}
