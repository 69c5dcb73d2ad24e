import type { Stage } from '@solar/shared';
import { describe, expect, it } from 'vitest';
import { type KanbanProject, type MatchedBuckets, moveInBuckets } from './matched';

function card(id: string, stage: Stage): KanbanProject {
  return { _id: id, projectStatus: stage } as KanbanProject;
}

function board(): MatchedBuckets {
  return {
    buckets: {
      ACQUISITION: [card('a', 'ACQUISITION'), card('b', 'ACQUISITION')],
      OFFER_PROVIDED: [card('c', 'OFFER_PROVIDED')],
      INSTALLER_SIGNED: [],
      PROJECT_REALIZED: [],
      OFFER_NOT_ACCEPTED: [],
    },
    counts: {
      ACQUISITION: 2,
      OFFER_PROVIDED: 1,
      INSTALLER_SIGNED: 0,
      PROJECT_REALIZED: 0,
      OFFER_NOT_ACCEPTED: 0,
    },
    pagination: { page: 1, limit: 50, total: 2, totalPages: 1, hasNextPage: false },
  } as MatchedBuckets;
}

describe('moveInBuckets (optimistic kanban move)', () => {
  it('moves the card to the top of the target column and updates both counts', () => {
    const next = moveInBuckets(board(), { id: 'b', from: 'ACQUISITION', to: 'OFFER_PROVIDED' });
    expect(next.buckets.ACQUISITION.map((p) => p._id)).toEqual(['a']);
    expect(next.buckets.OFFER_PROVIDED.map((p) => p._id)).toEqual(['b', 'c']);
    expect(next.buckets.OFFER_PROVIDED[0]?.projectStatus).toBe('OFFER_PROVIDED');
    expect(next.counts.ACQUISITION).toBe(1);
    expect(next.counts.OFFER_PROVIDED).toBe(2);
  });

  it('leaves the answer untouched when the card is not in the source column', () => {
    const before = board();
    expect(moveInBuckets(before, { id: 'x', from: 'ACQUISITION', to: 'OFFER_PROVIDED' })).toBe(before);
  });

  it('does not mutate the cached answer (the snapshot restores it on failure)', () => {
    const before = board();
    moveInBuckets(before, { id: 'a', from: 'ACQUISITION', to: 'OFFER_PROVIDED' });
    expect(before.buckets.ACQUISITION).toHaveLength(2);
    expect(before.counts.OFFER_PROVIDED).toBe(1);
  });
});
