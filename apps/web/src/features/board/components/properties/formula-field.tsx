import { Text, Textarea } from '@mantine/core';
import {
  evaluateFormula,
  formulaDependencies,
  formulaValueToCell,
  isFormulaError,
  parseFormula,
  type Task,
  translateFormulaMessage,
} from '@solar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../i18n';
import { boardKeys } from '../../api/board-keys';
import { useBoard } from '../../hooks/board-context';
import { flattenTasks, type TaskPages } from '../../lib/task-cache';
import { cellRaw } from '../../lib/values';

/** A loaded record to try a formula on (the first one of the board's current list). */
function useSampleTask(): Task | null {
  const { scope } = useBoard();
  const queryClient = useQueryClient();
  for (const [, data] of queryClient.getQueriesData<TaskPages>({
    queryKey: boardKeys.tasksOf(scope.board),
  })) {
    const first = flattenTasks(data)[0];
    if (first) return first;
  }
  return null;
}

interface FormulaFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/**
 * A formula with a live check (packages/shared/src/board/formula.ts, the language the server
 * evaluates): where it cannot be read, properties it names that do not exist, and its result for
 * one record of the board.
 */
export function FormulaField({ value, onChange }: FormulaFieldProps) {
  const { t } = useTranslation('board');
  const lang = currentLanguage();
  const { columns } = useBoard();
  const sample = useSampleTask();
  const parsed = value.trim() ? parseFormula(value) : null;
  const unknown = parsed?.ok
    ? formulaDependencies(value).filter((name) => !columns[name] && name !== 'taskName')
    : [];
  let preview: string | null = null;
  if (parsed?.ok && sample && unknown.length === 0) {
    const result = evaluateFormula(parsed.ast, {
      prop: (name) => cellRaw(sample, columns[name]?.id ?? name),
    });
    preview = isFormulaError(result)
      ? t('formula.resultError', {
          name: sample.taskName || t('grid.untitled'),
          reason: translateFormulaMessage(result.error, lang),
        })
      : t('formula.result', {
          name: sample.taskName || t('grid.untitled'),
          value: String(formulaValueToCell(result) ?? '—'),
        });
  }
  const error =
    parsed && !parsed.ok
      ? t('formula.cannotRead', {
          position: parsed.position + 1,
          reason: translateFormulaMessage(parsed.error, lang),
        })
      : unknown.length > 0
        ? t('formula.unknown', { names: unknown.join(', ') })
        : null;

  return (
    <div>
      <Textarea
        label={t('addProperty.formula')}
        description={t('addProperty.formulaHint')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        autosize
        minRows={2}
        maxLength={2000}
        required
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      {preview && (
        <Text size="xs" c="gray.7" mt={4} aria-live="polite" data-testid="formula-preview">
          {preview}
        </Text>
      )}
    </div>
  );
}
