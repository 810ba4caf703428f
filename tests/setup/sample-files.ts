import { crc32, deflateRawSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

/**
 * Small real documents for upload tests. The images were drawn on a canvas in Chromium and
 * exported as JPEG/PNG once; the rest are built here byte by byte.
 */
export const JPEG_PAGE_1 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCABAADADASIAAhEBAxEB/8QAGQABAQEBAQEAAAAAAAAAAAAABAMGAgUH/8QAJhAAAQMEAgEDBQAAAAAAAAAAAwABAgQFEWESMSETFEEGFRYygf/EABcBAAMBAAAAAAAAAAAAAAAAAAMEBQb/xAAaEQADAQADAAAAAAAAAAAAAAAAAgMBBBFR/9oADAMBAAIRAxEAPwD7Ne75SWr2/vJG5VE3GKAQENKcmi8nbjCLv1F3/i8z8otRpW+A6xpTr5zhTw4S5SlDPJnbGYu3GTPyxh2x34Qfq+31lzrbI9FVVFG1PUzIWop/SeY4uEkfDEjJny8mb9X7+O149zoT237IC20NbXwp62dYc/qBaUnnEvKT8pR8vImcM2G+MYws9Hjr1no4z6bEpUMpVMpdoZTbT0oAGcqU20Ipu/KmUyIUu1RlAAzmrKVDKVcFNtCKbvylJQCs5QptohSqZSoZSqjKAuzlClQym2plNtDKXapSgAZzVlMiFLtTKVDKbaTlAKzlClQym2plLtEKVUZQF2c7KXaIUqmUqGU21SlAAzmrKbaGUu1MpdohSpOUArOUKVDKXamUqGU21SlAXZyhTbQyl2plKiFKqMoAGc//2Q==',
  'base64',
);
export const JPEG_PAGE_2 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCABAADADASIAAhEBAxEB/8QAGAABAQEBAQAAAAAAAAAAAAAABAMGBQf/xAAmEAACAgEEAAUFAAAAAAAAAAABAwACBAUREmEGExQxQSEiIzKB/8QAFwEBAQEBAAAAAAAAAAAAAAAABAIBA//EABcRAAMBAAAAAAAAAAAAAAAAAAABAyH/2gAMAwEAAhEDEQA/APZNb1zE0r04zLO5ZFytVEoY61rCpsQK0qT7VJ/k47/F+jVWi/rCauBIISw8ALcCb/b+PawNTy22II+IXxdp+ZqebohwsrIwxj5N2NyMfyjddSllfoGVsDubAfqff495xdTwMjGpi6Vj4WdmaUbXyMt1bp8zIZZhua25WrsDYm1uI2I2qNhuIPAU4o2bWwbXSbW9wbWzm2OnIo1vcG10m13cG10lsdOJrGtg2uk2t7g2umthZyKNd3Btb3JtbBtb3JbHziUa6Da2Ta2Da6S2OnE1jXdwbXSbXQbWzWw05FGt7g2tk2tg2t7ktjpxKNbBtdJtdBtbJbHTkaxrYNrpNrYNrprYacijWwbXdybWwbXSWx04lGtg2tk2tg2ukNj5yP/Z',
  'base64',
);
export const PNG_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAYCAYAAACbU/80AAADHElEQVR4AZSVrUtsURTFNxM02QwG/waxmAX/AcGsQUQNJovFD0wGk8FkMBkMgoJJxGQQg4IoWCwTZsrMwDBhYL7Y7/4OrMueedfnU1iusz72meP1XC11u11vt9vebDa9Xq97tVr1crnsX19f/vn56W9vb/7y8uJPT0/++PjoDw8Pfnd357e3t359fe2Xl5d+cXHh5+fnfnZ25qenp35ycuLHx8d+dHTkh4eHvru76zs7O769ve1bW1u+ubnpq6urvrKy4qXBYGC9Xs/E/X7fIvDRkWM/+urFHC9itF8ixNSQdGTW5OLv+uTguxyfPCIdAEMhzIeJyQB6lIt6dEDs/6uXH4AhEMtxEzJp1gCtvjQcoVxMxpz4rwPEUCUNw3gRsf9Tzhx9euJ0AITC5+dn29jYyC9irVaztbU1a7Va6aKqB0doU7y4X9Ss1ROnt4CAIczZ2Vmbnp62+/v7dIjs9bLsdbGxsbGk1WMmAh8dmf3QMBlAi/FLfMOACeHsPbXs/bb393drNBo2NzeXPjz2WNOHI5hHw+RiPDQsoIeeAAHm+Pi4LS0t2d7e3tCvQ/lvWYeAmY0oIfhQWEC/vr7a5OSkfXx8/Nfvns2ZYw8xa4AuyvHTEyCkKPDoK5WK7e/v29XVVX4BR3v02URMjobxIvDRMLk43QGEwk6nY9nfc1tfX7eJiQmbn5+3m5ub/M+1epFZA/bR5tJwhHJxegIUNMxPPDMzY1NTU+niLSwsWPYPyXgisac+XoR8ccxY40dOdwBDJ1pcXLTl5eX04ZQt+zo4OEj3IfbUx6MHC+iiHF8dcX4AhZG1CayBn/KiHh5z7AOjhfwAMiixhimL8dCwgC7K8enA5KxhaRgPHroDMkc5DpNFsAk6cuxHX72Y52+BTJVggU2Kcnx1yFnD+GI8NCyglQ89AZmwymKGWMPkYjyAHuWiHh2g/tAdwNRQLLEWlIvxmYvMGuAX9ciEoQNgxiGG8SLI0ZHpoWGyCHw0XJSnAxBSEtCUYbxRxhPUE+Orz1ooyumlO0CoopiQdWR60mRAOjI9soiY46Pp/QEAAP//8JbKaQAAAAZJREFUAwAV+J3cIfiEAwAAAABJRU5ErkJggg==',
  'base64',
);

export async function samplePdf(text = 'Bolletta di prova'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([200, 100]);
  page.drawText(text, { x: 10, y: 50, size: 12 });
  return Buffer.from(await pdf.save());
}

/** A ZIP with stored entries (deflated when given as `{ deflate }`): enough for a real .docx container. */
function zip(entries: Record<string, string | { deflate: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBuf = Buffer.from(name);
    const raw = typeof content === 'string' ? Buffer.from(content) : content.deflate;
    const method = typeof content === 'string' ? 0 : 8;
    const data = method === 8 ? deflateRawSync(raw, { level: 9 }) : raw;
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    locals.push(local, nameBuf, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const DOCX_CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/** A .docx whose document.xml inflates from a few KB to 20 MB of zeros: a zip bomb. */
export function zipBombDocx(): Buffer {
  return zip({
    '[Content_Types].xml': DOCX_CONTENT_TYPES,
    'word/document.xml': { deflate: Buffer.alloc(20 * 1024 * 1024) },
  });
}

export function sampleDocx(): Buffer {
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml':
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Bolletta</w:t></w:r></w:p></w:body></w:document>',
  });
}

/** A plain ZIP archive (not a Word document). */
export function sampleZip(): Buffer {
  return zip({ 'leggimi.txt': 'ciao' });
}

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** An OLE compound file with a WordDocument stream entry, as a .doc has. */
export function sampleDoc(): Buffer {
  const body = Buffer.alloc(1024);
  Buffer.from('WordDocument', 'utf16le').copy(body, 512);
  return Buffer.concat([OLE, Buffer.alloc(504), body]);
}
/** An OLE compound file without a Word stream: an .msi installer, say. */
export function sampleMsi(): Buffer {
  return Buffer.concat([OLE, Buffer.alloc(1528)]);
}

/** A Windows executable header (MZ + PE): what a renamed .exe looks like. */
export function sampleExe(): Buffer {
  const buf = Buffer.alloc(512);
  buf.write('MZ', 0, 'latin1');
  buf.writeUInt32LE(0x80, 0x3c);
  buf.write('PE\0\0', 0x80, 'latin1');
  return buf;
}
export function sampleElf(): Buffer {
  return Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
}

export const SAMPLE_TXT = Buffer.from(
  'Fornitura luce\nPOD IT001E12345678\nConsumo annuo: 2.700 kWh – € 812,40\n',
  'utf8',
);

export interface MultipartFile {
  field: string;
  filename: string;
  data: Buffer;
  contentType?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(files: MultipartFile[], fields: Record<string, string> = {}) {
  const boundary = `----winsolution${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
