import type {
  CompanyCreateRequest,
  CompanyListItem,
  CompanyListQuery,
  InstallerDetails,
  Language,
  Pagination,
  TeamMember,
} from '@solar/shared';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { companies, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest } from '../../lib/errors';
import { sendPasswordLink } from '../auth/auth.service';
import { findUserByEmail, toInstallerDetails, toTeamMember } from '../users/users.repository';

/**
 * ADMIN onboards an installer company: the company with its name only (its admin fills in the rest in
 * Settings) and its first INSTALLER_ADMIN, who gets the invitation e-mail to set a password, in the
 * language of the request. An address that already has an account is refused (`email`), and then
 * nothing is written.
 */
export async function createCompany(
  ctx: AppContext,
  input: CompanyCreateRequest,
  lang: Language,
): Promise<{ company: InstallerDetails; owner: TeamMember }> {
  return ctx.database.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, input.email)) {
      throw badRequest('account_exists', { email: 'account_exists' });
    }
    const [company] = await tx.insert(companies).values({ name: input.companyName }).returning();
    if (!company) throw new AppError(418, 'something_wrong');
    const [owner] = await tx
      .insert(users)
      .values({
        email: input.email,
        role: 'INSTALLER_ADMIN',
        companyId: company.id,
        firstName: input.firstName,
        lastName: input.lastName,
        preferredLanguage: lang,
      })
      .returning();
    if (!owner) throw new AppError(418, 'something_wrong');
    await sendPasswordLink(ctx, tx, owner, 'invite', { companyName: company.name });
    return { company: toInstallerDetails(company), owner: toTeamMember(owner) };
  });
}

/**
 * A page of the installer companies for the platform's list, newest first (a company just onboarded
 * leads), with `q` those whose name contains it, case-insensitively (`%` and `_` as text). Each with its
 * count of users with access and its first company admin, looked up for the page's rows only along
 * `users_company_idx`. The name match reads the companies table, one row per installer company (no
 * index serves `ILIKE '%…%'`); the text and the page size are bounded by the query's schema.
 */
export async function listCompanies(
  ctx: AppContext,
  query: CompanyListQuery,
): Promise<{ docs: CompanyListItem[]; pagination: Pagination }> {
  const { q, page, limit } = query;
  const where = q ? ilike(companies.name, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const db = ctx.database.db;
  // The page first, then its users: the admin and the count are looked up for its rows only.
  const chosen = db
    .select({
      id: companies.id,
      name: companies.name,
      city: companies.city,
      createdAt: companies.createdAt,
      hasLocation:
        sql<boolean>`(${companies.latitude} IS NOT NULL AND ${companies.longitude} IS NOT NULL)`.as(
          'has_location',
        ),
    })
    .from(companies)
    .where(where)
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .limit(limit)
    .offset((page - 1) * limit)
    .as('chosen');
  const admin = db
    .select({ email: users.email, active: sql<boolean>`${users.passwordHash} IS NOT NULL`.as('active') })
    .from(users)
    .where(
      and(eq(users.companyId, chosen.id), eq(users.role, 'INSTALLER_ADMIN'), eq(users.isDisabled, false)),
    )
    .orderBy(users.createdAt, users.id)
    .limit(1)
    .as('admin');
  const rows = await db
    .select({
      id: chosen.id,
      name: chosen.name,
      city: chosen.city,
      createdAt: chosen.createdAt,
      hasLocation: chosen.hasLocation,
      userCount: sql<number>`(SELECT count(*)::int FROM ${users} WHERE ${users.companyId} = ${chosen.id} AND NOT ${users.isDisabled})`,
      adminEmail: admin.email,
      adminActive: admin.active,
    })
    .from(chosen)
    .leftJoinLateral(admin, sql`true`)
    .orderBy(desc(chosen.createdAt), desc(chosen.id));
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where);
  const total = count?.n ?? 0;
  const totalPages = Math.ceil(total / limit);
  return {
    docs: rows.map((c) => ({
      _id: c.id,
      companyName: c.name,
      city: c.city,
      createdAt: c.createdAt.toISOString(),
      hasLocation: c.hasLocation,
      userCount: c.userCount,
      adminEmail: c.adminEmail ?? null,
      adminActive: c.adminActive ?? false,
    })),
    pagination: { page, limit, total, totalPages, hasNextPage: page < totalPages },
  };
}
