import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clampDrawerWidth, DRAWER_MIN_WIDTH, widthAtPointer } from '../../lib/drawer-width';
import classes from './drawer.module.css';

interface ResizeHandleProps {
  width: number;
  onResize: (width: number) => void;
}

const KEY_STEP = 24;

/** The drawer's left edge: dragged (or moved with the arrow keys) to resize within SPEC §2's bounds. */
export function ResizeHandle({ width, onResize }: ResizeHandleProps) {
  const { t } = useTranslation('board');
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const move = (e: globalThis.PointerEvent) => onResize(widthAtPointer(e.clientX, window.innerWidth));
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowLeft' ? KEY_STEP : event.key === 'ArrowRight' ? -KEY_STEP : 0;
    if (!step) return;
    event.preventDefault();
    onResize(clampDrawerWidth(width + step, window.innerWidth));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable splitter is the ARIA pattern for resizing
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('drawer.resize')}
      aria-valuenow={width}
      aria-valuemin={DRAWER_MIN_WIDTH}
      aria-valuemax={clampDrawerWidth(Number.MAX_SAFE_INTEGER, window.innerWidth)}
      tabIndex={0}
      className={classes.handle}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      data-testid="drawer-resize"
    />
  );
}
