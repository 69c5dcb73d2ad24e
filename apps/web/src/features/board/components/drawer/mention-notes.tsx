import { Combobox, Text, Textarea, useCombobox } from '@mantine/core';
import { NOTES_MAX_LENGTH } from '@solar/shared';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamQuery } from '../../../../api/installer';
import { useCurrentUser } from '../../../auth/session';
import { insertMention, type MentionQuery, matchPeople, mentionQuery } from '../../lib/mentions';

interface MentionNotesProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A message under the notes (the server refused them). */
  error?: string;
}

/**
 * A record's notes, where `@` offers the company's people by name (↑ ↓ to choose, Enter or Tab to
 * take, Escape to close): the one named hears of it when the notes are saved (docs/notifications.md).
 * Arrow keys move the caret as usual while no name is offered.
 */
export function MentionNotes({ label, value, onChange, error }: MentionNotesProps) {
  const { t } = useTranslation('board');
  const combobox = useCombobox();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [at, setAt] = useState<MentionQuery | null>(null);
  const team = useTeamQuery(at !== null);
  const { user } = useCurrentUser();
  const people = useMemo(
    () =>
      (team.data ?? [])
        // Oneself is not offered: nobody is told what they wrote themself.
        .filter((m) => m.isActive && m._id !== user._id)
        .map((m) => ({ id: m._id, name: `${m.firstName} ${m.lastName}`.trim() }))
        .filter((p) => p.name),
    [team.data, user._id],
  );
  const matches = at ? matchPeople(people, at.query) : [];
  const open = at !== null && matches.length > 0;
  // The first name offered is chosen, so Enter takes it straight away (also once the team arrives).
  const offered = matches.map((p) => p.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: chosen again when the names offered change
  useEffect(() => {
    if (open) combobox.selectFirstOption();
  }, [open, offered]);

  const look = (text: string, caret: number) => {
    const found = mentionQuery(text, caret);
    setAt(found);
    if (found) combobox.openDropdown();
    else combobox.closeDropdown();
  };

  const take = (name: string) => {
    const input = ref.current;
    if (!at || !input) return;
    const next = insertMention(value, at, input.selectionStart, name);
    onChange(next.text);
    setAt(null);
    combobox.closeDropdown();
    requestAnimationFrame(() => {
      input.focus();
      input.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (event.key === 'ArrowDown') combobox.selectNextOption();
      else combobox.selectPreviousOption();
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      if (combobox.getSelectedOptionIndex() < 0) return;
      event.preventDefault();
      combobox.clickSelectedOption();
    } else if (event.key === 'Escape') {
      // Closes the names, not the drawer around them.
      event.preventDefault();
      event.stopPropagation();
      setAt(null);
      combobox.closeDropdown();
    }
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const person = people.find((p) => p.id === id);
        if (person) take(person.name);
      }}
      position="bottom-start"
      withinPortal={false}
    >
      <Combobox.Target withKeyboardNavigation={false}>
        <Textarea
          ref={ref}
          label={label}
          description={t('drawer.notesMentionHint')}
          error={error}
          value={value}
          onChange={(e) => {
            onChange(e.currentTarget.value);
            look(e.currentTarget.value, e.currentTarget.selectionStart);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setAt(null);
            combobox.closeDropdown();
          }}
          onClick={(e) => look(e.currentTarget.value, e.currentTarget.selectionStart)}
          autosize
          minRows={4}
          maxRows={16}
          maxLength={NOTES_MAX_LENGTH}
          data-testid="record-notes"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!open}>
        <Combobox.Options aria-label={t('drawer.mentionPeople')}>
          {matches.map((p) => (
            <Combobox.Option value={p.id} key={p.id} onMouseDown={(e) => e.preventDefault()}>
              <Text size="sm">{p.name}</Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
