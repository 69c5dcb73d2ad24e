import type { Role } from '@solar/shared';
import type { Principal } from '../../lib/auth-hook';
import { forbidden } from '../../lib/errors';

/** Every installer role works on its company's board (records, own views, task sets). */
export const BOARD_ROLES = [
  'INSTALLER_ADMIN',
  'INSTALLER',
  'INSTALLER_SALES',
] as const satisfies readonly Role[];

/**
 * Property definitions are company-wide, so changing them (create, rename, retype, delete) is for
 * company administrators and installers; sales staff fill in values (docs/board.md "Permissions").
 */
const SCHEMA_EDITORS: readonly Role[] = ['INSTALLER_ADMIN', 'INSTALLER'];

export const canEditSchema = (me: Principal) => SCHEMA_EDITORS.includes(me.role);

/** The company whose board the caller works on; no company, no board. */
export function boardCompany(me: Principal): string {
  if (!me.companyId || !(BOARD_ROLES as readonly Role[]).includes(me.role)) throw forbidden();
  return me.companyId;
}
