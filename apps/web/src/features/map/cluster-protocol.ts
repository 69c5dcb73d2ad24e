/**
 * What the map and its clustering worker exchange. Free of supercluster, so the map's chunk can import it
 * without the clustering code (which the worker bundles on its own).
 */

/** Above this zoom every point is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 17;

/** The points as parallel arrays (transferable to a worker without copying): index i is point i. */
export interface ClusterPoints {
  lat: Float64Array;
  lng: Float64Array;
  /** 1 when the point is a project (it has a project status), else 0. */
  hasProject: Uint8Array;
}

/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

/** The values of one cluster in `ClusterAnswer.clusters`: id, lat, lng, count, projects. */
export const CLUSTER_STRIDE = 5;

/** What the map draws for a view, compact (and transferable). */
export interface ClusterAnswer {
  /** `CLUSTER_STRIDE` values per cluster: id, lat, lng, number of points, number of projects. */
  clusters: Float64Array;
  /** The single points: their indexes into the points array. */
  points: Uint32Array;
}

/** One cluster of an answer. */
export interface ClusterEntry {
  id: number;
  lat: number;
  lng: number;
  /** The number of points in the cluster. */
  count: number;
  /** How many of them are projects. */
  projects: number;
}

/** The clusters of an answer as objects. */
export function clusterEntries(answer: ClusterAnswer): ClusterEntry[] {
  const out: ClusterEntry[] = [];
  const c = answer.clusters;
  for (let k = 0; k + CLUSTER_STRIDE <= c.length; k += CLUSTER_STRIDE) {
    out.push({
      id: c[k] as number,
      lat: c[k + 1] as number,
      lng: c[k + 2] as number,
      count: c[k + 3] as number,
      projects: c[k + 4] as number,
    });
  }
  return out;
}

/** The parallel arrays of points with `lat`, `long` and a project status (or null). */
export function toClusterPoints(
  points: readonly { lat: number; long: number; projectStatus?: unknown }[],
): ClusterPoints {
  const n = points.length;
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  const hasProject = new Uint8Array(n);
  points.forEach((p, i) => {
    lat[i] = p.lat;
    lng[i] = p.long;
    hasProject[i] = p.projectStatus ? 1 : 0;
  });
  return { lat, lng, hasProject };
}

/**
 * Messages to the clustering. `generation` counts the point sets: a question names the set it is about,
 * and one about another set than the loaded one is answered with null.
 */
export type ClusterRequest =
  | { type: 'load'; generation: number; points: ClusterPoints }
  | { type: 'clusters'; id: number; generation: number; bbox: BBox; zoom: number }
  | { type: 'expansionZoom'; id: number; generation: number; clusterId: number };

/** The answers, with the `id` and `generation` of their question. */
export type ClusterReply =
  | { type: 'clusters'; id: number; generation: number; answer: ClusterAnswer | null }
  | { type: 'expansionZoom'; id: number; generation: number; zoom: number | null };

/** The buffers of a message, moved rather than copied by `postMessage`. */
export function transferablesOf(message: ClusterRequest | ClusterReply): ArrayBuffer[] {
  if (message.type === 'load') {
    const { lat, lng, hasProject } = message.points;
    return [lat.buffer, lng.buffer, hasProject.buffer] as ArrayBuffer[];
  }
  if (message.type === 'clusters' && 'answer' in message && message.answer) {
    return [message.answer.clusters.buffer, message.answer.points.buffer] as ArrayBuffer[];
  }
  return [];
}
