/** TanStack Query keys, one place so invalidations and cache writes agree. */
export const queryKeys = {
  currentUser: ['user', 'current'] as const,
  constants: ['constants'] as const,
  team: ['installer', 'team'] as const,
};
