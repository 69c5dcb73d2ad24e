import { createTheme, type MantineColorsTuple } from '@mantine/core';
import i18next from 'i18next';

/** Amber "sun" accent; shade 8 keeps white button text above 4.5:1 contrast. */
const solar: MantineColorsTuple = [
  '#fffbeb',
  '#fef3c7',
  '#fde68a',
  '#fcd34d',
  '#fbbf24',
  '#f59e0b',
  '#ea8a06',
  '#d97706',
  '#b45309',
  '#92400e',
];

/**
 * The colours whose light alert title, Mantine's shade 9 on shade 1, stays below WCAG AA's 4.5:1 for
 * its 14 px bold text (yellow 2.7:1, lime 3.3, orange 3.6, green 3.8, teal 4.3; axe color-contrast).
 */
const PALE_ALERT_TITLES = new Set(['yellow', 'lime', 'orange', 'green', 'teal']);

/** Only DejaVu and Liberation are installed on the CI machines: a system stack, no web fonts. */
const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", "DejaVu Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'solar',
  primaryShade: 8,
  colors: { solar },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Paper: { defaultProps: { withBorder: true, radius: 'lg' } },
    // Mantine sets a dialog's title at line-height 1: a title that wraps on a phone ('Send offer v1 to
    // the customer') had its lines touching.
    Modal: {
      defaultProps: { centered: true, radius: 'lg' },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)', lineHeight: 1.3 } },
    },
    Drawer: { styles: { title: { lineHeight: 1.3 } } },
    // Such an alert's title in the text colour; its tint and icon keep the alert's colour.
    Alert: {
      styles: (_theme: unknown, props: { color?: string; variant?: string }) =>
        PALE_ALERT_TITLES.has(props.color ?? '') && (props.variant ?? 'light') === 'light'
          ? { title: { color: 'var(--mantine-color-text)' } }
          : {},
    },
    Badge: { defaultProps: { tt: 'none' } },
    // A select's options are mounted when its dropdown opens, not hidden in the page from the start:
    // each kept-mounted dropdown was positioned by floating-ui as the screen mounted (the listing's
    // three filters: 17-25 ms of forced style and layout work in its first long task).
    Combobox: { defaultProps: { keepMounted: false } },
    // No hidden role="presentation" focus placeholder inside role="menu" (only menu items may be
    // its children, axe: aria-required-children): opening a menu focuses its first item instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Every toast's close button is named in the UI language, also where a caller passes no
    // closeButtonProps (an icon-only button is otherwise read as just "button"). Read per render.
    Notification: {
      defaultProps: () => ({ closeButtonProps: { 'aria-label': i18next.t('common.close') } }),
    },
  },
});
