import { Tabs } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOverflowSides } from '../../lib/use-overflow-sides';
import { PRODUCT_TYPES, type ProductType, TYPE_ICONS } from './product-meta';
import classes from './products.module.css';

export type TypeFilter = ProductType | 'all';

interface TypeTabsProps {
  value: TypeFilter;
  onChange: (value: TypeFilter) => void;
}

/**
 * The product-type tabs. On a phone they stay on one line and scroll sideways; a fade and a chevron on
 * a side say tabs are hidden there (the fade alone is not seen when the cut falls between two tabs),
 * and the chosen tab (by touch or arrow key) is brought clear of the fade.
 */
export function TypeTabs({ value, onChange }: TypeTabsProps) {
  const { t } = useTranslation('products');
  const listRef = useRef<HTMLDivElement>(null);
  const hidden = useOverflowSides(listRef);

  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>(`[data-testid="type-tab-${value}"]`);
    if (!list || !tab) return;
    // The list's own scroll only (scrollIntoView would scroll the page too), clear of the fade: its
    // width is the list's scroll padding.
    const fade = Number.parseFloat(getComputedStyle(list).scrollPaddingLeft) || 0;
    const box = list.getBoundingClientRect();
    const edges = tab.getBoundingClientRect();
    if (edges.left < box.left + fade) list.scrollLeft -= box.left + fade - edges.left;
    else if (edges.right > box.right - fade) list.scrollLeft += edges.right - (box.right - fade);
  }, [value]);

  return (
    <div className={classes.typeTabsFrame}>
      <Tabs
        variant="pills"
        value={value}
        onChange={(next) => next && onChange(next as TypeFilter)}
        keepMounted={false}
      >
        <Tabs.List
          ref={listRef}
          aria-label={t('filters.type')}
          className={classes.typeTabs}
          data-hidden-start={hidden.start || undefined}
          data-hidden-end={hidden.end || undefined}
          data-testid="type-tabs"
        >
          {(['all', ...PRODUCT_TYPES] as const).map((type) => {
            const Icon = TYPE_ICONS[type];
            return (
              <Tabs.Tab
                key={type}
                value={type}
                leftSection={<Icon size={16} aria-hidden />}
                data-testid={`type-tab-${type}`}
              >
                {type === 'all' ? t('types.all') : t(`types.${type}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      {/* Only a sign: a swipe or the arrow keys scroll, and a tap goes through to the tab beneath. */}
      {hidden.start && (
        <span className={classes.moreTabs} data-side="start" data-testid="type-tabs-more-start" aria-hidden>
          <IconChevronLeft size={16} />
        </span>
      )}
      {hidden.end && (
        <span className={classes.moreTabs} data-side="end" data-testid="type-tabs-more-end" aria-hidden>
          <IconChevronRight size={16} />
        </span>
      )}
    </div>
  );
}
