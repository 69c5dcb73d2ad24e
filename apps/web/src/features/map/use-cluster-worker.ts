import type { MapPoint } from '@solar/shared';
import { useEffect, useState } from 'react';
import {
  type BBox,
  type ClusterAnswer,
  type ClusterReply,
  type ClusterRequest,
  toClusterPoints,
  transferablesOf,
} from './cluster-protocol';

/** An answer for a view, with the point set its single-point indexes refer to. */
export interface ClusterView {
  answer: ClusterAnswer;
  points: readonly MapPoint[];
  generation: number;
}

/** Where the questions go: the worker, or the same code in this thread. */
interface Port {
  post: (message: ClusterRequest) => void;
  close: () => void;
}

type Pending = { message: ClusterRequest; resolve: (reply: ClusterReply | null) => void };

/** The clustering worker (Vite bundles `cluster-worker.ts` with supercluster as a chunk of its own). */
function workerPort(onReply: (reply: ClusterReply) => void, onError: () => void): Port | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./cluster-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  worker.onmessage = (event: MessageEvent<ClusterReply>) => onReply(event.data);
  // The script did not load (or broke): the client carries on in this thread.
  worker.onerror = (event) => {
    event.preventDefault();
    onError();
  };
  return {
    post: (message) => worker.postMessage(message, transferablesOf(message)),
    close: () => worker.terminate(),
  };
}

/** The same clustering in this thread, loaded on demand (where there is no `Worker`, or it failed). */
function localPort(onReply: (reply: ClusterReply) => void): Port {
  let closed = false;
  let queue = import('./cluster-index').then((m) => m.createClusterHandler());
  return {
    post: (message) => {
      queue = queue.then((handle) => {
        const reply = handle(message);
        if (reply && !closed) onReply(reply);
        return handle;
      });
    },
    close: () => {
      closed = true;
    },
  };
}

/**
 * The map's client of the clustering worker. `setPoints` sends a point set (as transferable typed arrays,
 * numbered by a generation); `clusters` and `expansionZoom` ask about the current set and resolve with
 * null when the set changed before the answer came (or the client was disposed). Where `Worker` is
 * missing, or the worker fails to start, the same code runs in this thread.
 */
export class ClusterClient {
  private port: Port | null = null;
  private inThread = false;
  private points: readonly MapPoint[] = [];
  private generation = 0;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** Sends a new point set to the clustering (nothing when it is the current one). */
  setPoints(points: readonly MapPoint[]): void {
    const same = points === this.points || (points.length === 0 && this.points.length === 0);
    if (!same) {
      this.points = points;
      this.generation++;
    }
    if (this.port) {
      if (!same) this.port.post(this.loadMessage());
    } else if (this.points.length > 0) {
      this.ensurePort();
    }
  }

  /** The clusters and single points of a view; null when the answer is out of date. */
  async clusters(bbox: BBox, zoom: number): Promise<ClusterView | null> {
    const points = this.points;
    const generation = this.generation;
    if (points.length === 0) {
      return { answer: { clusters: new Float64Array(0), points: new Uint32Array(0) }, points, generation };
    }
    const reply = await this.ask({ type: 'clusters', id: this.nextId++, generation, bbox, zoom });
    if (reply?.type !== 'clusters' || !reply.answer || generation !== this.generation) return null;
    return { answer: reply.answer, points, generation };
  }

  /** The zoom at which a cluster of the current set splits; null when unknown. */
  async expansionZoom(clusterId: number): Promise<number | null> {
    if (this.points.length === 0) return null;
    const reply = await this.ask({
      type: 'expansionZoom',
      id: this.nextId++,
      generation: this.generation,
      clusterId,
    });
    return reply?.type === 'expansionZoom' && reply.generation === this.generation ? reply.zoom : null;
  }

  /** Ends the worker; open questions resolve with null. A later question starts a new one. */
  dispose(): void {
    this.port?.close();
    this.port = null;
    for (const { resolve } of this.pending.values()) resolve(null);
    this.pending.clear();
  }

  /** Whether the clustering runs in a worker (false before the first point set, or in the thread). */
  get usesWorker(): boolean {
    return this.port !== null && !this.inThread;
  }

  private loadMessage(): ClusterRequest {
    return { type: 'load', generation: this.generation, points: toClusterPoints(this.points) };
  }

  private ask(message: ClusterRequest & { id: number }): Promise<ClusterReply | null> {
    return new Promise((resolve) => {
      this.pending.set(message.id, { message, resolve });
      this.ensurePort().post(message);
    });
  }

  /** The port, started (with the current point set) when there is none. */
  private ensurePort(): Port {
    if (!this.port) {
      const onReply = (reply: ClusterReply) => {
        const pending = this.pending.get(reply.id);
        if (!pending) return;
        this.pending.delete(reply.id);
        pending.resolve(reply);
      };
      // Only the current worker's failure counts (a disposed one's may still arrive).
      const worker: Port | null = this.inThread
        ? null
        : workerPort(onReply, () => {
            if (this.port === worker) this.fallBack();
          });
      this.inThread = worker === null;
      this.port = worker ?? localPort(onReply);
      this.port.post(this.loadMessage());
    }
    return this.port;
  }

  /** The worker failed: its questions are asked again in this thread. */
  private fallBack(): void {
    this.port?.close();
    this.port = null;
    this.inThread = true;
    const port = this.ensurePort();
    for (const { message } of this.pending.values()) {
      if (message.type !== 'load') port.post(message);
    }
  }
}

/** A clustering client for the map's points; its worker ends with the component. */
export function useClusterWorker(points: readonly MapPoint[]): ClusterClient {
  const [client] = useState(() => new ClusterClient());
  useEffect(() => client.setPoints(points), [client, points]);
  useEffect(() => () => client.dispose(), [client]);
  return client;
}
