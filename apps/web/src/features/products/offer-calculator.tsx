import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Divider,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatEuro, formatNumber, type Product } from '@solar/shared';
import { IconCalculator, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CalculatorBody, useOfferCalculation, useProductSearch } from '../../api/products';
import { currentLanguage } from '../../i18n';
import { NamedLoader } from '../../layout/named-loader';
import { errorMessage } from '../../lib/errors';
import { localeNumberInputProps, numberValue } from '../../lib/number-input';
import { newTierKey } from './price-fields';

interface Line {
  key: string;
  productId: string | null;
  quantity: number | string;
}

const CATALOGUE = { query: '', inCatalogue: true, page: 1, limit: 200 } as const;
const MAX_QUANTITY = 100_000;
/** Label, field, then its hint: fields side by side stay level when their hints differ in length. */
const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/** A quantity the calculation takes: a whole number from 1 to 100,000 (a line with another is left out). */
function isQuantity(quantity: number | string): quantity is number {
  return (
    typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY
  );
}

/**
 * What the calculator proposes right now, for a form that takes it over (the offer upload dialog):
 * `pending` while the inputs changed and the answer for them is not in yet.
 */
export type CalculatorProposal =
  | { state: 'empty' }
  | { state: 'pending' }
  | { state: 'error'; message: string }
  | {
      state: 'ready';
      total: number;
      /** The summed quantity of the solar panel lines. */
      panels: number;
      /** The kWp typed into the calculator, else the panels' power (as the API derives it); null if neither. */
      kwp: number | null;
    };

/** Live offer proposal from catalogue products (POST /api/product/calculate). */
export function OfferCalculator() {
  const { t } = useTranslation('products');
  const { t: tApp } = useTranslation();
  const { inputs, output, isFetching } = useOfferCalculatorPanel();

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="offer-calculator">
      <Stack gap="md">
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconCalculator size={20} aria-hidden />
            <Title order={2} size="h4">
              {t('calculator.title')}
            </Title>
          </Group>
          {isFetching && <NamedLoader size="xs" label={tApp('common.loading')} />}
        </Group>
        <Text size="sm" c="dimmed">
          {t('calculator.hint')}
        </Text>
        {inputs}
        {output}
      </Stack>
    </Card>
  );
}

/**
 * The calculator's lines and result, to be laid out by the caller (the /product card, the offer upload
 * dialog). With a `projectId` the API takes the distance to that project when none is typed.
 */
export function useOfferCalculatorPanel({ projectId }: { projectId?: string } = {}): {
  inputs: React.ReactNode;
  output: React.ReactNode;
  isFetching: boolean;
  proposal: CalculatorProposal;
} {
  const { t } = useTranslation('products');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const numberFormat = localeNumberInputProps(lang);
  const catalogue = useProductSearch(CATALOGUE);
  const [lines, setLines] = useState<Line[]>(() => [{ key: newTierKey(), productId: null, quantity: 1 }]);
  const [kwp, setKwp] = useState<number | string>('');
  const [distance, setDistance] = useState<number | string>('');

  const options = useMemo(
    () =>
      (catalogue.data?.docs ?? []).map((p: Product) => ({
        value: p._id,
        label: `${p.name}${p.manufacturer ? ` · ${p.manufacturer}` : ''} (${t(`types.${p.type}`)})`,
      })),
    [catalogue.data, t],
  );

  const body = useMemo<CalculatorBody | null>(() => {
    const components = lines
      .filter(
        (l): l is Line & { productId: string; quantity: number } =>
          l.productId !== null && isQuantity(l.quantity),
      )
      .map((l) => ({ productId: l.productId, quantity: l.quantity }));
    if (components.length === 0) return null;
    return {
      components,
      ...(projectId ? { projectId } : {}),
      kwp: numberValue(kwp),
      distanceKm: numberValue(distance),
    };
  }, [lines, kwp, distance, projectId]);
  const [debouncedBody] = useDebouncedValue(body, 300);
  const result = useOfferCalculation(debouncedBody);

  const setLine = (key: string, patch: Partial<Line>) =>
    setLines((current) => current.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  let inputs: React.ReactNode;
  if (catalogue.isPending) {
    inputs = <Skeleton height={80} aria-hidden />;
  } else if (catalogue.isError) {
    inputs = (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(catalogue.error, tApp)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void catalogue.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (options.length === 0) {
    inputs = (
      <Text size="sm" c="dimmed" data-testid="calculator-empty">
        {t('calculator.noCatalogue')}
      </Text>
    );
  } else {
    inputs = (
      <Stack gap="xs">
        {lines.map((line, index) => (
          <Group key={line.key} gap="xs" align="flex-end" wrap="nowrap" data-testid="calculator-line">
            <Select
              flex={3}
              miw={0}
              label={index === 0 ? t('calculator.product') : undefined}
              aria-label={t('calculator.productN', { n: index + 1 })}
              placeholder={t('calculator.productPlaceholder')}
              searchable
              nothingFoundMessage={t('empty')}
              data={options}
              value={line.productId}
              onChange={(value) => setLine(line.key, { productId: value })}
              data-testid="calculator-product"
            />
            <NumberInput
              flex={1}
              miw={72}
              label={index === 0 ? t('calculator.quantity') : undefined}
              aria-label={t('calculator.quantityN', { n: index + 1 })}
              min={1}
              max={MAX_QUANTITY}
              allowDecimal={false}
              allowNegative={false}
              {...numberFormat}
              value={line.quantity}
              onChange={(value) => setLine(line.key, { quantity: value })}
              // The line is left out of the proposal: say so at the field, not only by a smaller total.
              error={
                line.productId !== null && !isQuantity(line.quantity)
                  ? t('calculator.quantityInvalid', { max: formatNumber(MAX_QUANTITY, lang) })
                  : undefined
              }
              data-testid="calculator-quantity"
            />
            <ActionIcon
              size="lg"
              variant="subtle"
              color="red"
              mb={2}
              disabled={lines.length === 1}
              aria-label={t('calculator.removeLine', { n: index + 1 })}
              onClick={() => setLines((current) => current.filter((l) => l.key !== line.key))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={lines.length >= 50}
            onClick={() =>
              setLines((current) => [...current, { key: newTierKey(), productId: null, quantity: 1 }])
            }
          >
            {t('calculator.addLine')}
          </Button>
        </Group>
        {/* The hints under the fields, so the two inputs line up however long each hint is; one
            column on a phone, where a long label would wrap beside a short one. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            label={t('calculator.kwp')}
            description={t('calculator.kwpHint')}
            inputWrapperOrder={HINT_BELOW}
            min={0}
            max={100_000}
            decimalScale={2}
            allowNegative={false}
            {...numberFormat}
            rightSection="kWp"
            rightSectionWidth={44}
            value={kwp}
            onChange={setKwp}
          />
          <NumberInput
            label={t('calculator.distance')}
            description={tApp('common.optional')}
            inputWrapperOrder={HINT_BELOW}
            min={0}
            max={10_000}
            decimalScale={1}
            allowNegative={false}
            {...numberFormat}
            rightSection="km"
            rightSectionWidth={44}
            value={distance}
            onChange={setDistance}
          />
        </SimpleGrid>
      </Stack>
    );
  }

  let output: React.ReactNode = null;
  if (!debouncedBody) {
    output = options.length > 0 && (
      <Text size="sm" c="dimmed">
        {t('calculator.choose')}
      </Text>
    );
  } else if (result.isError) {
    output = (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(result.error, tApp)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void result.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (result.data) {
    const r = result.data;
    const money = (v: number) => formatEuro(v, lang, 2);
    output = (
      <Stack gap="xs" data-testid="calculator-result" aria-live="polite">
        <Table.ScrollContainer minWidth={360} type="native" pos="relative">
          <Table striped verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('calculator.product')}</Table.Th>
                <Table.Th ta="right">{t('calculator.quantity')}</Table.Th>
                <Table.Th ta="right">{t('calculator.unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('calculator.lineTotal')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same product may appear twice
                <Table.Tr key={i}>
                  <Table.Td>{line.name}</Table.Td>
                  <Table.Td ta="right">{formatNumber(line.quantity, lang)}</Table.Td>
                  <Table.Td ta="right">{money(line.unitPrice)}</Table.Td>
                  <Table.Td ta="right">{money(line.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Divider />
        <Sum
          label={t('calculator.componentsTotal')}
          value={money(r.componentsTotal)}
          testId="calc-components"
        />
        <Sum label={t('calculator.projectFee')} value={money(r.projectFee)} testId="calc-fee" />
        <Sum label={t('calculator.taxAndWarranty')} value={money(r.taxAndWarranty)} testId="calc-tax" />
        <Divider />
        <Sum label={t('calculator.total')} value={money(r.total)} testId="calc-total" strong />
      </Stack>
    );
  } else {
    output = <Skeleton height={120} aria-hidden />;
  }

  let proposal: CalculatorProposal = { state: 'pending' };
  if (!body) {
    proposal = { state: 'empty' };
  } else if (body !== debouncedBody || result.isFetching || result.isPlaceholderData) {
    proposal = { state: 'pending' };
  } else if (result.isError) {
    proposal = {
      state: 'error',
      message: errorMessage(result.error, tApp) ?? tApp('errors.somethingWentWrong'),
    };
  } else if (result.data) {
    const byId = new Map((catalogue.data?.docs ?? []).map((p: Product) => [p._id, p]));
    let panels = 0;
    let watts = 0;
    for (const c of body.components) {
      const product = byId.get(c.productId);
      if (product?.type !== 'solarPanel') continue;
      panels += c.quantity;
      watts += (product.details?.powerW ?? 0) * c.quantity;
    }
    proposal = {
      state: 'ready',
      total: result.data.total,
      panels,
      kwp: body.kwp ?? (watts > 0 ? Math.round(watts) / 1000 : null),
    };
  }

  return { inputs, output, isFetching: result.isFetching, proposal };
}

function Sum({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
