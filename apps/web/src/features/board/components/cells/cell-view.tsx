import type { Column } from '@solar/shared';
import { IconCheck, IconPaperclip } from '@tabler/icons-react';
import i18next from 'i18next';
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

/**
 * A cell's value, read-only, by its type (SPEC §3 data types). Plain elements and CSS, no component
 * library and no hooks: the grid mounts a few thousand of these while scrolling. Its parents render
 * again when the language changes (they translate too), so the texts follow.
 */
export function CellView({ column, value, related = {}, wrap = false }: CellViewProps) {
  const lang = currentLanguage();
  const line = wrap ? classes.wrap : classes.truncate;
  const list = wrap ? `${classes.pills} ${classes.pillsWrap}` : classes.pills;
  if (column.dataType === 'checkbox') {
    const checked = isChecked(value);
    return (
      <span
        className={classes.checkbox}
        data-checked={checked || undefined}
        role="img"
        aria-label={i18next.t(checked ? 'cells.checked' : 'cells.unchecked', { ns: 'board' })}
      >
        {checked && <IconCheck size={12} stroke={3} aria-hidden />}
      </span>
    );
  }
  if (isEmpty(value)) return null;
  const text = String(value);
  switch (column.dataType) {
    case 'select':
    case 'status':
      return typeof value === 'string' ? <OptionBadge column={column} value={value} /> : null;
    case 'multi-select':
      return (
        <span className={list}>
          {asStrings(value).map((v) => (
            <OptionBadge key={v} column={column} value={v} />
          ))}
        </span>
      );
    case 'person':
    case 'relation': {
      const items =
        column.dataType === 'person'
          ? asItems(value)
          : asStrings(value).map((id) => ({ value: id, label: related[id] ?? '…' }));
      return (
        <span className={list}>
          {items.map((item) => (
            <span key={item.value} className={`${classes.pill} ${classes.chip}`}>
              {item.label || '…'}
            </span>
          ))}
        </span>
      );
    }
    case 'files':
      return (
        <span className={list}>
          {asItems(value).map((file) => (
            <span key={file.value} className={`${classes.pill} ${classes.file}`}>
              <IconPaperclip size={12} aria-hidden />
              <span className={classes.pillText}>{file.label}</span>
            </span>
          ))}
        </span>
      );
    case 'url':
      return isHttpUrl(text) ? (
        <a
          href={text}
          target="_blank"
          rel="noopener noreferrer"
          className={`${classes.link} ${line}`}
          onClick={stop}
        >
          {text}
        </a>
      ) : (
        <span className={line}>{text}</span>
      );
    case 'email':
      return (
        <a href={`mailto:${text}`} className={`${classes.link} ${line}`} onClick={stop}>
          {text}
        </a>
      );
    case 'phone':
      return (
        <a href={`tel:${text.replace(/\s/g, '')}`} className={`${classes.link} ${line}`} onClick={stop}>
          {text}
        </a>
      );
    case 'number':
    case 'rollup':
    case 'id':
      return <span className={classes.number}>{displayText(value, column, lang)}</span>;
    case 'formula': {
      const shown = displayText(value, column, lang);
      return (
        <span
          className={`${line} ${typeof value === 'string' && value.startsWith('#ERROR') ? classes.error : ''}`}
          title={wrap ? undefined : shown}
        >
          {shown}
        </span>
      );
    }
    default: {
      const shown = displayText(value, column, lang, related);
      return (
        <span className={line} title={wrap ? undefined : shown}>
          {shown}
        </span>
      );
    }
  }
}
