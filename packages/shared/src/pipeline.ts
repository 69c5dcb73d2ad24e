import type { Role, Stage } from './enums';

/**
 * Allowed stage moves of a company's project (docs/pipeline.md). A saved project starts in
 * ACQUISITION; uploading an offer moves it to OFFER_PROVIDED; the customer then signs or declines;
 * a signed project is realized. A declined offer can be reopened with a new offer, and a signed
 * project that falls through can be marked not accepted.
 */
export const STAGE_TRANSITIONS: Record<Stage, readonly Stage[]> = {
  ACQUISITION: ['OFFER_PROVIDED'],
  OFFER_PROVIDED: ['INSTALLER_SIGNED', 'OFFER_NOT_ACCEPTED', 'ACQUISITION'],
  INSTALLER_SIGNED: ['PROJECT_REALIZED', 'OFFER_NOT_ACCEPTED'],
  PROJECT_REALIZED: [],
  OFFER_NOT_ACCEPTED: ['OFFER_PROVIDED'],
};

/** Roles that may move a project between stages (sales and admins; installers execute, not sell). */
const MOVERS: readonly Role[] = ['INSTALLER_ADMIN', 'INSTALLER_SALES', 'INSTALLER'];

export function canMoveStage(role: Role, from: Stage, to: Stage): boolean {
  if (!MOVERS.includes(role)) return false;
  if (to === 'PROJECT_REALIZED' && role === 'INSTALLER_SALES') return false;
  if (role === 'INSTALLER' && to !== 'PROJECT_REALIZED') return false;
  return STAGE_TRANSITIONS[from].includes(to);
}
