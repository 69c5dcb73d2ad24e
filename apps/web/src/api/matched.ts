import {
  MatchedBucketsResponse,
  ProjectDetailResponse,
  type SavedSearchBody,
  type Stage,
} from '@solar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './client';

export type MatchedBuckets = z.infer<typeof MatchedBucketsResponse>['data'];
export type KanbanProject = MatchedBuckets['buckets'][Stage][number];

export const matchedKeys = {
  all: ['matched'] as const,
  buckets: (filters: SavedSearchBody, limit: number) => ['matched', 'buckets', filters, limit] as const,
};

/** PUT /api/matched/installer/search?limit: the company's projects grouped by stage, with counts. */
export function useMatchedBucketsQuery(filters: SavedSearchBody = {}, limit = 50, enabled = true) {
  return useQuery({
    queryKey: matchedKeys.buckets(filters, limit),
    queryFn: ({ signal }) =>
      api
        .put('/matched/installer/search', filters, {
          signal,
          query: { page: 1, limit },
          schema: MatchedBucketsResponse,
        })
        .then((r) => r.data),
    enabled,
    // A new search keeps the board on screen until its answer arrives.
    placeholderData: (previous) => previous,
  });
}

export interface MoveCardInput {
  id: string;
  from: Stage;
  to: Stage;
}

/** Moves a project card to another bucket in the cached answer (counts included). */
export function moveInBuckets(data: MatchedBuckets, { id, from, to }: MoveCardInput): MatchedBuckets {
  const card = data.buckets[from]?.find((p) => p._id === id);
  if (!card) return data;
  return {
    ...data,
    buckets: {
      ...data.buckets,
      [from]: data.buckets[from].filter((p) => p._id !== id),
      [to]: [{ ...card, projectStatus: to }, ...(data.buckets[to] ?? [])],
    },
    counts: {
      ...data.counts,
      [from]: Math.max(0, (data.counts[from] ?? 1) - 1),
      [to]: (data.counts[to] ?? 0) + 1,
    },
  };
}

/**
 * PUT /api/matched/{id} {projectStatus}: optimistic move across every cached kanban answer; a refused move
 * (400 for the pipeline's rule, 403 for the role, each with a message) restores the snapshot, and the
 * caller shows the message.
 */
export function useMoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, to }: MoveCardInput) =>
      api.put(`/matched/${id}`, { projectStatus: to }, { schema: ProjectDetailResponse }).then((r) => r.data),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: matchedKeys.all });
      const snapshot = queryClient.getQueriesData<MatchedBuckets>({ queryKey: matchedKeys.all });
      queryClient.setQueriesData<MatchedBuckets>({ queryKey: matchedKeys.all }, (data) =>
        data ? moveInBuckets(data, input) : data,
      );
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: matchedKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['quotes'] });
    },
  });
}
