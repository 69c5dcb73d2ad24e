import type { Stage } from '@solar/shared';

/** One colour per stage, shared by the map dots, the legend and the kanban columns. */
export const STAGE_COLORS: Record<Stage, string> = {
  ACQUISITION: '#1c7ed6',
  OFFER_PROVIDED: '#f08c00',
  INSTALLER_SIGNED: '#7048e8',
  PROJECT_REALIZED: '#2f9e44',
  OFFER_NOT_ACCEPTED: '#e03131',
};

/** The dot of a quote the company has no project of. */
export const QUOTE_COLOR = '#64748b';
