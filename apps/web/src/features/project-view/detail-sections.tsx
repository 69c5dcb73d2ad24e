import { Anchor, Divider, Group, Rating, Stack, Table, Text } from '@mantine/core';
import { formatEuro, formatKwh, formatNumber, NBSP, QUOTE_STATUSES, type QuoteStatus } from '@solar/shared';
import { IconCoin, IconHome, IconPackage, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProjectDetail } from '../../api/project-view';
import { currentLanguage } from '../../i18n';
import { buildingFactLabel } from '../../lib/building-labels';
import { Fact, Section } from './section';

const iconProps = { size: 18, color: 'var(--mantine-color-dimmed)', 'aria-hidden': true } as const;

/** Household (with the customer's e-mail and phone, for a call-back), roof, financials and components of a project. */
export function DetailSections({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation('projectView');
  const { t: tp } = useTranslation('pipeline');
  // The quote request form's labels of roof and building types; another value as it is.
  const lang = currentLanguage();
  const perKwh = (value: number, digits: number) => `${formatEuro(value, lang, digits)}${NBSP}/${NBSP}kWh`;

  return (
    <>
      <Section id="household" title={t('household.title')} icon={<IconUsers {...iconProps} />}>
        <Stack gap="xs">
          <Fact label={t('household.people')} value={formatNumber(project.people, lang)} />
          <Fact
            label={t('household.consumption')}
            value={formatKwh(project.consumption, lang)}
            testId="fact-consumption"
          />
          <Fact
            label={t('household.email')}
            value={contactLink(project.customer.email, 'mailto:', t('household.none'))}
            testId="fact-customer-email"
          />
          <Fact
            label={t('household.phone')}
            value={contactLink(project.customer.phone, 'tel:', t('household.none'))}
            testId="fact-customer-phone"
          />
          <Fact
            label={t('household.status')}
            value={
              (QUOTE_STATUSES as readonly string[]).includes(project.status)
                ? tp(`quoteStatus.${project.status as QuoteStatus}`)
                : project.status
            }
          />
        </Stack>
      </Section>

      <Section id="roof" title={t('roof.title')} icon={<IconHome {...iconProps} />}>
        <Stack gap="xs">
          <Fact label={t('roof.roofType')} value={buildingFactLabel('roofTypes', project.roofType)} />
          <Fact
            label={t('roof.buildingType')}
            value={buildingFactLabel('buildingTypes', project.buildingType)}
          />
          <Fact label={t('roof.shortId')} value={project.shortId} testId="fact-short-id" />
        </Stack>
      </Section>

      <Section id="financials" title={t('financials.title')} icon={<IconCoin {...iconProps} />}>
        <Stack gap="xs">
          <Fact label={t('financials.pricePerKwh')} value={perKwh(project.pricePerKwh, 3)} />
          <Fact label={t('financials.feedInTariff')} value={perKwh(project.feedInTariff, 4)} />
          <Fact
            label={t('financials.totalCost')}
            value={formatEuro(project.totalCost, lang)}
            testId="fact-total-cost"
          />
          <Divider />
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('financials.rating')}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Rating value={project.rating} fractions={10} readOnly size="sm" aria-hidden />
              <Text size="sm" fw={600}>
                {t('financials.ratingValue', { value: formatNumber(project.rating, lang, 1) })}
              </Text>
            </Group>
          </Group>
        </Stack>
      </Section>

      <Section id="components" title={t('components.title')} icon={<IconPackage {...iconProps} />}>
        {project.components.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('components.empty')}
          </Text>
        ) : (
          // The card is about 250 px wide beside two others: the names wrap rather than scroll.
          <Table verticalSpacing="xs" data-testid="components-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('components.type')}</Table.Th>
                <Table.Th>{t('components.name')}</Table.Th>
                <Table.Th ta="right">{t('components.quantity')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {project.components.map((component, index) => (
                // Components have no id; their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Table.Tr key={index}>
                  <Table.Td>
                    {t(`components.types.${component.type}`, { defaultValue: component.type })}
                  </Table.Td>
                  <Table.Td>{component.name}</Table.Td>
                  <Table.Td ta="right">{formatNumber(component.quantity, lang)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
    </>
  );
}

/** The customer's e-mail or phone as a link (a phone's href keeps only digits and '+'), or `none` without one. */
function contactLink(value: string, scheme: 'mailto:' | 'tel:', none: string) {
  if (!value) return none;
  const target = scheme === 'tel:' ? value.replace(/[^\d+]/g, '') : value;
  return (
    <Anchor href={`${scheme}${target}`} inherit>
      {value}
    </Anchor>
  );
}
