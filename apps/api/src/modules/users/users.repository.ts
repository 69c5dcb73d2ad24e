import type { InstallerDetails, InstallerPartner, Language, Role, TeamMember, User } from '@solar/shared';
import { CONSTANTS } from '@solar/shared';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findCompanyById(db: DbOrTx, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** Ends every session of a user: access tokens by the version bump, refresh tokens by revocation. */
export async function endAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await db.execute(
    sql`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL`,
  );
}

export function toInstallerPartner(c: CompanyRow): InstallerPartner {
  return {
    _id: c.id,
    companyName: c.name,
    partnerSlug: c.slug,
    partnerTier: c.partnerTier as InstallerPartner['partnerTier'],
    address: c.address,
    city: c.city,
    postalCode: c.postalCode,
    latitude: c.latitude,
    longitude: c.longitude,
    serviceRadiusKm: c.serviceRadiusKm,
    phone: c.phone,
    email: c.email,
    website: c.website,
    vatId: c.vatId,
    description: c.description,
  };
}

export function toInstallerDetails(c: CompanyRow): InstallerDetails {
  return { ...toInstallerPartner(c), constants: { freeDownloadCount: CONSTANTS.freeDownloadCount } };
}

export function toUserDto(u: UserRow, company: CompanyRow | undefined): User {
  return {
    _id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    image: u.image,
    address: u.address,
    phone: u.phone,
    role: u.role as Role,
    preferredLanguage: u.preferredLanguage as Language,
    installerPartner: company ? [toInstallerPartner(company)] : [],
    companyName: company?.name ?? null,
    partnerSlug: company?.slug ?? null,
    installerCity: company?.city ?? u.city ?? null,
    isActive: u.passwordHash !== null,
    onboardedAt: u.onboardedAt ? u.onboardedAt.toISOString() : null,
    notifyByEmail: u.notifyByEmail,
  };
}

export function toTeamMember(u: UserRow): TeamMember {
  return {
    _id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role as Role,
    isActive: u.passwordHash !== null,
  };
}

/** The user with the company, as drizzle builds it (with the id to fill in). */
const userViewQuery = (db: DbOrTx) =>
  db
    .select({ user: users, company: companies })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder('id')))
    // No name: the driver names the statement itself once it is hot (docs/decisions/0008).
    .prepare('');

/**
 * The statement built once per database handle: drizzle built the SQL of the two tables' 60
 * columns anew for each call, about 0.2 ms of CPU, half of what `GET /user` cost the API.
 */
const userViewQueries = new WeakMap<DbOrTx, ReturnType<typeof userViewQuery>>();

/** The user with their company, as login and GET /user answer it. */
export async function loadUserView(db: DbOrTx, userId: string) {
  // One statement: every page of the app asks for it.
  let query = userViewQueries.get(db);
  if (!query) {
    query = userViewQuery(db);
    userViewQueries.set(db, query);
  }
  const [row] = await query.execute({ id: userId });
  if (!row) return undefined;
  const company = row.company ?? undefined;
  return {
    user: toUserDto(row.user, company),
    installerDetails: company ? toInstallerDetails(company) : null,
  };
}

/** Active members of one company, by first name. */
export async function listCompanyUsers(db: DbOrTx, companyId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isDisabled, false)))
    .orderBy(sql`lower(${users.firstName})`, users.id);
}

/** Users whose name or e-mail contains `term`, optionally limited to one company; bounded page. */
export async function searchUsers(
  db: DbOrTx,
  opts: { term: string; companyId: string | null; page: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions: SQL[] = [eq(users.isDisabled, false)];
  if (opts.companyId) conditions.push(eq(users.companyId, opts.companyId));
  if (opts.term) {
    const pattern = `%${opts.term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(users.email, pattern),
    );
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(sql`lower(${users.firstName})`, users.id)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return { rows, total: count?.n ?? 0 };
}
