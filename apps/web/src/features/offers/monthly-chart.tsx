import { Box, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatKwh, formatNumber, type Language, MONTHS } from '@solar/shared';
import { useTranslation } from 'react-i18next';

const LOCALE: Record<Language, string> = { de: 'de-DE', en: 'en-US', es: 'es-ES' };

/** Month names (long and short) in the UI language, January first. */
export function monthNames(lang: Language, style: 'long' | 'short' = 'long'): string[] {
  const format = new Intl.DateTimeFormat(LOCALE[lang], { month: style, timeZone: 'UTC' });
  return MONTHS.map((_, i) => format.format(new Date(Date.UTC(2024, i, 15))));
}

/** Twelve CSS bars of the monthly production, with a visually hidden table for screen readers. */
export function MonthlyChart({
  data,
  lang,
  testId,
}: {
  data: Record<string, number>;
  lang: Language;
  testId?: string;
}) {
  const { t } = useTranslation('offers');
  const long = monthNames(lang);
  const short = monthNames(lang, 'short');
  const values = MONTHS.map((m) => data[m] ?? 0);
  const max = Math.max(1, ...values);
  return (
    <Box data-testid={testId}>
      <Text size="sm" fw={500} mb={4} aria-hidden>
        {t('chart.title')}
      </Text>
      <Group gap={4} align="flex-end" wrap="nowrap" h={120} aria-hidden style={{ overflowX: 'auto' }}>
        {values.map((value, i) => (
          <Box
            key={MONTHS[i]}
            title={`${long[i]}: ${formatKwh(value, lang)}`}
            style={{ flex: '1 0 18px', display: 'flex', flexDirection: 'column', alignItems: 'center' }}
          >
            <Box
              data-testid="chart-bar"
              style={{
                width: '100%',
                height: `${Math.max(2, Math.round((value / max) * 96))}px`,
                background: 'var(--mantine-color-yellow-5)',
                borderRadius: '3px 3px 0 0',
              }}
            />
            <Text size="10px" c="dimmed" mt={2}>
              {short[i]?.slice(0, 3)}
            </Text>
          </Box>
        ))}
      </Group>
      <VisuallyHidden>
        <Table>
          <caption>{t('chart.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.month')}</th>
              <th scope="col">{t('chart.kwh')}</th>
            </tr>
          </thead>
          <tbody>
            {values.map((value, i) => (
              <tr key={MONTHS[i]}>
                <th scope="row">{long[i]}</th>
                <td>{formatNumber(value, lang)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </Box>
  );
}
