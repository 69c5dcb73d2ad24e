import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import {
  type BBox,
  CLUSTER_MAX_ZOOM,
  CLUSTER_STRIDE,
  type ClusterAnswer,
  type ClusterPoints,
  type ClusterReply,
  type ClusterRequest,
} from './cluster-protocol';

/**
 * The map's clustering, free of React, Leaflet and workers: `cluster-worker.ts` runs it off the main
 * thread, `use-cluster-worker.ts` runs it in the thread where there is no `Worker` (unit tests).
 */

type PointProps = { i: number; p: number };
type ClusterProps = { projects: number };

const isCluster = (
  props: PointProps | (ClusterProperties & ClusterProps),
): props is ClusterProperties & ClusterProps => 'cluster' in props && props.cluster;

/** A supercluster index over parallel arrays, answering in the compact form. */
export class ClusterIndex {
  private readonly index: Supercluster<PointProps, ClusterProps>;
  readonly size: number;

  constructor({ lat, lng, hasProject }: ClusterPoints) {
    this.size = lat.length;
    this.index = new Supercluster<PointProps, ClusterProps>({
      // Leaflet's tiles are 256 px: with that extent the radius is in screen pixels. 64 px keeps the
      // largest bubbles (52 px and their ring) from covering each other.
      extent: 256,
      radius: 64,
      maxZoom: CLUSTER_MAX_ZOOM,
      map: (props) => ({ projects: props.p }),
      reduce: (acc, props) => {
        acc.projects += props.projects;
      },
    });
    const features: PointFeature<PointProps>[] = new Array(this.size);
    for (let i = 0; i < this.size; i++) {
      features[i] = {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [lng[i] as number, lat[i] as number] },
        properties: { i, p: hasProject[i] ? 1 : 0 },
      };
    }
    this.index.load(features);
  }

  /** The clusters and single points within `bbox` at `zoom` (rounded down to a whole zoom). */
  clusters(bbox: BBox, zoom: number): ClusterAnswer {
    const features = this.size === 0 ? [] : this.index.getClusters(bbox, zoom);
    let clusterCount = 0;
    for (const f of features) if (isCluster(f.properties)) clusterCount++;
    const clusters = new Float64Array(clusterCount * CLUSTER_STRIDE);
    const points = new Uint32Array(features.length - clusterCount);
    let c = 0;
    let p = 0;
    for (const feature of features) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties;
      if (isCluster(props)) {
        clusters.set([props.cluster_id, lat, lng, props.point_count, props.projects], c);
        c += CLUSTER_STRIDE;
      } else {
        points[p++] = props.i;
      }
    }
    return { clusters, points };
  }

  /** The zoom at which the cluster splits, or null when this index has no such cluster. */
  expansionZoom(clusterId: number): number | null {
    try {
      // getChildren throws for an id that is no cluster of this index (getClusterExpansionZoom may not).
      this.index.getChildren(clusterId);
      return this.index.getClusterExpansionZoom(clusterId);
    } catch {
      return null;
    }
  }
}

/**
 * The clustering's side of the protocol: loads point sets and answers questions about the loaded one (a
 * question about another generation gets null). Never throws: a failure is answered with null.
 */
export function createClusterHandler(): (message: ClusterRequest) => ClusterReply | null {
  let index: ClusterIndex | null = null;
  let generation = -1;
  return (message) => {
    if (message.type === 'load') {
      generation = message.generation;
      try {
        index = new ClusterIndex(message.points);
      } catch {
        index = null;
      }
      return null;
    }
    const current = message.generation === generation ? index : null;
    if (message.type === 'clusters') {
      let answer: ClusterAnswer | null = null;
      try {
        answer = current ? current.clusters(message.bbox, message.zoom) : null;
      } catch {
        answer = null;
      }
      return { type: 'clusters', id: message.id, generation: message.generation, answer };
    }
    return {
      type: 'expansionZoom',
      id: message.id,
      generation: message.generation,
      zoom: current ? current.expansionZoom(message.clusterId) : null,
    };
  };
}
