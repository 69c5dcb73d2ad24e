export declare const PATCH_MARK: string;
export declare function patchReader(source: string): { source: string; patched: boolean } | null;
export declare function pgliteDist(): string;
export declare function patchPglite(
  distDir?: string,
  opts?: { write?: boolean },
): { file: string; state: 'patched' | 'already' | 'unknown shape' }[];
