import { Paper, Select, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sampleOf } from '../../lib/csv-mapping';

interface CsvMappingFieldsProps {
  header: string[];
  rows: string[][];
  /** The property each column of the file fills (`null`: left out), by position. */
  mapping: (string | null)[];
  choices: { value: string; label: string }[];
  /** The server's errors by field (`mapping.<index>`). */
  errors: Record<string, string>;
  onChange: (index: number, key: string | null) => void;
  /** A phone: one block per column (name, example, property below each other) instead of a table. */
  stacked: boolean;
}

/** The mapping step of the CSV import: for each column of the file, the property it fills. */
export function CsvMappingFields({
  header,
  rows,
  mapping,
  choices,
  errors,
  onChange,
  stacked,
}: CsvMappingFieldsProps) {
  const { t } = useTranslation('board');
  const nameOf = (name: string, i: number) => name || t('csv.unnamed', { n: i + 1 });
  const select = (name: string, i: number, extra: { label?: string; description?: string } = {}) => (
    <Select
      size={stacked ? 'sm' : 'xs'}
      aria-label={t('csv.propertyFor', { column: name || i + 1 })}
      data={choices}
      value={mapping[i] ?? ''}
      onChange={(v) => onChange(i, v)}
      allowDeselect={false}
      error={errors[`mapping.${i}`]}
      comboboxProps={{ withinPortal: true }}
      {...extra}
    />
  );

  // Three columns do not fit a phone: a table there would scroll sideways, the choice out of sight.
  if (stacked)
    return (
      <Stack gap="xs" role="group" aria-label={t('csv.mapping')} data-testid="csv-mapping">
        {header.map((name, i) => {
          const sample = sampleOf(rows, i);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: CSV columns are positional
            <Paper key={i} withBorder p="xs" radius="sm">
              {select(name, i, {
                label: nameOf(name, i),
                description: sample ? t('csv.exampleValue', { value: sample }) : undefined,
              })}
            </Paper>
          );
        })}
      </Stack>
    );

  return (
    <Table.ScrollContainer minWidth={480} maxHeight={320} data-testid="csv-mapping">
      <Table striped stickyHeader aria-label={t('csv.mapping')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('csv.column')}</Table.Th>
            <Table.Th>{t('csv.example')}</Table.Th>
            <Table.Th>{t('csv.property')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {header.map((name, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: CSV columns are positional
            <Table.Tr key={i}>
              <Table.Td>{nameOf(name, i)}</Table.Td>
              <Table.Td c="gray.7">{sampleOf(rows, i)}</Table.Td>
              <Table.Td>{select(name, i)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
