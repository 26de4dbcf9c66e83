import sharp from 'sharp';
import type { UploadType } from './upload-type.ts';

// Larger pictures than any camera's are refused from their header, before a pixel is decoded
// (a decompression bomb declares enormous dimensions in a few bytes).
const MAX_INPUT_PIXELS = 100_000_000;
/** PDF names that run code or carry other files when the document is opened. */
const PDF_ACTIVE = /\/(JavaScript|JS|Launch|EmbeddedFile|RichMedia|XFA)\b/;
/** Markup that has no business inside a picture (a comment or text chunk carrying a page or script). */
const MARKUP = /<script|<iframe|<!doctype html|<html[\s>]|<svg[\s>]|javascript:|<\?php/i;
// An office document this much larger unpacked than packed is a decompression bomb.
const ZIP_MAX_UNPACKED = 200 * 1024 * 1024;
const ZIP_MAX_RATIO = 100;
const ZIP_RATIO_FROM = 20 * 1024 * 1024;

/**
 * Whether an upload whose type `detectUploadType` found is what it claims and nothing more: a
 * picture decodes completely within a sane size, ends where its format ends and holds no markup
 * (so no PNG+HTML or GIF+JS polyglot); a PDF ends like one and names no script, launch or embedded
 * file; an Office zip does not unpack to a bomb.
 */
export async function isWellFormed(content: Buffer, type: UploadType): Promise<boolean> {
  if (type.isImage) return imageEnd(content, type.ext) === content.length && !MARKUP.test(content.toString('latin1')) && (await decodes(content));
  if (type.ext === 'pdf') return wellFormedPdf(content);
  if (type.ext === 'docx' || type.ext === 'xlsx') return !zipBomb(content);
  return true;
}

/** A picture whose header is right but whose data is truncated or something else fails here. */
async function decodes(content: Buffer): Promise<boolean> {
  try {
    // stats() reads every pixel, so a bad stream anywhere in the file is found.
    const stats = await sharp(content, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false }).stats();
    return stats.channels.length > 0;
  } catch {
    return false;
  }
}

function wellFormedPdf(content: Buffer): boolean {
  const text = content.toString('latin1');
  return text.startsWith('%PDF-') && text.slice(-1024).includes('%%EOF') && !PDF_ACTIVE.test(text);
}

/** Where the picture's own structure ends (-1 when it is broken); bytes after it are smuggled. */
function imageEnd(c: Buffer, ext: string): number {
  try {
    if (ext === 'png') return pngEnd(c);
    if (ext === 'gif') return gifEnd(c);
    if (ext === 'webp') return c.readUInt32LE(4) + 8 + (c.readUInt32LE(4) % 2);
    if (ext === 'jpg') return jpegEnd(c);
  } catch {
    return -1;
  }
  return -1;
}

function pngEnd(c: Buffer): number {
  let pos = 8;
  while (pos + 12 <= c.length) {
    const length = c.readUInt32BE(pos);
    const type = c.toString('latin1', pos + 4, pos + 8);
    pos += 12 + length;
    if (type === 'IEND') return pos;
  }
  return -1;
}

function gifEnd(c: Buffer): number {
  const table = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  const skipBlocks = (from: number) => {
    let pos = from;
    while (pos < c.length && c[pos] !== 0) pos += c[pos]! + 1;
    return pos + 1;
  };
  let pos = 13 + table(c[10]!);
  while (pos < c.length) {
    const block = c[pos]!;
    if (block === 0x3b) return pos + 1;
    if (block === 0x21) pos = skipBlocks(pos + 2);
    else if (block === 0x2c) pos = skipBlocks(pos + 10 + table(c[pos + 9]!) + 1);
    else return -1;
  }
  return -1;
}

/**
 * The end of the last of one or more JPEG images one after another (cameras append previews and
 * depth maps after the first, Multi-Picture Format), with any trailing zero or 0xFF padding.
 */
function jpegEnd(c: Buffer): number {
  let pos = 0;
  while (pos < c.length && c[pos] === 0xff && c[pos + 1] === 0xd8) pos = oneJpegEnd(c, pos + 2);
  while (pos > 0 && pos < c.length && (c[pos] === 0 || c[pos] === 0xff)) pos++;
  return pos;
}

function oneJpegEnd(c: Buffer, from: number): number {
  let pos = from;
  while (pos + 1 < c.length) {
    if (c[pos] !== 0xff) return -1;
    const marker = c[pos + 1]!;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    if (marker === 0xd9) return pos + 2;
    pos += 2 + c.readUInt16BE(pos + 2);
    if (marker !== 0xda) continue;
    // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
    while (pos + 1 < c.length && !(c[pos] === 0xff && c[pos + 1] !== 0 && (c[pos + 1]! < 0xd0 || c[pos + 1]! > 0xd7))) pos++;
  }
  return -1;
}

/** Totals of an Office file's zip directory: too large unpacked, too dense, or unreadable. */
function zipBomb(c: Buffer): boolean {
  const end = c.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > c.length) return true;
  const entries = c.readUInt16LE(end + 10);
  let pos = c.readUInt32LE(end + 16);
  let packed = 0;
  let unpacked = 0;
  for (let i = 0; i < entries; i++) {
    if (pos + 46 > c.length || c.readUInt32LE(pos) !== 0x02014b50) return true;
    const size = c.readUInt32LE(pos + 24);
    // Zip64 sizes: nothing an upload limit lets through needs them.
    if (size === 0xffffffff) return true;
    packed += c.readUInt32LE(pos + 20);
    unpacked += size;
    pos += 46 + c.readUInt16LE(pos + 28) + c.readUInt16LE(pos + 30) + c.readUInt16LE(pos + 32);
  }
  return unpacked > ZIP_MAX_UNPACKED || (unpacked > ZIP_RATIO_FROM && unpacked > ZIP_MAX_RATIO * Math.max(packed, 1));
}
