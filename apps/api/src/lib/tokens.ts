import { createHash, randomBytes } from 'node:crypto';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** The user's session version at issue time; a bump ends every session. */
  sv: number;
}

/** Signs and verifies the short-lived access tokens (HS256 only). */
export class AccessTokens {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sv: claims.sv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid token, or null for anything forged, foreign or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
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
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
      return { sub: payload.sub, sv: payload.sv };
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
