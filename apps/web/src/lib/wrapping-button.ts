/**
 * `styles` for a Mantine Button whose label may be wider than the room it has (a long translation
 * on a phone): the label wraps and the button grows with it, instead of the label being cut.
 */
export const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', maxWidth: '100%' },
  label: { whiteSpace: 'normal', textAlign: 'start' },
} as const;
