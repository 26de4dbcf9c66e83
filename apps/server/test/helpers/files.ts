import { crc32 } from 'node:zlib';

/** Small real files of each kind chat must accept or refuse, built byte by byte. */
export const files = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64)]),
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from([0x3b])]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(18)]),
  /** Complete 1×1 pictures that decode (the `jpeg`, `gif` and `webp` above have a right header only). */
  photo: {
    jpeg: Buffer.from('/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJMAxHH/2Q==', 'base64'),
    gif: Buffer.from('R0lGODlhAQABAIAAAExpcTNmqiH5BAUAAAAALAAAAAABAAEAAAICTAEAOw==', 'base64'),
    webp: Buffer.from('UklGRjgAAABXRUJQVlA4ICwAAADQAQCdASoBAAEAAUAmJaACdLoB+AADsAD+73bX/maJjmP2r//Cr43IWFAAAA==', 'base64'),
  },
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  docx: () => officeZip('word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
  xlsx: () => officeZip('xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'),
  pptx: () => officeZip('ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'),
  zip: () => zip([{ name: 'readme.txt', content: 'hello' }]),
  doc: () => compoundFile('WordDocument'),
  xls: () => compoundFile('Workbook'),
  /** A compound file that is neither Word nor Excel (an installer package, say). */
  msi: () => compoundFile('\u4840\u3b3f\u4577\u446c'),
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), Buffer.alloc(64)]),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>'),
  xmlSvg: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  html: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
};

/** A stored (uncompressed) zip archive. */
export function zip(entries: { name: string; content: string | Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const data = Buffer.isBuffer(e.content) ? e.content : Buffer.from(e.content);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

function officeZip(mainPart: string, contentType: string): Buffer {
  const types = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${mainPart}" ContentType="${contentType}"/></Types>`;
  return zip([
    { name: '[Content_Types].xml', content: types },
    { name: '_rels/.rels', content: '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>' },
    { name: mainPart, content: '<?xml version="1.0"?><root/>' },
  ]);
}

/** A minimal Compound File (512-byte sectors): header, one FAT sector, one directory sector. */
export function compoundFile(streamName: string): Buffer {
  const FREE = 0xffffffff;
  const END = 0xfffffffe;
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c);
  header.writeUInt32LE(1, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(END, 0x3c);
  header.writeUInt32LE(END, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE, 0x4c + i * 4);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0);
  fat.writeUInt32LE(END, 4);
  const dir = Buffer.alloc(512);
  const entry = (index: number, name: string, type: number) => {
    const off = index * 128;
    const bytes = Buffer.from(`${name}\0`, 'utf16le');
    bytes.copy(dir, off);
    dir.writeUInt16LE(bytes.length, off + 0x40);
    dir[off + 0x42] = type;
    dir.writeUInt32LE(FREE, off + 0x44);
    dir.writeUInt32LE(FREE, off + 0x48);
    dir.writeUInt32LE(type === 5 ? 1 : FREE, off + 0x4c);
    dir.writeUInt32LE(END, off + 0x74);
  };
  entry(0, 'Root Entry', 5);
  entry(1, streamName, 2);
  return Buffer.concat([header, fat, dir]);
}

type UploadAnswer = { message?: string; errors?: Record<string, string[]>; url: string; id: number; file_name: string; is_image: boolean; mime_type: string };

/** POST /chat/upload as the browser sends it: multipart with the file in field `file`. */
export async function upload(
  server: { url: string },
  token: string,
  content: Buffer,
  fileName: string,
  opts: { type?: string; query?: string; field?: string } = {},
): Promise<{ status: number; body: UploadAnswer }> {
  const form = new FormData();
  form.append(opts.field ?? 'file', new Blob([new Uint8Array(content)], { type: opts.type ?? 'application/octet-stream' }), fileName);
  const res = await fetch(`${server.url}/api/v1/chat/upload${opts.query ?? ''}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as UploadAnswer };
}
