import {
  canMoveStage,
  formatNumber,
  type Language,
  type Role,
  STAGE_TRANSITIONS,
  type Stage,
} from '@solar/shared';

/** File size in B, KB or MB in the UI language. */
export function formatBytes(bytes: number, lang: Language): string {
  if (bytes < 1024) return `${formatNumber(bytes, lang)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, lang, 1)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), lang, 1)} MB`;
}

/** The lower-cased extension of a file name with its dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** Whether the user may delete a project file: an INSTALLER only their own uploads (docs/pipeline.md). */
export function canDeleteFile(me: { _id: string; role: Role }, file: { createdBy?: string | null }): boolean {
  return me.role !== 'INSTALLER' || file.createdBy === me._id;
}

/** The stages this role may move a project to from `current` (the transition rule and the role rule). */
export function nextStages(role: Role, current: Stage): Stage[] {
  return STAGE_TRANSITIONS[current].filter((to) => canMoveStage(role, current, to));
}
