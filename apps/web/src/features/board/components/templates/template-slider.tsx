import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardsPerView, lastStart, stepStart } from '../../lib/slider';

/** A slider of cards: 3 visible, 2 under 1024 px, 1 under 640 px (SPEC §9), one card per step. */
export function TemplateSlider({ cards }: { cards: ReactNode[] }) {
  const { t } = useTranslation('board');
  const { width } = useViewportSize();
  const perView = cardsPerView(width || 1280);
  const [start, setStart] = useState(0);
  const total = cards.length;
  useEffect(() => setStart((s) => Math.min(s, lastStart(total, perView))), [total, perView]);
  const visible = cards.slice(start, start + perView);

  return (
    <Box
      role="region"
      aria-roledescription={t('templates.slider')}
      aria-label={t('templates.list')}
      data-testid="template-slider"
      data-per-view={perView}
    >
      <Group wrap="nowrap" gap="xs" align="stretch">
        <ActionIcon
          variant="default"
          size="lg"
          style={{ alignSelf: 'center' }}
          aria-label={t('templates.previous')}
          disabled={start === 0}
          onClick={() => setStart((s) => stepStart(s, -1, total, perView))}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Box
          style={{
            flex: 1,
            display: 'grid',
            gridTemplateColumns: `repeat(${perView}, minmax(0, 1fr))`,
            gap: 12,
          }}
          aria-live="polite"
        >
          {visible}
        </Box>
        <ActionIcon
          variant="default"
          size="lg"
          style={{ alignSelf: 'center' }}
          aria-label={t('templates.next')}
          disabled={start >= lastStart(total, perView)}
          onClick={() => setStart((s) => stepStart(s, 1, total, perView))}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
      {total > 0 && (
        <Text size="xs" c="gray.7" ta="center" mt={6}>
          {t('templates.position', { from: start + 1, to: Math.min(total, start + perView), total })}
        </Text>
      )}
    </Box>
  );
}
