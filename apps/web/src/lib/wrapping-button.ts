/**
 * `styles` for a Mantine Button whose label may be wider than the room it has (a long translation
 * on a phone): the label wraps and the button grows with it, instead of the label being cut. The
 * wrapped lines get a text's line spacing and the button some room above and below them (Mantine's
 * label is set at line-height 1 for a single line).
 */
export const WRAPPING_BUTTON = {
  root: {
    height: 'auto',
    minHeight: 'var(--button-height)',
    maxWidth: '100%',
    paddingBlock: 'calc(var(--mantine-spacing-xs) / 2)',
  },
  label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.3, overflow: 'visible' },
} as const;
