import { Anchor, Badge, Checkbox, Group, Text } from '@mantine/core';
import type { Column } from '@solar/shared';
import { IconPaperclip } from '@tabler/icons-react';
import { currentLanguage } from '../../../../i18n';
import { asItems, asStrings, displayText, isChecked, isEmpty, isHttpUrl } from '../../lib/values';
import classes from './cells.module.css';
import { OptionBadge } from './option-badge';

interface CellViewProps {
  column: Column;
  value: unknown;
  /** Titles of related records (relation cells). */
  related?: Record<string, string>;
  /** Wrap long text (the drawer, cards) instead of one truncated line (the grid). */
  wrap?: boolean;
}

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** A cell's value, read-only, by its type (SPEC §3 data types). */
export function CellView({ column, value, related = {}, wrap = false }: CellViewProps) {
  const lang = currentLanguage();
  if (column.dataType === 'checkbox') {
    return <Checkbox checked={isChecked(value)} readOnly tabIndex={-1} aria-hidden size="sm" />;
  }
  if (isEmpty(value)) return null;
  const text = (content: string) => (
    <Text size="sm" className={wrap ? classes.wrap : classes.truncate} title={wrap ? undefined : content}>
      {content}
    </Text>
  );
  switch (column.dataType) {
    case 'select':
    case 'status':
      return typeof value === 'string' ? <OptionBadge column={column} value={value} /> : null;
    case 'multi-select':
      return (
        <Group gap={4} wrap={wrap ? 'wrap' : 'nowrap'} className={classes.pills}>
          {asStrings(value).map((v) => (
            <OptionBadge key={v} column={column} value={v} />
          ))}
        </Group>
      );
    case 'person':
    case 'relation':
      return (
        <Group gap={4} wrap={wrap ? 'wrap' : 'nowrap'} className={classes.pills}>
          {(column.dataType === 'person'
            ? asItems(value)
            : asStrings(value).map((id) => ({ value: id, label: related[id] ?? '…' }))
          ).map((item) => (
            <Badge key={item.value} variant="light" color="gray" radius="sm" tt="none" fw={500}>
              {item.label || '…'}
            </Badge>
          ))}
        </Group>
      );
    case 'files':
      return (
        <Group gap={4} wrap={wrap ? 'wrap' : 'nowrap'} className={classes.pills}>
          {asItems(value).map((file) => (
            <Badge
              key={file.value}
              variant="outline"
              color="gray"
              radius="sm"
              tt="none"
              fw={500}
              leftSection={<IconPaperclip size={12} aria-hidden />}
            >
              {file.label}
            </Badge>
          ))}
        </Group>
      );
    case 'url': {
      const url = String(value);
      return isHttpUrl(url) ? (
        <Anchor
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          className={classes.truncate}
          onClick={stop}
        >
          {url}
        </Anchor>
      ) : (
        text(url)
      );
    }
    case 'email':
      return (
        <Anchor href={`mailto:${String(value)}`} size="sm" className={classes.truncate} onClick={stop}>
          {String(value)}
        </Anchor>
      );
    case 'phone':
      return (
        <Anchor
          href={`tel:${String(value).replace(/\s/g, '')}`}
          size="sm"
          className={classes.truncate}
          onClick={stop}
        >
          {String(value)}
        </Anchor>
      );
    case 'number':
    case 'rollup':
    case 'id':
      return (
        <Text size="sm" className={classes.number}>
          {displayText(value, column, lang)}
        </Text>
      );
    case 'formula': {
      const shown = displayText(value, column, lang);
      return shown.startsWith('#ERROR') ? (
        <Text size="sm" c="red.8" className={classes.truncate} title={shown}>
          {shown}
        </Text>
      ) : (
        text(shown)
      );
    }
    default:
      return text(displayText(value, column, lang, related));
  }
}
