import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** The user's session version at issue time; a bump ends every session. */
  sv: number;
  /** The refresh-token family of the login the token belongs to; a logout ends it (docs/auth.md). */
  sid: string;
}

/** Verified tokens kept at most (a few MB); beyond it the oldest half is dropped. */
const VERIFIED_MAX = 20_000;

/** Signs and verifies the short-lived access tokens (HS256 only). */
export class AccessTokens {
  /** The HMAC key imported once: jose would import raw bytes again for every token. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens already verified, with their expiry: every request carries one, and the same token comes
   * back until it expires. Only tokens that passed verification enter; expiry is checked on each use.
   */
  private readonly verified = new Map<string, AccessClaims & { exp: number }>();
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sv: claims.sv, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(await this.key);
  }

  /**
   * What is known of a token without verifying it again: its claims when it was verified and has
   * not expired, null when it was verified and has expired, undefined when it was never verified
   * here (then {@link verify} checks its signature).
   */
  known(token: string, now = Date.now()): Readonly<AccessClaims> | null | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    if (known.exp * 1000 > now) return known;
    this.verified.delete(token);
    return null;
  }

  /** When a token verified here expires (ms since the epoch), or null when it is not known. */
  expiresAt(token: string): number | null {
    const known = this.verified.get(token);
    return known ? known.exp * 1000 : null;
  }

  /** The claims of a valid token, or null for anything forged, foreign or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.known(token);
    if (known !== undefined) return known && { sub: known.sub, sv: known.sv, sid: known.sid };
    const claims = await this.verifySignature(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_MAX) {
        let drop = VERIFIED_MAX / 2;
        for (const key of this.verified.keys()) {
          this.verified.delete(key);
          if (--drop === 0) break;
        }
      }
      this.verified.set(token, claims);
      return { sub: claims.sub, sv: claims.sv, sid: claims.sid };
    }
    return null;
  }

  private async verifySignature(token: string): Promise<(AccessClaims & { exp: number }) | null> {
    try {
      const header = decodeProtectedHeader(token);
      // We never use key ids or key URLs: a token that names one was not made here.
      if (
        header.alg !== 'HS256' ||
        header.kid !== undefined ||
        header.jku !== undefined ||
        header.jwk !== undefined
      ) {
        return null;
      }
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sv !== 'number' ||
        typeof payload.sid !== 'string' ||
        typeof payload.exp !== 'number'
      )
        return null;
      return { sub: payload.sub, sv: payload.sv, sid: payload.sid, exp: payload.exp };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError || err instanceof SyntaxError)
        return null;
      throw err;
    }
  }
}

/** A random opaque token for refresh and e-mailed links. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as hashes, so a database leak does not leak sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
