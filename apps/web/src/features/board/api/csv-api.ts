import { type TaskFilterRequest, TaskImportResponse } from '@solar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { saveFile } from '../../../lib/save-file';
import { boardKeys } from './board-keys';

export interface ExportBody extends TaskFilterRequest {
  order?: string[];
}

/** POST /task/export: the current view's records as a CSV file. */
export function useExportTasks() {
  return useMutation({
    mutationFn: async (body: ExportBody) => {
      const text = await api.post<string>('/task/export', body);
      const day = new Date().toISOString().slice(0, 10);
      saveFile(String(text), `${body.board}-${day}.csv`);
    },
  });
}

export interface ImportBody {
  board: 'tasks';
  projectId?: string | null;
  mapping: (string | null)[];
  rows: string[][];
  dryRun: boolean;
}

/** POST /task/import: a dry run (check) or the import; the board reloads after an import. */
export function useImportTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBody) =>
      api.post('/task/import', body, { schema: TaskImportResponse }).then((r) => r.data),
    onSuccess: (answer) => {
      if (answer.dryRun || answer.created === 0) return;
      void queryClient.invalidateQueries({ queryKey: boardKeys.tasksOf('tasks') });
      void queryClient.invalidateQueries({ queryKey: boardKeys.properties('tasks') });
    },
  });
}
