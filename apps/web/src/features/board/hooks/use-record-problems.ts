import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyFailure } from '../lib/notify';
import { firstMarked, propertyField, splitFieldErrors, withoutField } from '../lib/record-problems';

/**
 * What keeps the record drawer from saving, and where: properties whose typed text is no value of
 * their type (a number, a date, a link: never sent, so saving waits for them) and the messages of the
 * server's last refusal by field (`taskName`, `notes`, `properties.<key>`), all shown at once. Each
 * time saving is held or refused, the first such field in the drawer's order (`fields`) gets the focus.
 * The fields are found in the form (`formRef`) by their `data-field` name.
 */
export function useRecordProblems(fields: readonly string[]) {
  const formRef = useRef<HTMLDivElement>(null);
  const [invalid, setInvalid] = useState<readonly string[]>([]);
  const [refused, setRefused] = useState<Record<string, string>>({});
  // Saving was held for unreadable text: the form says why until the text reads again.
  const [held, setHeld] = useState(false);
  // A new object each time, so the same field is focused again on every try.
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);

  useEffect(() => {
    if (!focusRequest) return;
    const holders = formRef.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [];
    const holder = [...holders].find((el) => el.dataset.field === focusRequest.field);
    holder?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, button')?.focus();
  }, [focusRequest]);

  /** Told by a property field when its typed text stops or starts being a value of its type. */
  const markInvalid = useCallback((key: string, isInvalid: boolean) => {
    setInvalid((list) => {
      if (isInvalid) return list.includes(key) ? list : [...list, key];
      return list.includes(key) ? list.filter((k) => k !== key) : list;
    });
  }, []);

  /** Whether saving may go ahead; if not, the first unreadable field gets the focus. */
  const mayTrySave = (): boolean => {
    const first = firstMarked(fields, (field) => invalid.some((key) => propertyField(key) === field));
    setHeld(first !== null);
    if (first) setFocusRequest({ field: first });
    return first === null;
  };

  /** A refused save's field messages: under their fields (the first focused), the others as toasts. */
  const showRefusal = (errors: Record<string, string>) => {
    const { marked, rest } = splitFieldErrors(errors, fields);
    setRefused(marked);
    for (const message of rest) notifyFailure(message);
    const first = firstMarked(fields, (field) => field in marked);
    if (first) setFocusRequest({ field: first });
  };

  /** The user changed a field: the server's message was about its value before. */
  const clearRefusal = useCallback((field: string) => setRefused((r) => withoutField(r, field)), []);

  return {
    formRef,
    invalid,
    refused,
    markInvalid,
    mayTrySave,
    showRefusal,
    clearRefusal,
    /** Whether the form asks the user to correct marked fields. */
    hasProblems: (held && invalid.length > 0) || Object.keys(refused).length > 0,
  };
}
