import type { Principal } from '../../lib/auth-hook';

/** The platform's product list is kept by ADMIN. */
export function canEditPlatformProducts(p: Principal): boolean {
  return p.role === 'ADMIN';
}

/** A company's catalogue (prices, own products) is kept by its admin and its sales people. */
export function canEditCatalogue(p: Principal): boolean {
  return (p.role === 'INSTALLER_ADMIN' || p.role === 'INSTALLER_SALES') && p.companyId !== null;
}
