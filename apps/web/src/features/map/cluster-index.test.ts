import { describe, expect, it } from 'vitest';
import { ClusterIndex, createClusterHandler } from './cluster-index';
import {
  type BBox,
  CLUSTER_MAX_ZOOM,
  type ClusterAnswer,
  type ClusterReply,
  clusterEntries,
  toClusterPoints,
  transferablesOf,
} from './cluster-protocol';

/** Three requests within 200 m in Munich (one a project), one in Hamburg, one project in Berlin. */
const POINTS = [
  { lat: 48.137, long: 11.575, projectStatus: null },
  { lat: 48.138, long: 11.576, projectStatus: 'ACQUISITION' },
  { lat: 48.1375, long: 11.5745, projectStatus: null },
  { lat: 53.551, long: 9.993, projectStatus: null },
  { lat: 52.52, long: 13.405, projectStatus: 'OFFER_PROVIDED' },
];
const WORLD: BBox = [-180, -85, 180, 85];
const GERMANY: BBox = [5, 47, 16, 55.5];
const MUNICH: BBox = [11.4, 48.0, 11.8, 48.3];
const HAMBURG: BBox = [9.8, 53.4, 10.2, 53.7];

const index = () => new ClusterIndex(toClusterPoints(POINTS));
const singles = (answer: ClusterAnswer) => [...answer.points].sort((a, b) => a - b);

describe('toClusterPoints', () => {
  it('lays the points out as parallel typed arrays', () => {
    const { lat, lng, hasProject } = toClusterPoints(POINTS);
    expect(lat).toBeInstanceOf(Float64Array);
    expect([...lat]).toEqual(POINTS.map((p) => p.lat));
    expect([...lng]).toEqual(POINTS.map((p) => p.long));
    expect([...hasProject]).toEqual([0, 1, 0, 0, 1]);
  });
});

describe('ClusterIndex', () => {
  it('puts every point in one cluster when zoomed far out, counting its projects', () => {
    const answer = index().clusters(WORLD, 2);
    expect(answer.points).toHaveLength(0);
    const [cluster, ...rest] = clusterEntries(answer);
    expect(rest).toEqual([]);
    expect(cluster).toMatchObject({ count: 5, projects: 2 });
    // The centre lies among the points.
    expect(cluster?.lat).toBeGreaterThan(48);
    expect(cluster?.lat).toBeLessThan(53.6);
    expect(cluster?.lng).toBeGreaterThan(9.9);
    expect(cluster?.lng).toBeLessThan(13.5);
  });

  it('clusters the close points and leaves the distant ones single, by their index', () => {
    const answer = index().clusters(GERMANY, 10);
    const clusters = clusterEntries(answer);
    expect(clusters).toHaveLength(1);
    expect(clusters[0]).toMatchObject({ count: 3, projects: 1 });
    expect(clusters[0]?.lat).toBeCloseTo(48.1375, 2);
    expect(clusters[0]?.lng).toBeCloseTo(11.575, 2);
    expect(singles(answer)).toEqual([3, 4]);
  });

  it('answers only what lies in the bounding box', () => {
    const hamburg = index().clusters(HAMBURG, 10);
    expect(hamburg.clusters).toHaveLength(0);
    expect(singles(hamburg)).toEqual([3]);

    const munich = index().clusters(MUNICH, 10);
    expect(munich.points).toHaveLength(0);
    expect(clusterEntries(munich).map((c) => c.count)).toEqual([3]);

    const sea = index().clusters([0, 54, 5, 56], 10);
    expect(sea.clusters).toHaveLength(0);
    expect(sea.points).toHaveLength(0);
  });

  it('draws every point on its own above the clustering zoom', () => {
    const answer = index().clusters(WORLD, CLUSTER_MAX_ZOOM + 1);
    expect(answer.clusters).toHaveLength(0);
    expect(singles(answer)).toEqual([0, 1, 2, 3, 4]);
  });

  it('tells the zoom at which a cluster splits', () => {
    const idx = index();
    const [cluster] = clusterEntries(idx.clusters(MUNICH, 10));
    if (!cluster) throw new Error('no cluster');
    const zoom = idx.expansionZoom(cluster.id);
    expect(zoom).not.toBeNull();
    if (zoom === null) return;
    expect(zoom).toBeGreaterThan(10);
    expect(zoom).toBeLessThanOrEqual(CLUSTER_MAX_ZOOM + 1);
    // One zoom before it the three are still one cluster; at it they are drawn as several.
    const before = idx.clusters(MUNICH, zoom - 1);
    expect(clusterEntries(before).map((c) => c.count)).toEqual([3]);
    const at = idx.clusters(MUNICH, zoom);
    expect(clusterEntries(at).length + at.points.length).toBeGreaterThan(1);
  });

  it('answers null for a cluster it does not have', () => {
    expect(index().expansionZoom(123_456)).toBeNull();
    // A single point's index is no cluster either.
    expect(index().expansionZoom(3)).toBeNull();
  });

  it('answers nothing without points', () => {
    const empty = new ClusterIndex(toClusterPoints([]));
    const answer = empty.clusters(WORLD, 5);
    expect(answer.clusters).toHaveLength(0);
    expect(answer.points).toHaveLength(0);
  });
});

describe('createClusterHandler (the worker side)', () => {
  it('answers questions about the loaded generation and null about any other', () => {
    const handle = createClusterHandler();
    expect(handle({ type: 'clusters', id: 1, generation: 1, bbox: GERMANY, zoom: 10 })).toMatchObject({
      id: 1,
      answer: null,
    });
    expect(handle({ type: 'load', generation: 1, points: toClusterPoints(POINTS) })).toBeNull();

    const reply = handle({ type: 'clusters', id: 2, generation: 1, bbox: GERMANY, zoom: 10 }) as Extract<
      ClusterReply,
      { type: 'clusters' }
    >;
    expect(reply).toMatchObject({ type: 'clusters', id: 2, generation: 1 });
    if (!reply.answer) throw new Error('no answer');
    expect(singles(reply.answer)).toEqual([3, 4]);
    // The answer's buffers are moved to the main thread, not copied.
    expect(transferablesOf(reply)).toEqual([reply.answer.clusters.buffer, reply.answer.points.buffer]);

    const [cluster] = clusterEntries(reply.answer);
    const expansion = handle({
      type: 'expansionZoom',
      id: 3,
      generation: 1,
      clusterId: cluster?.id ?? -1,
    });
    expect(expansion).toMatchObject({ type: 'expansionZoom', id: 3 });
    expect((expansion as { zoom: number | null }).zoom).toBeGreaterThan(10);

    // A question from before a newer set was loaded is out of date.
    handle({ type: 'load', generation: 2, points: toClusterPoints(POINTS.slice(3)) });
    expect(handle({ type: 'clusters', id: 4, generation: 1, bbox: GERMANY, zoom: 10 })).toMatchObject({
      answer: null,
    });
    const fresh = handle({ type: 'clusters', id: 5, generation: 2, bbox: GERMANY, zoom: 10 });
    expect(fresh).toMatchObject({ generation: 2 });
    const answer = (fresh as { answer: ClusterAnswer }).answer;
    expect(singles(answer)).toEqual([0, 1]);
  });

  it('moves the point arrays of a load', () => {
    const points = toClusterPoints(POINTS);
    expect(transferablesOf({ type: 'load', generation: 1, points })).toEqual([
      points.lat.buffer,
      points.lng.buffer,
      points.hasProject.buffer,
    ]);
  });
});
