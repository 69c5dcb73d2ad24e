import { dataOf, MessageResponse, Task, TaskTemplate, TaskTemplateListResponse } from '@solar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import { boardKeys } from './board-keys';

const TemplateAnswer = z.object({ data: TaskTemplate, message: z.string().optional() });
const ImportAnswer = dataOf(z.object({ tasks: z.array(Task), message: z.string() }));

/** POST /task-templates/list {page, limit}: the company's task sets, newest first. */
export function useTemplates(enabled: boolean) {
  return useQuery({
    queryKey: boardKeys.templates,
    queryFn: ({ signal }) =>
      api
        .post('/task-templates/list', { page: 1, limit: 100 }, { signal, schema: TaskTemplateListResponse })
        .then((r) => r.data.docs),
    enabled,
  });
}

function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: boardKeys.templates });
}

/** POST /task-templates/create {name?, filterData}: without a name, the server names it 'Task set N' in the request's language. */
export function useCreateTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (body: { name?: string; filterData: Record<string, unknown> }) =>
      api.post('/task-templates/create', body, { schema: TemplateAnswer }),
    onSuccess: invalidate,
  });
}

/** POST /task-templates/import-to-project {projectId, templateId}: the tasks land in the project. */
export function useImportTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { projectId: string; templateId: string }) =>
      api.post('/task-templates/import-to-project', body, { schema: ImportAnswer }).then((r) => r.data),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: boardKeys.tasksOf('tasks') });
      void queryClient.invalidateQueries({ queryKey: boardKeys.userProjects });
    },
  });
}

/** PUT /task-templates/update/{id} {name}. */
export function useRenameTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.put(`/task-templates/update/${id}`, { name }, { schema: TemplateAnswer }),
    onSuccess: invalidate,
  });
}

/** POST /task-templates/delete {templateIds}. */
/** POST /task-templates/restore {templateIds}: the undo of a delete. */
export function useRestoreTemplates() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (templateIds: string[]) =>
      api.post('/task-templates/restore', { templateIds }, { schema: MessageResponse }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplates() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (templateIds: string[]) =>
      api.post('/task-templates/delete', { templateIds }, { schema: MessageResponse }).then((r) => r.data),
    onSuccess: invalidate,
  });
}
