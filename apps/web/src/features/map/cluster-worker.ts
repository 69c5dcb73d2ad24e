import { createClusterHandler } from './cluster-index';
import { type ClusterRequest, transferablesOf } from './cluster-protocol';

/**
 * The map's clustering off the main thread (issue 7: up to about 100,000 points): the index is built and
 * queried here, the map receives compact answers. Started by `use-cluster-worker.ts`.
 */

/** The worker's global scope (the app is typed against the DOM, not the worker library). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ClusterRequest>) => void) | null;
  postMessage: (message: unknown, transfer: Transferable[]) => void;
};

const handle = createClusterHandler();

scope.onmessage = (event) => {
  const reply = handle(event.data);
  if (reply) scope.postMessage(reply, transferablesOf(reply));
};
