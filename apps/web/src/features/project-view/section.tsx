import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}

/** A titled card of the project view, exposed as a labelled region. */
export function Section({ id, title, icon, children }: SectionProps) {
  return (
    <Paper component="section" p="lg" aria-labelledby={`pv-${id}-title`} data-testid={`section-${id}`}>
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          {icon}
          <Title order={2} size="h5" id={`pv-${id}-title`}>
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** One label/value row of a section. */
export function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {/* A long value (an e-mail address) breaks inside its column rather than pushing past the card. */}
      <Text
        size="sm"
        fw={600}
        ta="right"
        component="div"
        miw={0}
        style={{ overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {value}
      </Text>
    </Group>
  );
}
