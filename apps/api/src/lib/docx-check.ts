import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const inflateRawAsync = promisify(inflateRaw);

/** Limits of a Word template's zip (a zip bomb expands a few KB into gigabytes). */
export const DOCX_MAX_UNCOMPRESSED = 100 * 1024 * 1024;
export const DOCX_MAX_ENTRIES = 2000;

export type DocxProblem =
  | 'not_zip'
  | 'no_document'
  | 'too_many_entries'
  | 'too_large'
  | 'corrupt'
  | 'doctype';

/** Word never writes a DTD: one in an XML part can only declare entities (XXE, billion laughs). */
const DOCTYPE = /<!(DOCTYPE|ENTITY)/i;

const BINARY = /\.(png|jpe?g|gif|bmp|tiff?|emf|wmf|wdp|odttf|ttf|otf|bin)$/i;

/** An XML declaration naming its encoding (Word writes UTF-8). */
const ENCODING = /^\uFEFF?\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']*)["']/i;

/**
 * Whether an entry's bytes may hide a DTD from the check of {@link DOCTYPE}, which reads UTF-8: an
 * XML part (by its name, or by content that starts like XML, whatever the part is called: the
 * package's content types may make any name XML) in another encoding. UTF-16 and UTF-32 text has NUL
 * bytes, which UTF-8 XML never has; a declaration may name any other encoding (UTF-7, EBCDIC).
 */
function hidesDoctype(name: string, data: Buffer, text: string): boolean {
  const [b0, b1, , b3] = data.subarray(0, 4);
  // Images and (obfuscated, so random-looking) fonts may start with any bytes.
  const utf16or32 =
    (b0 === 0xff && b1 === 0xfe) ||
    (b0 === 0xfe && b1 === 0xff) ||
    (b0 === 0 && (b1 === 0x3c || b3 === 0x3c)) ||
    (b0 === 0x3c && b1 === 0);
  if (utf16or32 && !BINARY.test(name)) return true;
  if (!looksLikeXml(name, text)) return false;
  if (data.includes(0)) return true;
  const encoding = ENCODING.exec(text)?.[1]?.toLowerCase();
  return encoding !== undefined && encoding !== 'utf-8' && encoding !== 'utf8';
}

const looksLikeXml = (name: string, text: string) => isXml(name) || /^\uFEFF?\s*</.test(text);

/** Why an entry's content is refused, or null: every entry that reads as XML is checked, whatever its name. */
function contentProblem(name: string, data: Buffer): DocxProblem | null {
  const text = data.toString('utf8');
  if (hidesDoctype(name, data, text)) return 'doctype';
  if (looksLikeXml(name, text) && DOCTYPE.test(text)) return 'doctype';
  return null;
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/**
 * Reads the zip's central directory (without inflating anything) and checks the declared sizes and
 * the entry count; then inflates each entry with an output cap equal to its declared size, so an
 * entry that lies about its size is refused too. Returns null when the file is an acceptable .docx.
 */
export async function checkDocx(buf: Buffer): Promise<DocxProblem | null> {
  const entries = readCentralDirectory(buf);
  if (typeof entries === 'string') return entries;
  if (entries.length > DOCX_MAX_ENTRIES) return 'too_many_entries';
  let total = 0;
  for (const e of entries) total += e.uncompressedSize;
  if (total > DOCX_MAX_UNCOMPRESSED) return 'too_large';
  if (!entries.some((e) => e.name === 'word/document.xml')) return 'no_document';
  for (const e of entries) {
    const data = localData(buf, e);
    if (!data) return 'corrupt';
    if (e.method === 0) {
      if (data.length !== e.uncompressedSize) return 'corrupt';
      const problem = contentProblem(e.name, data);
      if (problem) return problem;
    } else if (e.method === 8) {
      try {
        const out = await inflateRawAsync(data, { maxOutputLength: Math.max(1, e.uncompressedSize) });
        if (out.length !== e.uncompressedSize) return 'corrupt';
        const problem = contentProblem(e.name, out);
        if (problem) return problem;
      } catch (err) {
        return (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : 'corrupt';
      }
    } else {
      return 'corrupt';
    }
  }
  return null;
}

const isXml = (name: string) => /\.(xml|rels)$/i.test(name);

function readCentralDirectory(buf: Buffer): Entry[] | DocxProblem {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) return 'not_zip';
  // The end-of-central-directory record: at the end, before a comment of at most 65535 bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'not_zip';
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  // ZIP64 markers: a Word document never needs them; a bomb might.
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) return 'too_large';
  if (count > DOCX_MAX_ENTRIES) return 'too_many_entries';
  if (cdOffset + cdSize > buf.length) return 'corrupt';
  const entries: Entry[] = [];
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return 'corrupt';
    const method = buf.readUInt16LE(p + 10);
    const compressedSize = buf.readUInt32LE(p + 20);
    const uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const localHeaderOffset = buf.readUInt32LE(p + 42);
    if (
      compressedSize === 0xffffffff ||
      uncompressedSize === 0xffffffff ||
      localHeaderOffset === 0xffffffff
    ) {
      return 'too_large';
    }
    if (p + 46 + nameLen > buf.length) return 'corrupt';
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

function localData(buf: Buffer, e: Entry): Buffer | null {
  const p = e.localHeaderOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== 0x04034b50) return null;
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  const end = start + e.compressedSize;
  if (end > buf.length) return null;
  return buf.subarray(start, end);
}
