import { Button, Group, Modal, Text } from '@mantine/core';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';

/**
 * The "discard changes?" state of a form in a dialog or drawer: the form tells whether it holds changes
 * (`setDirty`), and `requestClose` either closes or asks. The same question answers a reload (the
 * browser's own question, `useUnloadGuard`) and a navigation within the app (the browser's Back or
 * Forward, a link: `LeaveGuardHost`): "keep editing" stays, "discard" closes and goes on. The caller
 * shows the question while `asking` (the board's record drawer with its own texts).
 */
export function useDiscardQuestion(opened: boolean, close: () => void) {
  // A ref: it decides only on close, and the form reports on every keystroke.
  const dirty = useRef(false);
  useUnloadGuard(opened, dirty);
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const [asking, setAsking] = useState(false);
  // The answer a blocked navigation waits for, while the question is about leaving the page.
  const leaving = useRef<((leave: boolean) => void) | null>(null);
  const answerLeave = useCallback((leave: boolean) => {
    const answer = leaving.current;
    leaving.current = null;
    answer?.(leave);
  }, []);
  useLeaveGuard(opened, dirty, (answer) => {
    // A second Back while asking: the router has replaced the navigation it holds, and this answer
    // replaces the one for it.
    leaving.current = answer;
    setAsking(true);
  });
  useEffect(() => {
    if (!opened) {
      setAsking(false);
      dirty.current = false;
      answerLeave(false);
    }
  }, [opened, answerLeave]);
  const keepEditing = () => {
    setAsking(false);
    answerLeave(false);
  };
  const requestClose = () => {
    if (asking) keepEditing();
    else if (dirty.current) setAsking(true);
    else close();
  };
  const discard = () => {
    setAsking(false);
    dirty.current = false;
    close();
    answerLeave(true);
  };
  return { asking, requestClose, keepEditing, discard, setDirty };
}

/**
 * Closing a dialog with a form (a product, a price, the offer upload, an e-mail template) by Escape,
 * the overlay, × or Cancel with unsaved changes asks first, the pattern of the board's record drawer:
 * the form tells whether it holds changes, and `requestClose` either closes or asks "discard
 * changes?". Escape while asking means "keep editing" (the question itself leaves Escape to the
 * dialog, or both would react to the one key). Leaving the page (Back, a link) asks the same.
 */
export function useDiscardGuard(opened: boolean, close: () => void) {
  const { t } = useTranslation();
  const { asking, requestClose, keepEditing, discard, setDirty } = useDiscardQuestion(opened, close);
  const question: ReactNode = (
    <Modal
      opened={opened && asking}
      onClose={keepEditing}
      closeOnEscape={false}
      title={t('common.discard.title')}
      size="sm"
      zIndex={400}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text size="sm">{t('common.discard.text')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={keepEditing} data-autofocus data-testid="keep-editing">
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

/** An open form as the leave guard sees it: whether it holds changes, and how to ask about them. */
interface LeaveGuard {
  dirty: { readonly current: boolean };
  /** Shows the form's question; `answer(true)` once the user discards, `answer(false)` to stay. */
  ask: (answer: (leave: boolean) => void) => void;
}

/** The open forms of the signed-in app, newest last (none outside `LeaveGuardHost`: unit tests). */
const LeaveGuards = createContext<Set<LeaveGuard> | null>(null);

/** Registers an open form with the app's leave guard while `opened`. */
function useLeaveGuard(opened: boolean, dirty: LeaveGuard['dirty'], ask: LeaveGuard['ask']): void {
  const guards = useContext(LeaveGuards);
  const latestAsk = useRef(ask);
  useLayoutEffect(() => {
    latestAsk.current = ask;
  });
  useEffect(() => {
    if (!opened || !guards) return;
    const guard: LeaveGuard = { dirty, ask: (answer) => latestAsk.current(answer) };
    guards.add(guard);
    return () => {
      guards.delete(guard);
    };
  }, [opened, dirty, guards]);
}

/** The newest open form with unsaved changes, if any. */
function dirtyGuard(guards: Set<LeaveGuard>): LeaveGuard | undefined {
  return [...guards].reverse().find((guard) => guard.dirty.current);
}

/**
 * Around the signed-in app: a navigation within it (the browser's Back or Forward, a link, the menu)
 * while a form holds unsaved changes asks that form's question first, as closing it does; without it
 * the page changed and the typed text was gone without a word (`beforeunload` sees only reloads and
 * leaving the portal). One `useBlocker` here for all forms: the router heeds only one blocker at a
 * time (the newest), so one per form would leave the others unguarded. It needs the data router
 * (`createBrowserRouter`, src/app/router.tsx). Only a change of the path is held: a dialog or drawer
 * writing its own search parameters (the board's `?record=`) stays on its page. So is the way to the
 * login when the session ends: nothing could be saved any more.
 */
export function LeaveGuardHost({ children }: { children: ReactNode }) {
  const [guards] = useState(() => new Set<LeaveGuard>());
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== '/login' &&
      dirtyGuard(guards) !== undefined,
    [guards],
  );
  const blocker = useBlocker(shouldBlock);
  const current = useRef(blocker);
  useLayoutEffect(() => {
    current.current = blocker;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const guard = dirtyGuard(guards);
    // Saved or closed since: nothing left to lose.
    if (!guard) blocker.proceed();
    else
      guard.ask((leave) => {
        // An answer about a navigation the router no longer holds (replaced by a newer one) is void.
        if (current.current !== blocker) return;
        if (leave) blocker.proceed();
        else blocker.reset();
      });
  }, [blocker, guards]);
  return <LeaveGuards.Provider value={guards}>{children}</LeaveGuards.Provider>;
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
