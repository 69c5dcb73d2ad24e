import type { CompanyCreateRequest, InstallerDetails, Language, TeamMember } from '@solar/shared';
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
