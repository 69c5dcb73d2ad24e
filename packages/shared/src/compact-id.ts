/**
 * UUIDs in 22 characters: the 16 bytes in base64url without padding, for answers that carry many
 * ids (the map's points). 36 characters become 22, which keeps 20,000 points under 1 MB.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]));

/** A compact id: 21 characters of 6 bits and a last one holding the remaining 2 (so A, Q, g or w). */
export const COMPACT_ID = /^[A-Za-z0-9_-]{21}[AQgw]$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The 22-character form of a UUID (case does not matter; expandUuid gives it back in lower case). */
export function compactUuid(uuid: string): string {
  if (!UUID.test(uuid)) throw new Error(`not a UUID: ${uuid}`);
  const hex = uuid.replaceAll('-', '');
  let out = '';
  // 32 hex digits are 128 bits: 21 groups of six (126 bits, three hex digits make two groups)...
  for (let i = 0; i + 3 <= 30; i += 3) {
    const n = Number.parseInt(hex.slice(i, i + 3), 16);
    out += ALPHABET.charAt(n >> 6) + ALPHABET.charAt(n & 63);
  }
  // ...then the last two hex digits: six bits and two.
  const last = Number.parseInt(hex.slice(30), 16);
  return out + ALPHABET.charAt(last >> 2) + ALPHABET.charAt((last & 3) << 4);
}

/** The UUID a compact id stands for, in lower case with dashes. */
export function expandUuid(compact: string): string {
  if (!COMPACT_ID.test(compact)) throw new Error(`not a compact id: ${compact}`);
  const six = (i: number) => VALUE.get(compact.charAt(i)) ?? 0;
  let hex = '';
  for (let i = 0; i < 20; i += 2) hex += ((six(i) << 6) | six(i + 1)).toString(16).padStart(3, '0');
  hex += ((six(20) << 2) | (six(21) >> 4)).toString(16).padStart(2, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
