import { open } from 'node:fs/promises';

export const imageExtensions = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'];

/** Bytes of a file's beginning kept while it streams in, enough for every check below. */
export const headBytes = 4096;

const ascii = (head: Buffer, offset: number, text: string) =>
  head.subarray(offset, offset + text.length).toString('latin1') === text;
const bytes = (head: Buffer, offset: number, expected: number[]) => expected.every((b, i) => head[offset + i] === b);

const zip = (head: Buffer) => bytes(head, 0, [0x50, 0x4b, 0x03, 0x04]);
const ole = (head: Buffer) => bytes(head, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const isoMedia = (head: Buffer, boxes: string[]) => boxes.some((box) => ascii(head, 4, box));

/** What a file of each extension begins with. Extensions without an entry (csv, txt) are not checked. */
const signatures: Record<string, (head: Buffer) => boolean> = {
  png: (head) => bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (head) => bytes(head, 0, [0xff, 0xd8, 0xff]),
  jpeg: (head) => bytes(head, 0, [0xff, 0xd8, 0xff]),
  gif: (head) => ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a'),
  webp: (head) => ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP'),
  bmp: (head) => ascii(head, 0, 'BM'),
  // PDF readers accept the header anywhere in the first KB.
  pdf: (head) => head.subarray(0, 1024).includes('%PDF-'),
  xlsx: zip,
  docx: zip,
  pptx: zip,
  zip: (head) => zip(head) || bytes(head, 0, [0x50, 0x4b, 0x05, 0x06]),
  xls: ole,
  doc: ole,
  ppt: ole,
  rar: (head) => ascii(head, 0, 'Rar!\x1a\x07'),
  '7z': (head) => bytes(head, 0, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
  mp4: (head) => isoMedia(head, ['ftyp']),
  mov: (head) => isoMedia(head, ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip']),
};

/** The part an Office Open XML file of each extension must contain. */
const officeParts: Record<string, string> = {
  xlsx: 'xl/workbook.xml',
  docx: 'word/document.xml',
  pptx: 'ppt/presentation.xml',
};

const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  doc: 'application/msword',
  ppt: 'application/vnd.ms-powerpoint',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

export const contentTypeOf = (extension: string) => contentTypes[extension] ?? 'application/octet-stream';

/** Whether the first bytes fit the extension. */
function headMatches(extension: string, head: Buffer): boolean {
  const check = signatures[extension];
  return check ? check(head) : true;
}

/** Whether a complete file on disk is what its extension says (for Office files: the right kind of package). */
export async function contentMatches(extension: string, head: Buffer, filePath: string): Promise<boolean> {
  if (!headMatches(extension, head)) return false;
  const part = officeParts[extension];
  if (!part) return true;
  const names = await zipEntryNames(filePath).catch(() => null);
  return names?.has(part) ?? false;
}

const eocdSignature = 0x06054b50;
const centralSignature = 0x02014b50;
const maxCentralDirectory = 64 * 1024 * 1024;

/** Names in a ZIP file's central directory, read from the end of the file without unpacking anything. */
async function zipEntryNames(filePath: string): Promise<Set<string>> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 22 + 65_535 + 20);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === eocdSignature) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new Error('not a zip file');
    let cdSize = tail.readUInt32LE(eocd + 12);
    let cdOffset = tail.readUInt32LE(eocd + 16);
    if (cdOffset === 0xffffffff && eocd >= 20 && tail.readUInt32LE(eocd - 20) === 0x07064b50) {
      const zip64 = Buffer.alloc(56);
      await handle.read(zip64, 0, 56, Number(tail.readBigUInt64LE(eocd - 20 + 8)));
      cdSize = Number(zip64.readBigUInt64LE(40));
      cdOffset = Number(zip64.readBigUInt64LE(48));
    }
    if (cdSize > maxCentralDirectory || cdOffset + cdSize > size) throw new Error('bad central directory');
    const directory = Buffer.alloc(cdSize);
    await handle.read(directory, 0, cdSize, cdOffset);
    const names = new Set<string>();
    let at = 0;
    while (at + 46 <= directory.length && directory.readUInt32LE(at) === centralSignature) {
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      names.add(directory.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
      at += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  } finally {
    await handle.close();
  }
}
