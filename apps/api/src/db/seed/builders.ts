import type { InstallerRole, PartnerTier, Role } from '@solar/shared';
import type { DbOrTx } from '../client';
import { companies, users } from '../schema';

/**
 * Row builders shared by the demo seeder and the test factories (STYLE.md: one set of builders), so
 * test data looks like demo data.
 */
export interface CompanyInput {
  name: string;
  slug?: string | null;
  partnerTier?: PartnerTier;
  address?: string;
  city?: string;
  postalCode?: string;
  latitude?: number | null;
  longitude?: number | null;
  serviceRadiusKm?: number;
  phone?: string;
  email?: string;
  website?: string;
  vatId?: string;
  description?: string;
}

export async function insertCompany(db: DbOrTx, input: CompanyInput) {
  const [row] = await db
    .insert(companies)
    .values({ partnerTier: 'Future Partner', ...input })
    .returning();
  if (!row) throw new Error('company insert returned nothing');
  return row;
}

export interface UserInput {
  email: string;
  role: Role | InstallerRole;
  passwordHash: string | null;
  companyId?: string | null;
  firstName?: string;
  lastName?: string;
  city?: string | null;
  address?: string;
  phone?: string;
  preferredLanguage?: 'de' | 'en' | 'es';
  onboardedAt?: Date | null;
}

export async function insertUser(db: DbOrTx, input: UserInput) {
  const [row] = await db
    .insert(users)
    .values({ ...input, email: input.email.toLowerCase() })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}
