import { useDebouncedValue } from '@mantine/hooks';
import { CONSTANTS, type Column } from '@solar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { boardKeys } from '../../api/board-keys';
import { searchRecords } from '../../api/tasks-api';
import { useBoard } from '../../hooks/board-context';
import { asStrings, type ValueItem } from '../../lib/values';
import { ItemChecklist } from './item-checklist';

interface RelationListProps {
  column: Column;
  value: unknown;
  related: Record<string, string>;
  /** The record being edited (it cannot point at itself). */
  selfId?: string;
  onChange: (ids: string[], titles: Record<string, string>) => void;
  onEscape?: () => void;
}

/** Links records (relation cells: a list of record ids, titles shown from the board's `related`). */
export function RelationList({ column, value, related, selfId, onChange, onEscape }: RelationListProps) {
  const { scope } = useBoard();
  const board = column.relationBoard ?? scope.board;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, CONSTANTS.addressSearchDebounceMs);
  const found = useQuery({
    queryKey: boardKeys.relation(board, debounced),
    queryFn: ({ signal }) => searchRecords(board, debounced, signal),
    placeholderData: keepPreviousData,
  });
  const chosen = asStrings(value);
  const titles: Record<string, string> = { ...related };
  for (const item of found.data ?? []) titles[item.value] = item.label;
  const items: ValueItem[] = [
    ...chosen.map((id) => ({ value: id, label: titles[id] ?? '…' })),
    ...(found.data ?? []).filter((item) => !chosen.includes(item.value) && item.value !== selfId),
  ];

  return (
    <ItemChecklist
      label={column.label}
      items={items}
      selected={chosen}
      search={search}
      onSearch={setSearch}
      loading={found.isFetching}
      onEscape={onEscape}
      onToggle={(item) =>
        onChange(
          chosen.includes(item.value) ? chosen.filter((id) => id !== item.value) : [...chosen, item.value],
          titles,
        )
      }
    />
  );
}
