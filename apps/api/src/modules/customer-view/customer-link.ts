import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a customer-view link works. */
export const CUSTOMER_LINK_DAYS = 30;

/**
 * A signed, expiring link to one project's customer view: `base64url({p, e}).hmac`. The HMAC key is
 * derived from the server secret, so links cannot be forged or extended.
 */
export function signCustomerToken(
  secret: string,
  projectId: string,
  now = Date.now(),
): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now + CUSTOMER_LINK_DAYS * 86_400_000);
  const body = Buffer.from(JSON.stringify({ p: projectId, e: expiresAt.getTime() })).toString('base64url');
  return { token: `${body}.${mac(secret, body)}`, expiresAt };
}

/**
 * The customer's address of one project's customer view (a fresh signed link): what the header's
 * 'Customer view' opens and what the offer e-mail's `{{offerLink}}` sends the customer.
 */
export function customerViewLink(
  config: { JWT_SECRET: string; PUBLIC_URL: string },
  projectId: string,
  now = Date.now(),
): { url: string; token: string; expiresAt: Date } {
  const { token, expiresAt } = signCustomerToken(config.JWT_SECRET, projectId, now);
  return { url: `${config.PUBLIC_URL}/customer-view?token=${token}`, token, expiresAt };
}

/** The project id of a valid, unexpired token; null otherwise. */
export function verifyCustomerToken(secret: string, token: string, now = Date.now()): string | null {
  const [body, sig] = token.split('.');
  if (!body || !sig) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { p, e } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      p?: unknown;
      e?: unknown;
    };
    if (typeof p !== 'string' || typeof e !== 'number' || e < now) return null;
    return p;
  } catch {
    return null;
  }
}

function mac(secret: string, body: string): string {
  return createHmac('sha256', `customer-view:${secret}`).update(body).digest('base64url');
}
