import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatNumber, localeOf } from '@solar/shared';
import { IconTable, IconTableOff } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardStats } from '../../api/dashboard';
import { currentLanguage } from '../../i18n';
import classes from './dashboard.module.css';

type Month = DashboardStats['monthly'][number];

function monthName(month: string, locale: string, style: 'short' | 'long'): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Intl.DateTimeFormat(locale, {
    month: style,
    year: style === 'long' ? 'numeric' : undefined,
    // The month's first day at midnight UTC is the month before west of Greenwich.
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, m - 1, 1)));
}

/**
 * Created vs signed projects per month as plain CSS bars. Every month group carries a spoken label, and the
 * same numbers are available as a table.
 */
export function MonthlyChart({ monthly }: { monthly: Month[] }) {
  const { t } = useTranslation('dashboard');
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const [showTable, setShowTable] = useState(false);
  const max = Math.max(1, ...monthly.flatMap((m) => [m.created, m.signed]));
  const quiet = monthly.every((m) => m.created === 0 && m.signed === 0);
  // On a phone the months scroll sideways; the latest (the right end) is what the reader came for.
  const scrollRef = useRef<HTMLElement>(null);
  const latest = monthly.at(-1)?.month;
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (scroller && latest) scroller.scrollLeft = scroller.scrollWidth;
  }, [latest]);

  return (
    <Paper p="lg" component="section" aria-labelledby="monthly-title" data-testid="monthly-chart">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h4" id="monthly-title">
              {t('monthly')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('monthlyHint')}
            </Text>
          </div>
          <Group gap="md">
            <Group gap={6} aria-hidden>
              <span className={classes.swatch} data-kind="created" />
              <Text size="sm">{t('created')}</Text>
            </Group>
            <Group gap={6} aria-hidden>
              <span className={classes.swatch} data-kind="signed" />
              <Text size="sm">{t('signed')}</Text>
            </Group>
            <Button
              size="xs"
              variant="subtle"
              leftSection={
                showTable ? <IconTableOff size={16} aria-hidden /> : <IconTable size={16} aria-hidden />
              }
              onClick={() => setShowTable((v) => !v)}
              aria-expanded={showTable}
              aria-controls="monthly-table"
              data-testid="monthly-toggle-table"
            >
              {showTable ? t('hideTable') : t('showTable')}
            </Button>
          </Group>
        </Group>
        {quiet && (
          <Text size="sm" c="dimmed">
            {t('noActivity')}
          </Text>
        )}
        {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
        <section
          ref={scrollRef}
          className={classes.chartScroll}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          aria-label={t('monthlyChart')}
          data-testid="monthly-chart-scroll"
        >
          <ul className={classes.chart}>
            {monthly.map((m) => {
              // Each number with its own singular form ('1 creado, 3 firmados').
              const label = t('monthLabel', {
                month: monthName(m.month, locale, 'long'),
                created: t('monthCreated', { count: m.created, n: formatNumber(m.created, lang) }),
                signed: t('monthSigned', { count: m.signed, n: formatNumber(m.signed, lang) }),
              });
              return (
                <li key={m.month} className={classes.month} aria-label={label} title={label}>
                  <div className={classes.bars} aria-hidden>
                    <div className={classes.barSlot}>
                      <span className={classes.barValue}>{m.created}</span>
                      <div
                        className={classes.bar}
                        data-kind="created"
                        style={{ height: `calc((100% - 14px) * ${m.created / max})` }}
                      />
                    </div>
                    <div className={classes.barSlot}>
                      <span className={classes.barValue}>{m.signed}</span>
                      <div
                        className={classes.bar}
                        data-kind="signed"
                        style={{ height: `calc((100% - 14px) * ${m.signed / max})` }}
                      />
                    </div>
                  </div>
                  <span className={classes.monthLabel} aria-hidden>
                    {monthName(m.month, locale, 'short')}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
        {showTable && (
          <Table.ScrollContainer minWidth={320}>
            <Table id="monthly-table" striped data-testid="monthly-table">
              <caption className={classes.srOnly}>{t('monthly')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('month')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('created')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('signed')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {monthly.map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Th scope="row" fw={500}>
                      {monthName(m.month, locale, 'long')}
                    </Table.Th>
                    <Table.Td ta="right">{formatNumber(m.created, lang)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(m.signed, lang)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
