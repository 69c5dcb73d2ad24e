import { type Calculation, type CalculationValue, type Column, formatNumber } from '@solar/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { calculationText } from '../lib/calculations';

/** `calculationText` in the reader's language, a range of days as '50 Tage' (summary and group rows). */
export function useCalculationText() {
  const { t } = useTranslation('board');
  const lang = currentLanguage();
  return useCallback(
    (calc: Calculation, value: CalculationValue | undefined, column: Column) =>
      calculationText(calc, value, column, lang, (count) =>
        t('calc.days', { count, n: formatNumber(count, lang) }),
      ),
    [lang, t],
  );
}
