import i18next from 'i18next';

/**
 * A quote's roof or building type in the user's language: the quote request form's label for it, a
 * value outside those lists as it is stored, no value as '–'. The calling component re-renders with
 * the language, as it reads its own texts through `useTranslation`.
 */
export function buildingFactLabel(
  kind: 'roofTypes' | 'buildingTypes',
  value: string | null | undefined,
): string {
  if (!value) return '–';
  return i18next.t(`customer:${kind}.${value}` as never, { defaultValue: value });
}
