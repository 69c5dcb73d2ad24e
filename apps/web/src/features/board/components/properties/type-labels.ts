import { DATA_TYPES, type DataType } from '@solar/shared';

/** Types a user can give a new or changed property (the title and the '+' placeholder are fixed). */
export const CHOOSABLE_TYPES: readonly DataType[] = DATA_TYPES.filter((t) => t !== 'title' && t !== 'null');

/** The translation key of a type's name. */
export const typeKey = (type: DataType) => `types.${type}` as const;
