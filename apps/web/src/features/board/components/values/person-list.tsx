import type { Column } from '@solar/shared';
import { useState } from 'react';
import { useTeamQuery } from '../../../../api/installer';
import { asItems, type ValueItem } from '../../lib/values';
import { ItemChecklist } from './item-checklist';

interface PersonListProps {
  column: Column;
  value: unknown;
  onChange: (value: ValueItem[]) => void;
  onEscape?: () => void;
}

/** Picks people of the company (`[{ value: userId, label: name }]`). */
export function PersonList({ column, value, onChange, onEscape }: PersonListProps) {
  const team = useTeamQuery(true);
  const [search, setSearch] = useState('');
  const chosen = asItems(value);
  const members: ValueItem[] = (team.data ?? [])
    .filter((m) => m.isActive)
    .map((m) => ({ value: m._id, label: `${m.firstName} ${m.lastName}`.trim() || m.email }));
  // People chosen earlier who left the team still show, so they can be removed.
  for (const item of chosen) if (!members.some((m) => m.value === item.value)) members.push(item);
  const needle = search.trim().toLowerCase();
  const items = needle ? members.filter((m) => m.label.toLowerCase().includes(needle)) : members;

  return (
    <ItemChecklist
      label={column.label}
      items={items}
      selected={chosen.map((c) => c.value)}
      search={search}
      onSearch={setSearch}
      loading={team.isLoading}
      onEscape={onEscape}
      onToggle={(item) =>
        onChange(
          chosen.some((c) => c.value === item.value)
            ? chosen.filter((c) => c.value !== item.value)
            : [...chosen, item],
        )
      }
    />
  );
}
