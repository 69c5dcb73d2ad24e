import { Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconGitMerge } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './drawer.module.css';

interface ConflictNoteProps {
  /** The field's label, for the button's accessible name. */
  label: string;
  /** The other person's value, as the field shows values. */
  children: ReactNode;
  /** Drops the user's edit: the field shows the other value again. */
  onTakeTheirs: () => void;
}

/**
 * Under a field the user is editing while someone else saved another value for it: shows that value
 * and offers to take it. Saving keeps the user's own (docs/board.md, "Two people on one record").
 */
export function ConflictNote({ label, children, onTakeTheirs }: ConflictNoteProps) {
  const { t } = useTranslation('board');
  return (
    <div className={classes.conflict} data-testid="field-conflict">
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconAlertTriangle size={16} aria-hidden className={classes.conflictIcon} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="xs" fw={500}>
            {t('drawer.conflictOther')}
          </Text>
          <div className={classes.conflictValue}>{children}</div>
        </div>
        <Button
          size="compact-xs"
          variant="default"
          onClick={onTakeTheirs}
          aria-label={t('drawer.takeTheirsOf', { label })}
        >
          {t('drawer.takeTheirs')}
        </Button>
      </Group>
    </div>
  );
}

/**
 * Under the notes while someone else saved other notes, changed on other lines than the user's: both
 * changes are kept on saving (mergeText); the button shows the merged notes in the field now.
 */
export function MergeNote({ onMerge }: { onMerge: () => void }) {
  const { t } = useTranslation('board');
  return (
    // A status, so a screen reader tells of it when it appears while the user types in the notes.
    <div className={`${classes.conflict} ${classes.merge}`} role="status" data-testid="notes-merge">
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconGitMerge size={16} aria-hidden className={classes.mergeIcon} />
        <Text size="xs" style={{ minWidth: 0, flex: 1 }}>
          {t('drawer.mergeText')}
        </Text>
        <Button size="compact-xs" variant="default" onClick={onMerge}>
          {t('drawer.mergeNow')}
        </Button>
      </Group>
    </div>
  );
}
