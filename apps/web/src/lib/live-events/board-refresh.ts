import { isTextTarget } from '../text-target';

/** A write of this tab ended this recently: a board event naming its own user is taken for its echo. */
export const OWN_ECHO_MS = 3_000;

/** How often a refresh held back (an edit under way, a write in flight, a hidden tab) looks again. */
export const RETRY_MS = 1_000;

export interface BoardRefreshDeps {
  /** The signed-in user's id. */
  me: () => string | null;
  /** This tab's writes (api client). */
  writes: () => { inFlight: number; lastEndedAt: number };
  /** Whether the user is in the middle of something a reload of the board would disturb. */
  busy: () => boolean;
  /** Asks the board's shown data again. */
  refresh: () => void;
  now?: () => number;
}

/**
 * What an open board does when someone changed the company's board (a `board` live event): it asks
 * again for its rows, totals and activity, but never under the user's hands. A change by this user
 * that this tab has just written is its own echo and already shown; anything else waits until no
 * write of this tab is in flight, nothing is being edited and the tab is in view, then refreshes
 * once for all the changes that came meanwhile.
 */
export function createBoardRefresher(deps: BoardRefreshDeps) {
  const now = deps.now ?? Date.now;
  let pending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const attempt = () => {
    timer = undefined;
    if (!pending) return;
    if (deps.writes().inFlight > 0 || deps.busy()) {
      timer = setTimeout(attempt, RETRY_MS);
      return;
    }
    pending = false;
    deps.refresh();
  };

  return {
    /** A board event: `by` who changed it (null: unknown, anything may have changed). */
    changed(by: string | null) {
      const writes = deps.writes();
      const echo =
        by !== null && by === deps.me() && (writes.inFlight > 0 || now() - writes.lastEndedAt < OWN_ECHO_MS);
      if (echo) return;
      pending = true;
      if (timer === undefined) attempt();
    },
    /** Whether a refresh is waiting for its moment. */
    isPending: () => pending,
    stop() {
      clearTimeout(timer);
      timer = undefined;
      pending = false;
    },
  };
}

/** The user is typing or choosing: a field, a text area, editable text or a list has the focus. */
export function isEditingElement(element: Element | null): boolean {
  return isTextTarget(element) || element?.tagName === 'SELECT';
}
