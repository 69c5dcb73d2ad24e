import type { MapPoint } from '@solar/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClusterHandler } from './cluster-index';
import { type BBox, type ClusterRequest, clusterEntries } from './cluster-protocol';
import { ClusterClient } from './use-cluster-worker';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const POINTS: MapPoint[] = [
  { _id: id(1), lat: 48.137, long: 11.575, projectStatus: null },
  { _id: id(2), lat: 48.138, long: 11.576, projectStatus: 'ACQUISITION' },
  { _id: id(3), lat: 48.1375, long: 11.5745, projectStatus: null },
  { _id: id(4), lat: 53.551, long: 9.993, projectStatus: null },
  { _id: id(5), lat: 52.52, long: 13.405, projectStatus: 'OFFER_PROVIDED' },
];
const GERMANY: BBox = [5, 47, 16, 55.5];

/**
 * A stand-in for the browser's Worker: runs the real handler asynchronously and records what was
 * posted (with the transfer lists), or fails to start when `broken`.
 */
class FakeWorker {
  static instances: FakeWorker[] = [];
  static broken = false;
  readonly posted: { message: ClusterRequest; transfer: Transferable[] }[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { preventDefault: () => void }) => void) | null = null;
  terminated = false;
  private readonly handle = createClusterHandler();

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.instances.push(this);
    if (FakeWorker.broken) setTimeout(() => this.onerror?.({ preventDefault: () => {} }), 0);
  }

  postMessage(message: ClusterRequest, transfer: Transferable[]) {
    this.posted.push({ message, transfer });
    if (FakeWorker.broken) return;
    setTimeout(() => {
      const reply = this.handle(message);
      if (reply && !this.terminated) this.onmessage?.({ data: reply });
    }, 0);
  }

  terminate() {
    this.terminated = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.instances = [];
  FakeWorker.broken = false;
});

describe('ClusterClient without Worker (in the thread)', () => {
  it('answers with the point set its single-point indexes refer to', async () => {
    expect(typeof Worker).toBe('undefined');
    const client = new ClusterClient();
    client.setPoints(POINTS);
    const view = await client.clusters(GERMANY, 10);
    expect(client.usesWorker).toBe(false);
    if (!view) throw new Error('no answer');
    expect(view.points).toBe(POINTS);
    expect([...view.answer.points].map((i) => view.points[i]?._id).sort()).toEqual([id(4), id(5)]);
    const [cluster] = clusterEntries(view.answer);
    expect(cluster).toMatchObject({ count: 3, projects: 1 });
    expect(await client.expansionZoom(cluster?.id ?? -1)).toBeGreaterThan(10);
    client.dispose();
  });

  it('answers null when the points changed before the answer came', async () => {
    const client = new ClusterClient();
    client.setPoints(POINTS);
    const stale = client.clusters(GERMANY, 10);
    const next = POINTS.slice(3);
    client.setPoints(next);
    const fresh = client.clusters(GERMANY, 10);
    expect(await stale).toBeNull();
    const view = await fresh;
    expect(view?.points).toBe(next);
    expect([...(view?.answer.points ?? [])].sort()).toEqual([0, 1]);
    client.dispose();
  });

  it('answers at once, with nothing, without points', async () => {
    const client = new ClusterClient();
    client.setPoints([]);
    const view = await client.clusters(GERMANY, 10);
    expect(view?.answer.clusters).toHaveLength(0);
    expect(view?.answer.points).toHaveLength(0);
    expect(await client.expansionZoom(1)).toBeNull();
  });
});

describe('ClusterClient with a Worker', () => {
  it('starts the cluster worker as a module and moves the points to it as typed arrays', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const client = new ClusterClient();
    client.setPoints(POINTS);
    const [worker] = FakeWorker.instances;
    if (!worker) throw new Error('no worker started');
    expect(worker.url.pathname).toMatch(/cluster-worker\.ts$/);
    expect(worker.options).toEqual({ type: 'module' });

    const load = worker.posted[0];
    expect(load?.message.type).toBe('load');
    if (load?.message.type !== 'load') return;
    expect(load.message.points.lat).toBeInstanceOf(Float64Array);
    expect(load.transfer).toEqual([
      load.message.points.lat.buffer,
      load.message.points.lng.buffer,
      load.message.points.hasProject.buffer,
    ]);

    const view = await client.clusters(GERMANY, 10);
    expect(client.usesWorker).toBe(true);
    expect(worker.posted.map((p) => p.message.type)).toEqual(['load', 'clusters']);
    expect(
      clusterEntries(view?.answer ?? { clusters: new Float64Array(), points: new Uint32Array() }),
    ).toEqual([expect.objectContaining({ count: 3, projects: 1 })]);

    // The same points again: nothing is sent.
    client.setPoints(POINTS);
    expect(worker.posted).toHaveLength(2);

    // Disposing ends the worker and settles what is still open.
    const open = client.clusters(GERMANY, 10);
    client.dispose();
    expect(worker.terminated).toBe(true);
    expect(await open).toBeNull();

    // Asked again (React's development remount), it starts a new worker with the current points.
    const again = await client.clusters(GERMANY, 10);
    expect(FakeWorker.instances).toHaveLength(2);
    expect(FakeWorker.instances[1]?.posted.map((p) => p.message.type)).toEqual(['load', 'clusters']);
    expect(again?.answer.points).toHaveLength(2);
    client.dispose();
  });

  it('carries on in the thread when the worker fails to start', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.broken = true;
    const client = new ClusterClient();
    client.setPoints(POINTS);
    const view = await client.clusters(GERMANY, 10);
    expect(FakeWorker.instances[0]?.terminated).toBe(true);
    expect(client.usesWorker).toBe(false);
    expect(
      clusterEntries(view?.answer ?? { clusters: new Float64Array(), points: new Uint32Array() }),
    ).toEqual([expect.objectContaining({ count: 3 })]);
    client.dispose();
  });
});
