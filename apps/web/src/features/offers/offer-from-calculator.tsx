import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatKwpNumber, formatNumber, type Language } from '@solar/shared';
import { IconCalculator, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { NamedLoader } from '../../layout/named-loader';
import { type CalculatorProposal, useOfferCalculatorPanel } from '../products/offer-calculator';

/** The upload dialog's fields the calculator fills. */
export type CalculatedField = 'finalPrice' | 'moduleQuantity' | 'productionCapacity';

/**
 * The upload dialog's field texts from a finished calculation, in the UI language's number pattern the
 * dialog reads (`18.450,5` in German, `18,450.5` otherwise): the total as the final price, the panels'
 * quantity as the module quantity and the kWp as the capacity. A count of 0 or an unknown kWp is left out.
 */
export function offerFieldsFromProposal(
  proposal: Extract<CalculatorProposal, { state: 'ready' }>,
  lang: Language,
): Partial<Record<CalculatedField, string>> {
  const total = proposal.total;
  const fields: Partial<Record<CalculatedField, string>> = {
    finalPrice: formatNumber(total, lang, Number.isInteger(total) ? 0 : 2),
  };
  if (proposal.panels > 0) fields.moduleQuantity = formatNumber(proposal.panels, lang);
  if (proposal.kwp !== null && proposal.kwp > 0) {
    fields.productionCapacity = formatKwpNumber(proposal.kwp, lang);
  }
  return fields;
}

/**
 * "Calculate from catalogue" in the upload dialog: the offer calculator of /product, folded away until
 * opened; "Apply" puts its result into the dialog's fields (which stay editable).
 */
export function CalculateFromCatalogue({
  projectId,
  onApply,
}: {
  projectId: string;
  onApply: (fields: Partial<Record<CalculatedField, string>>) => void;
}) {
  const { t } = useTranslation('offers');
  const [opened, setOpened] = useState(false);
  // Mounted from the first opening on, so closing and opening again keeps the lines.
  const [mounted, setMounted] = useState(false);
  const id = useId();
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconCalculator size={14} aria-hidden />}
          rightSection={
            opened ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
          }
          aria-expanded={opened}
          aria-controls={id}
          onClick={() => {
            setOpened((o) => !o);
            setMounted(true);
          }}
          data-testid="offer-calc-toggle"
        >
          {t('calc.open')}
        </Button>
      </Group>
      <div id={id} hidden={!opened}>
        {mounted && <CalculatorPanel projectId={projectId} onApply={onApply} />}
      </div>
    </Stack>
  );
}

function CalculatorPanel({
  projectId,
  onApply,
}: {
  projectId: string;
  onApply: (fields: Partial<Record<CalculatedField, string>>) => void;
}) {
  const { t } = useTranslation('offers');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const { inputs, output, isFetching, proposal } = useOfferCalculatorPanel({ projectId });
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);

  const apply = () => {
    if (proposal.state !== 'ready') {
      const text =
        proposal.state === 'empty'
          ? t('calc.empty')
          : proposal.state === 'pending'
            ? t('calc.pending')
            : t('calc.failed', { reason: proposal.message });
      setNote({ text, ok: false });
      return;
    }
    const fields = offerFieldsFromProposal(proposal, lang);
    onApply(fields);
    const names: Record<CalculatedField, string> = {
      finalPrice: t('field.finalPrice'),
      moduleQuantity: t('field.moduleQuantity'),
      productionCapacity: t('field.productionCapacity'),
    };
    const parts = (Object.keys(fields) as CalculatedField[]).map((k) => `${names[k]}: ${fields[k]}`);
    setNote({ text: t('calc.applied', { fields: parts.join(', ') }), ok: true });
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="offer-calc">
      <Stack gap="sm">
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t('calc.hint')}
          </Text>
          {isFetching && <NamedLoader size="xs" label={tApp('common.loading')} />}
        </Group>
        {inputs}
        {output}
        <Group justify="flex-end">
          <Button size="xs" onClick={apply} data-testid="offer-calc-apply">
            {t('calc.apply')}
          </Button>
        </Group>
        {note && (
          <Text
            size="sm"
            c={note.ok ? 'green.9' : 'red.9'}
            role={note.ok ? 'status' : 'alert'}
            data-testid="offer-calc-note"
          >
            {note.text}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
