import type { ComponentProps } from 'react';

/**
 * The ARIA grid's parts as divs (the grid is virtual: rows are absolutely placed, so table elements do
 * not fit). Focus stays on the grid element, which points at the active cell with
 * `aria-activedescendant`; the parts take focus only programmatically (tabIndex -1).
 */
type DivProps = ComponentProps<'div'>;

export function AriaRowGroup(props: DivProps) {
  // biome-ignore lint/a11y/useSemanticElements: virtual grid (see above)
  return <div role="rowgroup" {...props} />;
}

export function AriaRow(props: DivProps) {
  // biome-ignore lint/a11y/useSemanticElements: virtual grid (see above)
  return <div role="row" tabIndex={-1} {...props} />;
}

export function AriaCell(props: DivProps) {
  // biome-ignore lint/a11y/useSemanticElements: virtual grid (see above); the grid element handles the keys
  return <div role="gridcell" tabIndex={-1} {...props} />;
}

export function AriaColumnHeader(props: DivProps) {
  // biome-ignore lint/a11y/useSemanticElements: virtual grid (see above)
  return <div role="columnheader" tabIndex={-1} {...props} />;
}

export function AriaRowHeader(props: DivProps) {
  // biome-ignore lint/a11y/useSemanticElements: virtual grid (see above)
  return <div role="rowheader" tabIndex={-1} {...props} />;
}
