import {
  dataOf,
  MessageResponse,
  ProjectDetailResponse,
  ProjectFile,
  type SavedProjectUpdate,
} from '@solar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';
import { ApiError, CLIENT_MESSAGES, normaliseError } from './errors';
import { parseJson, rawHeaders, withSession } from './raw';

export { useTeamQuery } from './installer';

export type ProjectDetail = z.infer<typeof ProjectDetailResponse>['data'];

/** Query keys of the project view (kept here so the project view does not depend on other areas). */
export const projectViewKeys = {
  all: ['project-view'] as const,
  detail: (id: string) => ['project-view', 'detail', id] as const,
};

/** GET /api/saved-project/project/{id}: one project of the caller's company with its stage history. */
export function useProjectQuery(id: string | null) {
  return useQuery({
    queryKey: projectViewKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/saved-project/project/${id}`, { signal, schema: ProjectDetailResponse }).then((r) => r.data),
    enabled: id !== null,
    // A missing project stays missing; other failures get the default retries.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** PUT /api/saved-project/update/{id}; the answer (the whole project) replaces the cached one. */
export function useUpdateProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedProjectUpdate) =>
      api.put(`/saved-project/update/${id}`, body, { schema: ProjectDetailResponse }).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(projectViewKeys.detail(id), data),
  });
}

const UploadResponse = dataOf(z.array(ProjectFile));

/** The file types POST /api/media accepts (docs/pipeline.md), by extension. */
export const UPLOAD_EXTENSIONS = [
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
  '.docx',
  '.xlsx',
  '.csv',
  '.txt',
  '.obj',
  '.pvsol',
  '.zip',
] as const;
/** The server's upload limit (20 MB, answered with 413 above it). */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

function xhrUpload(
  form: FormData,
  token: string | null,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media');
    for (const [key, value] of Object.entries(rawHeaders(token))) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, message: CLIENT_MESSAGES.network, errors: {}, network: true }));
    xhr.onabort = () =>
      reject(new ApiError({ status: 0, message: CLIENT_MESSAGES.cancelled, errors: {}, cancelled: true }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** POST /api/media (multipart `projectId` + `file`) with upload progress; resolves with the stored file. */
export async function uploadProjectFile(
  projectId: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ProjectFile> {
  const form = new FormData();
  form.append('projectId', projectId);
  form.append('file', file, file.name);
  const result = await withSession((token) => xhrUpload(form, token, onProgress, signal));
  if (result.status < 200 || result.status >= 300) {
    throw new ApiError(normaliseError(result.status, result.body));
  }
  const parsed = UploadResponse.safeParse(result.body);
  const stored = parsed.success ? parsed.data.data[0] : undefined;
  if (!stored)
    throw new ApiError({ status: result.status, message: CLIENT_MESSAGES.invalidResponse, errors: {} });
  return stored;
}

/** Upload mutation: the new file is added to the cached project. */
export function useUploadProjectFile(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadProjectFile(projectId, file, onProgress),
    onSuccess: (stored) => {
      queryClient.setQueryData<ProjectDetail>(projectViewKeys.detail(projectId), (current) =>
        current
          ? { ...current, uploadedInstallerImages: [stored, ...current.uploadedInstallerImages] }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: projectViewKeys.detail(projectId) });
    },
  });
}

/** DELETE /api/media/{id}; the file leaves the cached project. */
export function useDeleteProjectFile(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) =>
      api.delete(`/media/${fileId}`, { schema: MessageResponse }).then((r) => r.data.message),
    onSuccess: (_message, fileId) => {
      queryClient.setQueryData<ProjectDetail>(projectViewKeys.detail(projectId), (current) =>
        current
          ? {
              ...current,
              uploadedInstallerImages: current.uploadedInstallerImages.filter((f) => f._id !== fileId),
            }
          : current,
      );
    },
  });
}

/**
 * Downloads a project file: the URL needs the JWT header, so it is fetched as a blob and saved through a
 * temporary object URL.
 */
export async function downloadProjectFile(file: ProjectFile): Promise<void> {
  let response: Response;
  try {
    response = await withSession((token) => fetch(file.url, { headers: rawHeaders(token) }));
  } catch {
    throw new ApiError({ status: 0, message: CLIENT_MESSAGES.network, errors: {}, network: true });
  }
  if (!response.ok) {
    throw new ApiError(normaliseError(response.status, parseJson(await response.text())));
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
