import { dataOf, ProjectFile } from '@solar/shared';
import { z } from 'zod';
import { api } from '../../../api/client';
import { ApiError, CLIENT_MESSAGES } from '../../../api/errors';
import type { ValueItem } from '../lib/values';

const UploadResponse = dataOf(z.array(ProjectFile));

/** POST /api/media (multipart): uploads a file for a files cell; answers its `{ value: url, label }`. */
export async function uploadBoardFile(file: File, projectId: string | null): Promise<ValueItem> {
  const form = new FormData();
  if (projectId) form.append('projectId', projectId);
  form.append('file', file, file.name);
  const { data } = await api.post('/media', form, { schema: UploadResponse });
  const stored = data[0];
  if (!stored) throw new ApiError({ status: 200, message: CLIENT_MESSAGES.invalidResponse, errors: {} });
  return { value: stored.url, label: stored.name };
}
