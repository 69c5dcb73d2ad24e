import type { Principal } from '../../lib/auth-hook';

/** Company details: its own INSTALLER_ADMIN, or a platform ADMIN. */
export function canEditCompany(p: Principal, companyId: string): boolean {
  return p.role === 'ADMIN' || (p.role === 'INSTALLER_ADMIN' && p.companyId === companyId);
}

/** Team access: only the company's own INSTALLER_ADMIN (SPEC §6). */
export function canManageTeamOf(p: Principal, companyId: string): boolean {
  return p.role === 'INSTALLER_ADMIN' && p.companyId === companyId;
}
