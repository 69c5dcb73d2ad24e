import { Loader, type LoaderProps } from '@mantine/core';

/**
 * A spinner that says what it waits for: a progress indicator with a name. Mantine's `Loader` is a
 * span without a role, on which a name is not allowed (axe's aria-prohibited-attr); a spinner with
 * no name of its own (inside a button, beside a text that says it) stays a plain `Loader`.
 */
export function NamedLoader({ label, ...props }: LoaderProps & { label: string }) {
  return <Loader {...props} role="progressbar" aria-label={label} />;
}
