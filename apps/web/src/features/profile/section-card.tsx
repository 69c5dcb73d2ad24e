import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  /** Right side of the title row (a badge, a count). */
  aside?: ReactNode;
  children: ReactNode;
  /** Stable id so the heading labels the section landmark. */
  id: string;
}

/** A titled card of the settings page, exposed as a labelled region. */
export function SectionCard({ title, description, aside, children, id }: SectionCardProps) {
  return (
    <Paper component="section" p="lg" aria-labelledby={`${id}-title`} data-testid={`section-${id}`}>
      <Stack gap="md">
        {/* The aside (a badge) moves under the title when both do not fit, never cut off. */}
        <Group justify="space-between" align="flex-start">
          <div style={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Title order={2} size="h4" id={`${id}-title`}>
              {title}
            </Title>
            {description && (
              // A company's city or name without spaces (the service area line) wraps within the card.
              <Text c="dimmed" size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                {description}
              </Text>
            )}
          </div>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
