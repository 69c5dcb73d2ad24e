import { setTimeout as sleep } from 'node:timers/promises';
import type { Language, LoginResponse, RefreshResponse } from '@solar/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordTokens, refreshTokens, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError, sessionEnded } from '../../lib/errors';
import { enqueueJob } from '../../lib/jobs';
import { buildPasswordMail, type PasswordMailPurpose } from '../../lib/mail-templates';
import { getDummyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newOpaqueToken } from '../../lib/tokens';
import { endAllSessions, findUserByEmail, loadUserView } from '../users/users.repository';
import { clearAccountFailures, readThrottle, recordFailure } from './throttle';

const DAY_MS = 86_400_000;
const RESET_LINK_MS = 60 * 60_000;
export const INVITE_LINK_MS = 7 * DAY_MS;

/** Starts a new refresh-token family and signs an access token. */
async function issueSession(ctx: AppContext, db: DbOrTx, userId: string, sessionVersion: number) {
  const refresh = newOpaqueToken();
  const now = Date.now();
  const familyExpiresAt = new Date(now + ctx.config.REFRESH_FAMILY_MAX_DAYS * DAY_MS);
  const familyId = crypto.randomUUID();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(refresh),
    expiresAt: new Date(
      Math.min(now + ctx.config.REFRESH_TOKEN_TTL_DAYS * DAY_MS, familyExpiresAt.getTime()),
    ),
    familyExpiresAt,
  });
  const token = await ctx.tokens.sign({ sub: userId, sv: sessionVersion, sid: familyId });
  return { token, refresh_token: refresh };
}

/**
 * Checks the credentials. Unknown accounts, wrong passwords, pending invitations and disabled users
 * all get the same 401 after the same argon2 work; repeated failures slow down, then answer 429.
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string; ip: string },
): Promise<LoginResponse['data']> {
  const { db } = ctx.database;
  const throttle = await readThrottle(db, ctx.config, input.email, input.ip);
  if (throttle.blocked) throw new AppError(429, 'too_many_attempts');
  if (throttle.delayMs > 0) await sleep(throttle.delayMs);
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user?.passwordHash || !ok || user.isDisabled) {
    await recordFailure(db, input.email, input.ip);
    throw new AppError(401, 'invalid_credentials');
  }
  return db.transaction(async (tx) => {
    await clearAccountFailures(tx, input.email);
    const session = await issueSession(ctx, tx, user.id, user.sessionVersion);
    const view = await loadUserView(tx, user.id);
    if (!view) throw sessionEnded();
    return { ...session, ...view };
  });
}

/**
 * Rotates a refresh token. A token is single-use: the first caller gets the next pair; presenting
 * a used or revoked token again revokes the whole family (theft detection), so concurrent refreshes
 * with one token end that session and the client logs in again (docs/auth.md).
 */
export async function refresh(ctx: AppContext, token: string): Promise<RefreshResponse['data']> {
  const { db } = ctx.database;
  const hash = hashToken(token);
  const outcome = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)),
      )
      .returning();
    if (!claimed) return { kind: 'reuse' as const };
    const now = Date.now();
    if (claimed.expiresAt.getTime() <= now || claimed.familyExpiresAt.getTime() <= now) {
      return { kind: 'expired' as const };
    }
    const [user] = await tx.select().from(users).where(eq(users.id, claimed.userId));
    if (!user || user.isDisabled) return { kind: 'expired' as const };
    const next = newOpaqueToken();
    await tx.insert(refreshTokens).values({
      userId: user.id,
      familyId: claimed.familyId,
      tokenHash: hashToken(next),
      expiresAt: new Date(
        Math.min(now + ctx.config.REFRESH_TOKEN_TTL_DAYS * DAY_MS, claimed.familyExpiresAt.getTime()),
      ),
      familyExpiresAt: claimed.familyExpiresAt,
    });
    const access = await ctx.tokens.sign({ sub: user.id, sv: user.sessionVersion, sid: claimed.familyId });
    return { kind: 'ok' as const, data: { token: access, refresh_token: next } };
  });
  if (outcome.kind === 'ok') return outcome.data;
  if (outcome.kind === 'reuse') {
    // A known token that was already used or revoked: end its whole family.
    await db.execute(sql`
      UPDATE refresh_tokens SET revoked_at = now()
      WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = ${hash})`);
  }
  throw sessionEnded();
}

/** Revokes the refresh-token family of the given token (logout). */
export async function logout(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token) return;
  await ctx.database.db.execute(sql`
    UPDATE refresh_tokens SET revoked_at = now()
    WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = ${hashToken(token)})`);
}

/** Creates a single-use password link and queues its e-mail in the caller's transaction. */
export async function sendPasswordLink(
  ctx: AppContext,
  tx: DbOrTx,
  user: { id: string; email: string; firstName: string; preferredLanguage: string },
  purpose: PasswordMailPurpose,
  extra: { companyName?: string; lang?: Language } = {},
): Promise<void> {
  const token = newOpaqueToken();
  // A rejoining member's link lives as long as an invitation's; the page then reads as a reset.
  const tokenPurpose = purpose === 'reset' ? 'reset' : 'invite';
  await tx.insert(passwordTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    purpose: tokenPurpose,
    expiresAt: new Date(Date.now() + (tokenPurpose === 'reset' ? RESET_LINK_MS : INVITE_LINK_MS)),
  });
  const link = `${ctx.config.PUBLIC_URL}/application/reset-password?token=${token}${purpose === 'invite' ? '&invite=1' : ''}`;
  const lang = (extra.lang ?? user.preferredLanguage) as Language;
  const mail = buildPasswordMail({
    purpose,
    lang,
    link,
    firstName: user.firstName,
    companyName: extra.companyName,
  });
  await enqueueJob(tx, ctx.config.JOB_QUEUE, 'send-mail', { to: user.email, ...mail });
}

/**
 * At most this many reset e-mails go to one account within a link's hour: the form is public, and
 * without a cap anyone could flood a colleague's inbox with them (the answer stays the same).
 */
export const RESET_MAILS_PER_HOUR = 3;

/** Always answers alike; sends a one-hour link only when an active account has this address. */
export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.isDisabled) return;
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(passwordTokens)
      .where(
        and(
          eq(passwordTokens.userId, user.id),
          eq(passwordTokens.purpose, 'reset'),
          gt(passwordTokens.createdAt, new Date(Date.now() - RESET_LINK_MS)),
        ),
      );
    if (Number(recent?.n ?? 0) >= RESET_MAILS_PER_HOUR) return;
    await sendPasswordLink(ctx, tx, user, 'reset');
  });
}

/**
 * Sets a new password from a reset or invitation link. The link is single-use; setting a password
 * ends all other sessions and lifts a login lock-out, so a locked-out user can always get back in.
 */
/**
 * Whether a reset or invitation link can still set a password (unused, not expired, its user not
 * disabled), so the page says at once that it cannot rather than after the form is filled in. It
 * changes nothing; the token is as unguessable here as where it is used.
 */
export async function checkResetLink(ctx: AppContext, token: string): Promise<void> {
  const [link] = await ctx.database.db
    .select({ id: passwordTokens.id })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, new Date()),
        eq(users.isDisabled, false),
      ),
    )
    .limit(1);
  if (!link) throw new AppError(400, 'reset_link_invalid');
}

/** Sets the password of a reset or invitation link; answers the account's e-mail (the login's to fill). */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  return ctx.database.db.transaction(async (tx) => {
    const [link] = await tx
      .update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordTokens.tokenHash, hashToken(token)),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!link) throw new AppError(400, 'reset_link_invalid');
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, link.userId), eq(users.isDisabled, false)))
      .returning();
    if (!user) throw new AppError(400, 'reset_link_invalid');
    // Other outstanding links of this user stop working too.
    await tx
      .update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordTokens.userId, user.id), isNull(passwordTokens.usedAt)));
    await endAllSessions(tx, user.id);
    await clearAccountFailures(tx, user.email);
    return user.email;
  });
}
