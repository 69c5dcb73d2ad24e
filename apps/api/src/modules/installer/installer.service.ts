import type {
  CompanyUpdateRequest,
  InstallerDetails,
  InviteRequest,
  Language,
  TeamMember,
} from '@solar/shared';
import { isInstallerRole } from '@solar/shared';
import { and, eq } from 'drizzle-orm';
import { companies, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { MessageKey } from '../../lib/messages';
import { sendPasswordLink } from '../auth/auth.service';
import {
  endAllSessions,
  findCompanyById,
  findUserByEmail,
  listCompanyUsers,
  toInstallerDetails,
  toTeamMember,
  type UserRow,
} from '../users/users.repository';
import { canEditCompany, canManageTeamOf } from './installer.policy';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function updateCompany(
  ctx: AppContext,
  me: Principal,
  companyId: string,
  input: CompanyUpdateRequest,
): Promise<InstallerDetails> {
  if (!canEditCompany(me, companyId)) throw forbidden();
  const [row] = await ctx.database.db
    .update(companies)
    .set({
      name: input.companyName,
      address: input.address,
      city: input.city,
      postalCode: input.postalCode,
      phone: input.phone,
      email: input.email,
      website: input.website,
      vatId: input.vatId,
      description: input.description,
      serviceRadiusKm: input.serviceRadiusKm,
      // The pin moves the service area (the quote_areas triggers follow); without one it stays.
      ...(input.latitude !== undefined && input.longitude !== undefined
        ? { latitude: input.latitude, longitude: input.longitude }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(companies.id, companyId))
    .returning();
  if (!row) throw notFound('company_not_found');
  return toInstallerDetails(row);
}

export async function listTeam(ctx: AppContext, me: Principal): Promise<TeamMember[]> {
  if (!me.companyId) throw forbidden();
  return (await listCompanyUsers(ctx.database.db, me.companyId)).map(toTeamMember);
}

/**
 * Invites people to the company (SPEC §5 checks, field by field): each needs an e-mail and a role,
 * no address twice, and nobody who already has another company's access or a platform role. Every
 * row is checked and every problem is answered at once (`users.N.email`, `users.N.role`), so the
 * admin fixes them in one go. New people get a set-password link in the inviting admin's language
 * (`lang`, also their profile's); a former member gets access back and keeps their own language.
 * All or nothing: one refused row writes nothing.
 */
export async function inviteUsers(
  ctx: AppContext,
  me: Principal,
  companyId: string,
  input: InviteRequest,
  lang: Language,
): Promise<TeamMember[]> {
  if (!canManageTeamOf(me, companyId)) throw forbidden();
  const fieldErrors: Record<string, MessageKey> = {};
  const seen = new Set<string>();
  input.users.forEach((u, i) => {
    if (!u.email) fieldErrors[`users.${i}.email`] = 'missing_email';
    else if (!EMAIL.test(u.email)) fieldErrors[`users.${i}.email`] = 'invalid_email';
    else if (seen.has(u.email)) fieldErrors[`users.${i}.email`] = 'duplicate_email';
    if (!u.role) fieldErrors[`users.${i}.role`] = 'missing_role';
    if (u.email) seen.add(u.email);
  });

  return ctx.database.db.transaction(async (tx) => {
    const company = await findCompanyById(tx, companyId);
    if (!company) throw notFound('company_not_found');
    // The accounts of the well-formed rows, looked up before anything is written, so that the
    // answer names every row that cannot be invited, not only the first.
    const existingOf = new Map<number, UserRow | undefined>();
    for (const [i, entry] of input.users.entries()) {
      if (fieldErrors[`users.${i}.email`] || !entry.email) continue;
      const existing = await findUserByEmail(tx, entry.email);
      existingOf.set(i, existing);
      const problem = accountProblem(existing, companyId);
      if (problem) fieldErrors[`users.${i}.email`] = problem;
    }
    const firstError = firstFieldError(fieldErrors, input.users.length);
    if (firstError) throw badRequest(firstError, fieldErrors);

    const invited: TeamMember[] = [];
    for (const [i, entry] of input.users.entries()) {
      const email = entry.email as string;
      const role = entry.role as NonNullable<typeof entry.role>;
      const existing = existingOf.get(i);
      const [user] = existing
        ? await tx
            .update(users)
            .set({ companyId, role, isDisabled: false, updatedAt: new Date() })
            .where(eq(users.id, existing.id))
            .returning()
        : await tx
            .insert(users)
            .values({
              email,
              role,
              companyId,
              firstName: entry.firstName ?? '',
              lastName: entry.lastName ?? '',
              // Colleagues read the portal as the admin who invites them does: the invitation and
              // the new profile start in the admin's language (the switch changes it later).
              preferredLanguage: lang,
            })
            .returning();
      if (!user) throw new AppError(418, 'something_wrong');
      await sendPasswordLink(ctx, tx, user, user.passwordHash ? 'rejoin' : 'invite', {
        companyName: company.name,
      });
      invited.push(toTeamMember(user));
    }
    return invited;
  });
}

/** Why an existing account cannot be invited to the company: already in it, or someone else's. */
function accountProblem(existing: UserRow | undefined, companyId: string): MessageKey | null {
  if (!existing) return null;
  if (existing.companyId === companyId && !existing.isDisabled) return 'already_member';
  if ((existing.companyId && existing.companyId !== companyId) || !isInstallerRole(existing.role as never)) {
    return 'other_company_access';
  }
  return null;
}

/** The answer's message: the first problem in row order (e-mail before role within a row). */
function firstFieldError(fieldErrors: Record<string, MessageKey>, rows: number): MessageKey | undefined {
  for (let i = 0; i < rows; i++) {
    const found = fieldErrors[`users.${i}.email`] ?? fieldErrors[`users.${i}.role`];
    if (found) return found;
  }
  return undefined;
}

async function findMember(ctx: AppContext, me: Principal, companyId: string, userId: string) {
  if (!canManageTeamOf(me, companyId)) throw forbidden();
  if (userId === me.id) throw badRequest('cannot_change_self');
  const [user] = await ctx.database.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.isDisabled, false)));
  if (!user) throw notFound('user_not_found');
  return user;
}

export async function changeRole(
  ctx: AppContext,
  me: Principal,
  companyId: string,
  userId: string,
  role: TeamMember['role'],
): Promise<TeamMember> {
  const member = await findMember(ctx, me, companyId, userId);
  const row = await ctx.database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw notFound('user_not_found');
    await recordAudit(tx, {
      companyId,
      userId: me.id,
      action: 'user.role',
      entityId: userId,
      before: { role: member.role },
      after: { role },
    });
    return updated;
  });
  return toTeamMember(row);
}

/** Removes a member's access: detached from the company, disabled, every session ended. */
export async function removeAccess(
  ctx: AppContext,
  me: Principal,
  companyId: string,
  userId: string,
): Promise<void> {
  const member = await findMember(ctx, me, companyId, userId);
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ companyId: null, isDisabled: true, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await endAllSessions(tx, userId);
    await recordAudit(tx, {
      companyId,
      userId: me.id,
      action: 'user.access_removed',
      entityId: userId,
      before: { role: member.role, email: member.email },
      after: { disabled: true },
    });
  });
}
