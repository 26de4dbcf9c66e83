import { inflateSync } from 'node:zlib';

/** One PDF object: its dictionary text and its stream, inflated when it was compressed. */
type PdfObject = { dict: string; stream: string | null };

/** The objects of a PDF that pdfkit wrote (uncompressed object syntax, deflated streams). */
function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)\bendobj/g)) {
    const body = m[2]!;
    // pdfkit ends a stream's bytes with "\nendstream"; a compressed stream may itself end in a "\r"
    // byte, so that byte belongs to the data and is tried both ways.
    const s = /^([\s\S]*?)stream\r?\n([\s\S]*)\nendstream\s*$/.exec(body);
    if (!s) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const data = s[2]!;
    const stream = s[1]!.includes('/FlateDecode') ? (inflated(data) ?? (data.endsWith('\r') ? inflated(data.slice(0, -1)) : null)) : data;
    objects.set(Number(m[1]), { dict: s[1]!, stream });
  }
  return objects;
}

/** A ToUnicode CMap's codes (glyph ids of a subset font) and the text each stands for. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const m of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
    const first = Number.parseInt(m[1]!, 16);
    let code = first;
    for (const dst of m[3]!.matchAll(/<([0-9a-fA-F\s]*)>/g)) map.set(code++, utf16(dst[1]!));
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(Number.parseInt(m[1]!, 16), utf16(m[2]!));
  }
  return map;
}

/**
 * The text a PDF draws, one string per text operator, read from its content streams. Embedded
 * (subset) fonts are read through their ToUnicode maps, as a PDF reader's copy and search do;
 * the standard fonts' one-byte codes are read as Latin-1.
 */
export function pdfTexts(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  const maps = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const m of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const ref = /\/ToUnicode (\d+) 0 R/.exec(objects.get(Number(m[2]))?.dict ?? '');
      const cmap = ref ? objects.get(Number(ref[1]))?.stream : null;
      if (cmap) maps.set(m[1]!, toUnicode(cmap));
    }
  }
  const texts: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream || !/\bTJ\b/.test(stream)) continue;
    let font: Map<number, string> | undefined;
    for (const op of stream.matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ/g)) {
      if (op[1]) {
        font = maps.get(op[1]);
        continue;
      }
      const hex = [...op[2]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!).join('');
      texts.push(font ? (hex.match(/.{4}/g) ?? []).map((code) => font!.get(Number.parseInt(code, 16)) ?? '\uFFFD').join('') : Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return texts;
}

function inflated(data: string): string | null {
  try {
    return inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
  } catch {
    return null;
  }
}

/** The page count a PDF declares in its page tree. */
export function pdfPageCount(pdf: Buffer): number {
  const m = /\/Type \/Pages\s*\/Count (\d+)/.exec(pdf.toString('latin1'));
  if (!m) throw new Error('not a PDF page tree');
  return Number(m[1]);
}

/** Parses RFC 4180 CSV (quoted cells, doubled quotes, CRLF rows) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== ',' && c !== '\r')) {
      cell += c;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}
