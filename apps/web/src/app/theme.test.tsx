// @vitest-environment happy-dom
import { Alert, MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from './theme';

afterEach(cleanup);

/** The inline colour of the alert's title, as the theme's styles set it. */
function titleColor(props: { color: string; variant?: 'light' | 'filled' }): string {
  const { container } = render(
    <MantineProvider theme={theme} env="test">
      <Alert title="Ohne Unternehmensstandort kein Einsatzgebiet" {...props}>
        Text
      </Alert>
    </MantineProvider>,
  );
  const title = container.querySelector<HTMLElement>('.mantine-Alert-title');
  if (!title) throw new Error('no alert title');
  const color = title.style.color;
  cleanup();
  return color;
}

describe('theme: alert titles', () => {
  // Mantine's yellow-9 on yellow-1 is 2.7:1 (axe color-contrast on the listing's no-location notice).
  it('writes a light yellow, orange or teal alert title in the text colour (WCAG AA 4.5:1)', () => {
    for (const color of ['yellow', 'orange', 'teal', 'green', 'lime']) {
      expect(titleColor({ color }), color).toBe('var(--mantine-color-text)');
    }
  });

  it("keeps the alert's own colour where it has the contrast, and on a filled alert", () => {
    expect(titleColor({ color: 'red' })).toBe('');
    expect(titleColor({ color: 'blue' })).toBe('');
    expect(titleColor({ color: 'yellow', variant: 'filled' })).toBe('');
  });
});
