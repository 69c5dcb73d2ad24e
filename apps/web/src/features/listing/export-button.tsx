import { Button, Tooltip } from '@mantine/core';
import { formatNumber } from '@solar/shared';
import { IconFileExport } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/errors';
import { saveFile } from '../../lib/save-file';
import { type ExportParams, fetchListingRows, LISTING_EXPORT_MAX, listingCsv } from './listing-csv';
import type { ListingMode } from './use-listing-query';

/**
 * "Export CSV" of the listing (issue 9): every row of the current filters and order, read page by
 * page with the progress on the button, saved as a file in the language's spreadsheet conventions.
 */
export function ExportButton({ mode, params }: { mode: ListingMode; params: ExportParams }) {
  const { t } = useTranslation(['listing', 'pipeline']);
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    abort.current = new AbortController();
    setProgress({ done: 0, total: 0 });
    try {
      const { rows, total } = await fetchListingRows(
        mode,
        params,
        (done, all) => setProgress({ done, total: all }),
        abort.current.signal,
      );
      saveFile(listingCsv(rows, lang, t), `${mode}-${new Date().toISOString().slice(0, 10)}.csv`);
      notifySuccess(
        total > rows.length
          ? t('export.truncated', { n: formatNumber(rows.length, lang), total: formatNumber(total, lang) })
          : t('export.done', { count: rows.length, n: formatNumber(rows.length, lang) }),
      );
    } catch (error) {
      if (!abort.current?.signal.aborted) notifyError(error, tApp);
    } finally {
      setProgress(null);
    }
  };

  return (
    // Wrapped and capped: on one line the hint is wider than a phone and scrolled the page sideways.
    <Tooltip
      label={t('export.hint', { max: formatNumber(LISTING_EXPORT_MAX, lang) })}
      withArrow
      multiline
      maw={280}
    >
      <Button
        variant="default"
        leftSection={<IconFileExport size={16} aria-hidden />}
        onClick={() => void run()}
        disabled={progress !== null}
        data-testid="listing-export"
      >
        {progress
          ? t('export.progress', {
              done: formatNumber(progress.done, lang),
              total: formatNumber(progress.total, lang),
            })
          : t('export.label')}
      </Button>
    </Tooltip>
  );
}
