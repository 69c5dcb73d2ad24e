import { createRequire } from 'node:module';

/**
 * The ending of a column name that asks for the column's UTF-8 bytes (a `Buffer`) instead of a
 * string, on the PostgreSQL server's driver. PGlite gives the column as a string, as any other.
 */
export const BYTES_SUFFIX = ':bytes';

/** A column of a `BYTES_SUFFIX` name: its bytes from the server, its text from PGlite. */
export type TextOrBytes = string | Buffer;

/** The column's value as bytes, whichever database gave it. */
export const bytesOf = (value: TextOrBytes): Buffer =>
  typeof value === 'string' ? Buffer.from(value, 'utf8') : value;

interface Reader {
  setBuffer(offset: number, buffer: Buffer): void;
  int16(): number;
  int32(): number;
  string(length: number): string;
  bytes(length: number): Buffer;
}

interface ParserInternals {
  reader: Reader;
  /** Per field of the last row description: whether it is sent as bytes; null when none is. */
  bytesAt?: boolean[] | null;
  handlePacket(offset: number, code: number, length: number, bytes: Buffer): unknown;
}

const DATA_ROW = 0x44; // 'D'
const ROW_DESCRIPTION = 0x54; // 'T'

let installed: boolean | undefined;

/**
 * Lets node-postgres hand over the text columns named `…:bytes` as their bytes (docs/decisions/0025).
 * A board page is 50 records each written as JSON by PostgreSQL; the driver decoded each into a
 * string, and the answer then encoded them back into bytes, with the garbage of both: about a fifth
 * of the API's work for the page. Its protocol parser is taught, for the data rows of a result
 * whose row description names such a column, to copy that field's bytes instead of decoding them;
 * text columns (OID 25) are then passed through as they come (for a string, what node-postgres did
 * with them anyway). Answers whether it is on: a driver whose parser has another shape is left as
 * it is, and every column arrives as a string then.
 */
export function receiveMarkedColumnsAsBytes(): boolean {
  if (installed !== undefined) return installed;
  const fromPg = createRequire(createRequire(import.meta.url).resolve('pg'));
  const { Parser } = fromPg('pg-protocol/dist/parser.js') as { Parser?: { prototype: ParserInternals } };
  const { DataRowMessage } = fromPg('pg-protocol/dist/messages.js') as {
    DataRowMessage?: new (length: number, fields: unknown[]) => unknown;
  };
  const types = fromPg('pg-types') as {
    setTypeParser(oid: number, format: string, parse: (v: unknown) => unknown): void;
  };
  const original = Parser?.prototype.handlePacket;
  if (!Parser || !DataRowMessage || typeof original !== 'function') {
    installed = false;
    return installed;
  }
  types.setTypeParser(25, 'text', (value) => value);
  Parser.prototype.handlePacket = function (this: ParserInternals, offset, code, length, bytes) {
    const at = this.bytesAt;
    if (code === DATA_ROW && at) {
      const reader = this.reader;
      reader.setBuffer(offset, bytes);
      const count = reader.int16();
      const fields: (string | Buffer | null)[] = new Array(count);
      for (let i = 0; i < count; i++) {
        const len = reader.int32();
        // A copy: the parser's buffer is reused for the next packets.
        fields[i] = len === -1 ? null : at[i] ? Buffer.from(reader.bytes(len)) : reader.string(len);
      }
      return new DataRowMessage(length, fields);
    }
    const message = original.call(this, offset, code, length, bytes);
    if (code === ROW_DESCRIPTION) {
      const marked = (message as { fields: { name: string }[] }).fields.map((f) =>
        f.name.endsWith(BYTES_SUFFIX),
      );
      this.bytesAt = marked.includes(true) ? marked : null;
    }
    return message;
  };
  installed = true;
  return installed;
}
