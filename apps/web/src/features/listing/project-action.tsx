import { Button } from '@mantine/core';
import { IconBookmarkPlus, IconExternalLink } from '@tabler/icons-react';
import { type Ref, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSaveQuoteAsProject } from '../../api/quotes';
import { notifyError, notifySuccess } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import classes from './listing.module.css';
import type { ListingRow } from './projects-table';

interface ProjectActionProps {
  row: ListingRow;
  /** A card's full-width buttons (phone) rather than a table cell's compact ones. */
  isCard?: boolean;
}

interface OpenProjectLinkProps {
  projectId: string;
  /** The project's address, in the link's accessible name. */
  address: string;
  /** A card's full-width button (phone) rather than a table cell's link. */
  isCard?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** The link to a project's view: a nearby request once saved, and each project's card on a phone. */
export function OpenProjectLink({ projectId, address, isCard = false, ref }: OpenProjectLinkProps) {
  const { t } = useTranslation('listing');
  const to = `/projectview?projectId=${encodeURIComponent(projectId)}`;
  const label = t('openProjectOf', { address });
  return isCard ? (
    <Button
      ref={ref}
      component={Link}
      to={to}
      fullWidth
      // Apart from the save buttons of the cards around it.
      variant="default"
      rightSection={<IconExternalLink size={16} aria-hidden />}
      aria-label={label}
      data-testid="open-project"
    >
      {t('openSaved')}
    </Button>
  ) : (
    <Link
      ref={ref}
      to={to}
      className={`${classes.link} ${classes.inline}`}
      aria-label={label}
      data-testid="open-project"
    >
      <IconExternalLink size={14} aria-hidden />
      {t('openSaved')}
    </Link>
  );
}

/**
 * A nearby request's way on: 'Save project' for a quote the company has not saved (the map popup's
 * call, `useSaveQuoteAsProject`), 'Open project' once it has. One request per click burst; a failure
 * shows the server's message and leaves the row as it was.
 */
export function ProjectAction({ row, isCard = false }: ProjectActionProps) {
  const { t } = useTranslation('listing');
  const { t: tApp } = useTranslation();
  const save = useSaveQuoteAsProject();
  const flight = useSingleFlight();
  // The cached row carries the project once saved (api/quotes.ts); the answer covers a list read anew.
  const projectId = row.projectId ?? save.data?._id ?? null;
  const linkRef = useRef<HTMLAnchorElement>(null);
  const justSaved = useRef(false);

  // The button the keyboard pressed is gone: its successor, the link, takes the focus (decision 0035).
  useEffect(() => {
    if (!projectId || !justSaved.current) return;
    justSaved.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body) linkRef.current?.focus({ preventScroll: true });
  }, [projectId]);

  if (projectId) {
    return <OpenProjectLink ref={linkRef} projectId={projectId} address={row.address} isCard={isCard} />;
  }

  const onSave = () =>
    flight((done) => {
      // Marked before the answer: the row may show the project before the call's own callbacks run.
      justSaved.current = true;
      save.mutate(row._id, {
        onSuccess: () => notifySuccess(t('savedProject', { address: row.address })),
        onError: (error) => {
          justSaved.current = false;
          notifyError(error, tApp);
        },
        onSettled: done,
      });
    });

  return (
    <Button
      size={isCard ? 'sm' : 'xs'}
      variant="light"
      fullWidth={isCard}
      loading={save.isPending}
      onClick={onSave}
      leftSection={<IconBookmarkPlus size={isCard ? 16 : 14} aria-hidden />}
      aria-label={t('saveProjectOf', { address: row.address })}
      data-testid="save-project"
    >
      {t('saveProject')}
    </Button>
  );
}
