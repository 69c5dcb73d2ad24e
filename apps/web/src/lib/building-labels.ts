import i18next from 'i18next';

/** Any i18next `t` (a component's, a fixed language's): the label's key is in the `customer` namespace. */
type Translate = (key: never, options: { defaultValue: string }) => string;

/**
 * A quote's roof or building type in the user's language: the quote request form's label for it, a
 * value outside those lists as it is stored, no value as '–'. The calling component re-renders with
 * the language, as it reads its own texts through `useTranslation`.
 */
export function buildingFactLabel(
  kind: 'roofTypes' | 'buildingTypes',
  value: string | null | undefined,
  /** Translates the label (an export's `t`); i18next in the app's current language when left out. */
  t: Translate = i18next.t,
): string {
  if (!value) return '–';
  return t(`customer:${kind}.${value}` as never, { defaultValue: value });
}
