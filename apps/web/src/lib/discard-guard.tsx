import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Closing a dialog with a form (a product, a price, the offer upload, an e-mail template) by Escape,
 * the overlay, × or Cancel with unsaved changes asks first, the pattern of the board's record drawer:
 * the form tells whether it holds changes, and `requestClose` either closes or asks "discard
 * changes?". Escape while asking means "keep editing" (the question itself leaves Escape to the
 * dialog, or both would react to the one key).
 */
export function useDiscardGuard(opened: boolean, close: () => void) {
  const { t } = useTranslation();
  // A ref: it decides only on close, and the form reports on every keystroke.
  const dirty = useRef(false);
  useUnloadGuard(opened, dirty);
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (!opened) {
      setAsking(false);
      dirty.current = false;
    }
  }, [opened]);
  const requestClose = () => {
    if (asking) setAsking(false);
    else if (dirty.current) setAsking(true);
    else close();
  };
  const discard = () => {
    setAsking(false);
    dirty.current = false;
    close();
  };
  const question: ReactNode = (
    <Modal
      opened={opened && asking}
      onClose={() => setAsking(false)}
      closeOnEscape={false}
      title={t('common.discard.title')}
      size="sm"
      zIndex={400}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text size="sm">{t('common.discard.text')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => setAsking(false)} data-autofocus data-testid="keep-editing">
          {t('common.discard.keepEditing')}
        </Button>
        <Button color="red" onClick={discard} data-testid="discard-changes">
          {t('common.discard.discard')}
        </Button>
      </Group>
    </Modal>
  );
  return { requestClose, setDirty, question };
}

/**
 * While a form with unsaved changes (`dirty`) is open, a reload, closing the tab or leaving the portal
 * by the address bar asks the browser's "leave the page?" first: the form's own question cannot show
 * there, and the typed text would be gone without a word.
 */
export function useUnloadGuard(opened: boolean, dirty: { readonly current: boolean }): void {
  useEffect(() => {
    if (!opened) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [opened, dirty]);
}
