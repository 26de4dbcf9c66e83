/**
 * Tells a legacy Word (.doc) from a legacy Excel (.xls) file: both are Compound File Binary
 * containers, told apart by the streams in their directory ("WordDocument" vs "Workbook"/"Book").
 * Reads the container's FAT and directory chain; anything malformed is null.
 */
export function cfbKind(buf: Buffer): 'doc' | 'xls' | null {
  if (buf.length < 512 || buf.readUInt32LE(0) !== 0xe011cfd0 || buf.readUInt32LE(4) !== 0xe11ab1a1) return null;
  const shift = buf.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const size = 1 << shift;
  const sector = (n: number) => (n + 1) * size;
  const fat = readFat(buf, size, sector);
  if (!fat) return null;
  const names = new Set<string>();
  let current = buf.readUInt32LE(0x30);
  for (let steps = 0; current < SPECIAL_SECTOR && steps < MAX_SECTORS; steps++) {
    const start = sector(current);
    if (start + size > buf.length) return null;
    for (let off = start; off < start + size; off += 128) {
      const nameBytes = buf.readUInt16LE(off + 0x40);
      if (buf[off + 0x42] === 2 && nameBytes >= 2 && nameBytes <= 64) names.add(buf.toString('utf16le', off, off + nameBytes - 2));
    }
    current = fat[current] ?? SPECIAL_SECTOR;
  }
  if (names.has('WordDocument')) return 'doc';
  if (names.has('Workbook') || names.has('Book')) return 'xls';
  return null;
}

// Sector numbers from here up mean end of chain, free, FAT or DIFAT: no further sector to read.
const SPECIAL_SECTOR = 0xfffffffa;
const MAX_SECTORS = 100_000;

/** The sector allocation table, from the header's 109 DIFAT slots and the DIFAT chain after them. */
function readFat(buf: Buffer, size: number, sector: (n: number) => number): number[] | null {
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(buf.readUInt32LE(0x4c + i * 4));
  let difat = buf.readUInt32LE(0x44);
  for (let steps = 0; difat < SPECIAL_SECTOR && steps < MAX_SECTORS; steps++) {
    const start = sector(difat);
    if (start + size > buf.length) return null;
    for (let off = start; off < start + size - 4; off += 4) fatSectors.push(buf.readUInt32LE(off));
    difat = buf.readUInt32LE(start + size - 4);
  }
  const fat: number[] = [];
  for (const s of fatSectors) {
    if (s >= SPECIAL_SECTOR) continue;
    const start = sector(s);
    if (start + size > buf.length) return null;
    for (let off = start; off < start + size; off += 4) fat.push(buf.readUInt32LE(off));
  }
  return fat;
}
