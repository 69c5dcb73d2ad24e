import { Alert, Button, FileInput, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  CONSTANTS,
  CsvError,
  formatNumber,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  parseCsv,
  type TaskImportResponse,
  toCsv,
} from '@solar/shared';
import { IconAlertTriangle, IconCheck, IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../api/errors';
import { currentLanguage } from '../../../../i18n';
import { NamedLoader } from '../../../../layout/named-loader';
import { notifySuccess } from '../../../../lib/errors';
import { saveFile } from '../../../../lib/save-file';
import { useImportTasks } from '../../api/csv-api';
import { useBoard } from '../../hooks/board-context';
import { guessMapping, importableColumns, withoutTrailingEmptyRows } from '../../lib/csv-mapping';
import { notifyBoardError } from '../../lib/notify';
import { CsvMappingFields } from './csv-mapping-fields';

type Report = TaskImportResponse['data'];

/** Rejected rows listed in the dialog; the download holds all of them. */
const SHOWN_REJECTIONS = 50;

interface Sheet {
  fileName: string;
  header: string[];
  rows: string[][];
}

/**
 * CSV import into the task board (issue 9): choose a file, map each of its columns to a property (or
 * leave it out), check every row on the server (a dry run with a report of the rejected rows and the
 * new options), then import the rows that pass.
 */
export const CsvImportModal = memo(function CsvImportModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { columns, scope } = useBoard();
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [mappingErrors, setMappingErrors] = useState<Record<string, string>>({});
  const [report, setReport] = useState<Report | null>(null);
  const importer = useImportTasks();
  const lang = currentLanguage();
  const isMobile = useMediaQuery(`(max-width: ${CONSTANTS.sidebarMobileBreakpoint - 0.02}px)`);

  const choices = useMemo(
    () => [
      { value: '', label: t('csv.skipColumn') },
      ...importableColumns(columns).map((c) => ({ value: c.id, label: c.label })),
    ],
    [columns, t],
  );

  const reset = () => {
    setSheet(null);
    setFile(null);
    setFileError(null);
    setMapping([]);
    setMappingErrors({});
    setReport(null);
  };

  const close = () => {
    reset();
    onClose();
  };

  const readFile = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    setReading(true);
    try {
      const parsed = parseCsv(await chosen.text(), {
        maxRows: IMPORT_MAX_ROWS + 1,
        maxColumns: IMPORT_MAX_COLUMNS,
      });
      const [header, ...all] = parsed;
      const rows = withoutTrailingEmptyRows(all);
      if (!header || rows.length === 0) {
        setFileError(t('csv.errors.empty'));
        return;
      }
      setSheet({ fileName: chosen.name, header, rows });
      setMapping(guessMapping(header, columns));
    } catch (error) {
      if (error instanceof CsvError) {
        setFileError(
          t(`csv.errors.${error.reason}`, {
            line: error.line,
            rows: formatNumber(IMPORT_MAX_ROWS, lang),
            columns: IMPORT_MAX_COLUMNS,
          }),
        );
      } else setFileError(t('csv.errors.unreadable'));
    } finally {
      setReading(false);
    }
  };

  const run = async (dryRun: boolean) => {
    if (!sheet) return;
    setMappingErrors({});
    try {
      const answer = await importer.mutateAsync({
        board: 'tasks',
        projectId: scope.projectId,
        mapping,
        rows: sheet.rows,
        dryRun,
      });
      if (dryRun) {
        setReport(answer);
        return;
      }
      notifySuccess(
        answer.rejected.length
          ? `${answer.message}. ${t('csv.skipped', { count: answer.rejected.length })}`
          : answer.message,
      );
      close();
    } catch (error) {
      if (isApiError(error) && error.status === 400 && Object.keys(error.errors).length) {
        setMappingErrors(error.errors);
        setReport(null);
      } else notifyBoardError(error, tApp);
    }
  };

  const downloadRejected = () => {
    if (!sheet || !report) return;
    const rows = report.rejected.map((r) => [
      ...(sheet.rows[r.row - 2] ?? []),
      r.errors.map((e) => (e.property ? `${e.property}: ${e.message}` : e.message)).join('; '),
    ]);
    saveFile(toCsv([[...sheet.header, t('csv.problem')], ...rows]), `rejected-${sheet.fileName}`);
  };

  const setColumn = (index: number, key: string | null) => {
    setMapping((current) => current.map((k, i) => (i === index ? key || null : k)));
    setReport(null);
    setMappingErrors({});
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('csv.importTitle')}
      size="xl"
      fullScreen={isMobile}
      closeButtonProps={{ 'aria-label': tApp('common.close') }}
    >
      <Stack gap="md" data-testid="csv-import">
        <FileInput
          label={t('csv.file')}
          description={t('csv.fileHint', { rows: formatNumber(IMPORT_MAX_ROWS, lang) })}
          placeholder={t('csv.choose')}
          // The file input's placeholder is an element (not ::placeholder): it needs text contrast.
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          accept=".csv,text/csv,text/plain"
          leftSection={<IconFileTypeCsv size={16} aria-hidden />}
          value={file}
          onChange={(f) => void readFile(f)}
          error={fileError}
          clearable
          clearButtonProps={{ 'aria-label': t('csv.clearFile') }}
        />
        {reading && <NamedLoader size="sm" label={tApp('common.loading')} />}
        {sheet && (
          <>
            <Text size="sm">{t('csv.mapHint', { count: sheet.rows.length })}</Text>
            {mappingErrors.mapping && (
              <Alert color="red" icon={<IconAlertTriangle size={16} aria-hidden />} role="alert">
                {mappingErrors.mapping}
              </Alert>
            )}
            <CsvMappingFields
              header={sheet.header}
              rows={sheet.rows}
              mapping={mapping}
              choices={choices}
              errors={mappingErrors}
              onChange={setColumn}
              stacked={Boolean(isMobile)}
            />
          </>
        )}
        {report && sheet && (
          <Stack gap="xs" data-testid="csv-report">
            <Alert
              color={report.rejected.length ? 'yellow' : 'green'}
              icon={
                report.rejected.length ? <IconAlertTriangle size={16} aria-hidden /> : <IconCheck size={16} />
              }
              role="status"
            >
              {t('csv.ready', { count: report.created })}
              {report.rejected.length > 0 && ` ${t('csv.rejectedCount', { count: report.rejected.length })}`}
              {Object.entries(report.newOptions).map(([property, names]) => (
                <Text key={property} size="sm" mt={4}>
                  {t('csv.newOptions', { property, names: names.join(', ') })}
                </Text>
              ))}
            </Alert>
            {report.rejected.length > 0 && (
              <>
                {/* Three columns do not fit a phone: there each error is one block (row, property, problem
                    below each other), so the dialog never scrolls sideways, as in the mapping step. */}
                {isMobile ? (
                  <Stack gap={6} role="list" aria-label={t('csv.rejected')} data-testid="csv-rejected">
                    {report.rejected.slice(0, SHOWN_REJECTIONS).flatMap((r) =>
                      r.errors.map((e, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a row's errors have no id
                        <Paper key={`${r.row}-${i}`} withBorder p="xs" radius="sm" role="listitem">
                          <Text size="sm" fw={600}>
                            {t('csv.rowNumber', { row: r.row })}
                            {e.property ? ` · ${e.property}` : ''}
                          </Text>
                          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {e.message}
                          </Text>
                        </Paper>
                      )),
                    )}
                  </Stack>
                ) : (
                  <Table.ScrollContainer minWidth={420} maxHeight={240} data-testid="csv-rejected">
                    <Table aria-label={t('csv.rejected')}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('csv.row')}</Table.Th>
                          <Table.Th>{t('csv.property')}</Table.Th>
                          <Table.Th>{t('csv.problem')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {report.rejected.slice(0, SHOWN_REJECTIONS).flatMap((r) =>
                          r.errors.map((e, i) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: a row's errors have no id
                            <Table.Tr key={`${r.row}-${i}`}>
                              <Table.Td>{r.row}</Table.Td>
                              <Table.Td>{e.property}</Table.Td>
                              <Table.Td>{e.message}</Table.Td>
                            </Table.Tr>
                          )),
                        )}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
                {report.rejected.length > SHOWN_REJECTIONS && (
                  <Text size="sm" c="gray.7">
                    {t('csv.moreRejected', { count: report.rejected.length - SHOWN_REJECTIONS })}
                  </Text>
                )}
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  onClick={downloadRejected}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('csv.downloadRejected')}
                </Button>
              </>
            )}
          </Stack>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            {tApp('common.cancel')}
          </Button>
          {sheet && !report && (
            <Button onClick={() => void run(true)} loading={importer.isPending}>
              {t('csv.check', { count: sheet.rows.length })}
            </Button>
          )}
          {report && (
            <Button
              onClick={() => void run(false)}
              loading={importer.isPending}
              disabled={report.created === 0}
              data-testid="csv-import-confirm"
            >
              {t('csv.import', { count: report.created })}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
});
