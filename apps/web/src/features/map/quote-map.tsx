import 'leaflet/dist/leaflet.css';
import { formatNumber, type Language, type MapPoint } from '@solar/shared';
import type { TFunction } from 'i18next';
import L from 'leaflet';
import { type ReactNode, type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { type BBox, CLUSTER_MAX_ZOOM, clusterEntries } from './cluster-protocol';
import classes from './quote-map.module.css';
import { QUOTE_COLOR, STAGE_COLORS } from './stage-colors';
import { type ClusterView, useClusterWorker } from './use-cluster-worker';
import type { MapView, ServerCluster } from './use-map-data';

/** SPEC §9: the map zooms to 20; OpenStreetMap serves tiles to 19, Leaflet scales them beyond. */
export const MAX_ZOOM = 20;
/** The zoom a focused point is shown at (always unclustered). */
export const POINT_ZOOM = CLUSTER_MAX_ZOOM + 1;
const GERMANY: L.LatLngTuple = [51.1657, 10.4515];

export interface QuoteMapHandle {
  flyTo: (lat: number, lng: number, zoom: number) => void;
  fitBounds: (bounds: L.LatLngBounds) => void;
  /** Shows a point on its own and opens its popup. */
  focusPoint: (point: MapPoint) => void;
}

export interface ServiceArea {
  lat: number;
  lng: number;
  radiusKm: number;
}

interface QuoteMapProps {
  ref?: Ref<QuoteMapHandle>;
  points: readonly MapPoint[];
  /** Clusters made by the server (a set larger than it sends as points), drawn beside the points. */
  serverClusters?: readonly ServerCluster[];
  /** Told the box and zoom the map shows after every move. */
  onViewChange?: (view: MapView) => void;
  serviceArea: ServiceArea | null;
  selected: MapPoint | null;
  onSelect: (point: MapPoint | null) => void;
  /** The selected point's popup body, rendered into the Leaflet popup. */
  popup: ReactNode;
  /** Overlays above the map (loading, empty and error states). */
  children?: ReactNode;
}

/** The area the points (or clusters) cover, or null without any. */
export function boundsOf(points: readonly { lat: number; long: number }[]): L.LatLngBounds | null {
  if (points.length === 0) return null;
  let minLat = 90;
  let maxLat = -90;
  let minLng = 180;
  let maxLng = -180;
  for (const p of points) {
    if (p.lat < minLat) minLat = p.lat;
    if (p.lat > maxLat) maxLat = p.lat;
    if (p.long < minLng) minLng = p.long;
    if (p.long > maxLng) maxLng = p.long;
  }
  return L.latLngBounds([minLat, minLng], [maxLat, maxLng]);
}

export function serviceAreaBounds(area: ServiceArea): L.LatLngBounds {
  return L.latLng(area.lat, area.lng).toBounds(area.radiusKm * 2000);
}

function clusterSize(count: number): number {
  if (count < 10) return 30;
  if (count < 100) return 36;
  if (count < 1000) return 44;
  return 52;
}

/** A cluster's marker: its count in a bubble sized by it, ringed when it holds the caller's projects. */
function clusterMarker(
  lat: number,
  lng: number,
  count: number,
  projects: number,
  lang: Language,
  tr: TFunction<['map', 'pipeline']>,
): L.Marker {
  const size = clusterSize(count);
  const label = formatNumber(count, lang);
  return L.marker([lat, lng], {
    icon: L.divIcon({
      className: `${classes.cluster} ${projects > 0 ? classes.clusterWithProjects : ''}`,
      html: `<span aria-hidden="true">${label}</span>`,
      iconSize: [size, size],
    }),
    keyboard: true,
    title: tr('map:marker.cluster', { n: label }),
  });
}

const NO_CLUSTERS: readonly ServerCluster[] = [];

function setAttributes(el: HTMLElement | undefined, attributes: Record<string, string>) {
  if (!el) return;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
}

/**
 * Names Leaflet's own buttons (zoom in and out, the popup's close) in the UI language: Leaflet names
 * them in English. The popup's button exists once the popup has been opened the first time.
 */
function nameLeafletButtons(container: HTMLElement, t: TFunction<['map', 'pipeline']>) {
  const names: [string, string][] = [
    ['.leaflet-control-zoom-in', t('map:zoomIn')],
    ['.leaflet-control-zoom-out', t('map:zoomOut')],
    ['.leaflet-popup-close-button', t('map:popup.close')],
  ];
  for (const [selector, name] of names) {
    for (const el of container.querySelectorAll<HTMLElement>(selector)) {
      setAttributes(el, { title: name, 'aria-label': name });
    }
  }
}

/** Rings the selected point's marker (toggled in place, so a focused marker keeps its focus). */
function markSelected(markers: Map<string, L.Marker>, selectedId: string | null) {
  const selectedKey = selectedId ? `p:${selectedId}:` : null;
  for (const [key, marker] of markers) {
    if (key.startsWith('p:')) {
      marker
        .getElement()
        ?.classList.toggle(
          classes.selected ?? 'selected',
          selectedKey !== null && key.startsWith(selectedKey),
        );
    }
  }
}

/**
 * Leaflet map of the caller's quotes, clustered in the browser with supercluster (in a Web Worker, see
 * use-cluster-worker.ts) for the visible bounds and zoom. The answers come asynchronously: only the one
 * for the latest view is drawn. Markers are diffed on every answer, so only what changed is touched;
 * tiles may fail (offline): the markers do not depend on them.
 */
export function QuoteMap({
  ref,
  points,
  serverClusters = NO_CLUSTERS,
  onViewChange,
  serviceArea,
  selected,
  onSelect,
  popup,
  children,
}: QuoteMapProps) {
  const { t, i18n } = useTranslation(['map', 'pipeline']);
  const language = i18n.language;
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const markersRef = useRef(new Map<string, L.Marker>());
  const popupRef = useRef<L.Popup | null>(null);
  const [popupElement] = useState(() => {
    const element = document.createElement('div');
    element.tabIndex = -1;
    element.style.outline = 'none';
    element.setAttribute('role', 'dialog');
    element.dataset.testid = 'map-popup';
    return element;
  });
  /** The marker that opened the popup from the keyboard, to return focus to. */
  const keyboardRef = useRef<HTMLElement | null>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const onViewChangeRef = useRef(onViewChange);
  onViewChangeRef.current = onViewChange;
  const serverClustersRef = useRef(serverClusters);
  serverClustersRef.current = serverClusters;
  const tRef = useRef(t);
  tRef.current = t;

  const clustering = useClusterWorker(points);

  const selectedId = selected?._id ?? null;
  const selectedIdRef = useRef(selectedId);
  selectedIdRef.current = selectedId;

  /** The number of the latest view asked for: only its answer is drawn. */
  const requestRef = useRef(0);
  /** The latest answer drawn, and its zoom (drawn again when the language changes). */
  const viewRef = useRef<{ view: ClusterView; zoom: number } | null>(null);

  /** Asks for the clusters and points of the visible area (slightly padded) and draws the answer. */
  const renderRef = useRef<() => void>(() => {});
  renderRef.current = () => {
    const map = mapRef.current;
    if (!map || !layerRef.current) return;
    const bounds = map.getBounds().pad(0.25);
    const bbox: BBox = [
      Math.max(-180, bounds.getWest()),
      Math.max(-85, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(85, bounds.getNorth()),
    ];
    const zoom = Math.round(map.getZoom());
    const shown = map.getBounds();
    onViewChangeRef.current?.({
      bbox: {
        minLat: Math.max(-90, shown.getSouth()),
        maxLat: Math.min(90, shown.getNorth()),
        minLng: Math.max(-180, shown.getWest()),
        maxLng: Math.min(180, shown.getEast()),
      },
      zoom,
    });
    const request = ++requestRef.current;
    // Whether the markers drawn are those of the view shown (for tests and screenshots).
    const container = map.getContainer();
    container.dataset.settled = 'false';
    void clustering.clusters(bbox, zoom).then((view) => {
      // A newer view was asked for meanwhile (or the points changed, or the map is gone): not drawn.
      if (!view || request !== requestRef.current || mapRef.current !== map) return;
      viewRef.current = { view, zoom };
      drawRef.current();
      container.dataset.settled = 'true';
    });
  };

  /** Draws the latest answer: markers are reused by key, the rest are added or removed. */
  const drawRef = useRef<() => void>(() => {});
  drawRef.current = () => {
    const map = mapRef.current;
    const layer = layerRef.current;
    const latest = viewRef.current;
    if (!map || !layer) return;
    const zoom = latest?.zoom ?? Math.round(map.getZoom());
    const lang = currentLanguage();
    const tr = tRef.current;
    const next = new Map<string, L.Marker>();
    const markers = markersRef.current;

    // The server's clusters: a click zooms in on one, and the server is asked for that part.
    for (const { lat, long, count, projects } of serverClustersRef.current) {
      const key = `s:${count}:${lat}:${long}`;
      const existing = markers.get(key);
      if (existing) {
        next.set(key, existing);
        continue;
      }
      const marker = clusterMarker(lat, long, count, projects, lang, tr);
      marker.on('click', () =>
        map.flyTo([lat, long], Math.min(map.getZoom() + 2, MAX_ZOOM), { duration: 0.4 }),
      );
      next.set(key, marker);
    }

    for (const cluster of latest ? clusterEntries(latest.view.answer) : []) {
      const { id: clusterId, lat, lng, count, projects } = cluster;
      // The position is part of the key: another point set may reuse an id for another cluster.
      const key = `c${zoom}:${clusterId}:${count}:${lat}:${lng}`;
      const existing = markers.get(key);
      if (existing) {
        next.set(key, existing);
        continue;
      }
      const marker = clusterMarker(lat, lng, count, projects, lang, tr);
      marker.on('click', () => {
        void clustering.expansionZoom(clusterId).then((expansion) => {
          if (mapRef.current !== map) return;
          const target = Math.min(expansion ?? 0, MAX_ZOOM);
          map.flyTo([lat, lng], Math.max(target, map.getZoom() + 1), { duration: 0.4 });
        });
      });
      next.set(key, marker);
    }

    for (const index of latest?.view.answer.points ?? []) {
      const point = latest?.view.points[index];
      if (!point) continue;
      const key = `p:${point._id}:${point.projectStatus ?? ''}`;
      const existing = markers.get(key);
      if (existing) {
        next.set(key, existing);
        continue;
      }
      const color = point.projectStatus ? STAGE_COLORS[point.projectStatus] : QUOTE_COLOR;
      // The address comes with the details when the point is opened (the map loads points only).
      const label = point.projectStatus
        ? tr('map:marker.project', { stage: tr(`pipeline:stage.${point.projectStatus}`) })
        : tr('map:marker.point');
      const marker = L.marker([point.lat, point.long], {
        icon: L.divIcon({
          className: classes.point,
          html: `<span style="display:block;width:100%;height:100%;border-radius:50%;background:${color}"></span>`,
          iconSize: [14, 14],
        }),
        keyboard: true,
        title: label,
        riseOnHover: true,
        zIndexOffset: point.projectStatus ? 500 : 0,
      });
      marker.on('click', (event: L.LeafletMouseEvent) => {
        // A real click (not Enter on the focused marker) leaves focus where the pointer put it.
        if (event.originalEvent) keyboardRef.current = null;
        onSelectRef.current(point);
      });
      next.set(key, marker);
    }

    for (const [key, marker] of markers) {
      if (!next.has(key)) layer.removeLayer(marker);
    }
    for (const [key, marker] of next) {
      if (markers.has(key)) continue;
      layer.addLayer(marker);
      const el = marker.getElement();
      const isCluster = key.startsWith('c') || key.startsWith('s');
      const title = marker.options.title ?? '';
      setAttributes(el, {
        'aria-label': title,
        'data-testid': isCluster ? 'map-cluster' : `map-point-${key.split(':')[1]}`,
      });
      // Enter and Space act like a click (Leaflet only makes the marker focusable).
      el?.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          event.stopPropagation();
          keyboardRef.current = el;
          marker.fire('click');
        }
      });
    }
    markersRef.current = next;
    // The selected point gets a ring.
    markSelected(next, selectedIdRef.current);
  };

  // The map itself: created once, removed on unmount.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, {
      center: GERMANY,
      zoom: 6,
      minZoom: 3,
      maxZoom: MAX_ZOOM,
      zoomSnap: 1,
    });
    L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
      maxZoom: MAX_ZOOM,
      maxNativeZoom: 19,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    }).addTo(map);
    layerRef.current = L.layerGroup().addTo(map);
    popupRef.current = L.popup({
      // A fixed width: content loaded later only grows the popup upwards (Leaflet anchors it at the bottom).
      minWidth: 260,
      maxWidth: 260,
      autoPanPadding: [24, 24],
      offset: [0, -4],
    }).setContent(popupElement);
    // A move drops the answers still on their way (they are for the view left); moveend asks anew.
    map.on('movestart', () => {
      requestRef.current += 1;
      container.dataset.settled = 'false';
    });
    map.on('moveend', () => renderRef.current());
    map.on('popupopen', () => nameLeafletButtons(container, tRef.current));
    map.on('popupclose', (event) => {
      if (event.popup !== popupRef.current) return;
      onSelectRef.current(null);
      // Opened from the keyboard: focus goes back to the marker, or to the marker drawn in its place
      // (a quote saved as a project gets a marker of the stage's colour), else to the map.
      const opener = keyboardRef.current;
      keyboardRef.current = null;
      if (!opener) return;
      const drawn = opener.isConnected
        ? opener
        : container.querySelector<HTMLElement>(`[data-testid="${opener.dataset.testid}"]`);
      (drawn ?? container).focus();
    });
    const onPopupKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && popupRef.current) map.closePopup(popupRef.current);
    };
    popupElement.addEventListener('keydown', onPopupKey);
    mapRef.current = map;
    nameLeafletButtons(container, tRef.current);
    renderRef.current();

    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(container);
    return () => {
      resize.disconnect();
      popupElement.removeEventListener('keydown', onPopupKey);
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
      popupRef.current = null;
      markersRef.current = new Map();
      viewRef.current = null;
    };
  }, [popupElement]);

  // New points: ask again (the client has sent them to the worker already: its effect runs first).
  // biome-ignore lint/correctness/useExhaustiveDependencies: renderRef reads the latest points
  useEffect(() => renderRef.current(), [points]);

  // The server's clusters of another part or zoom: drawn with the latest points.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawRef reads the latest clusters
  useEffect(() => drawRef.current(), [serverClusters]);

  // Another selection: the ring moves at once.
  useEffect(() => markSelected(markersRef.current, selectedId), [selectedId]);

  // Another language: the markers' labels change, so the latest answer is drawn anew.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the language changes
  useEffect(() => {
    layerRef.current?.clearLayers();
    markersRef.current = new Map();
    drawRef.current();
  }, [language]);

  useEffect(() => popupElement.setAttribute('aria-label', t('map:popup.label')), [popupElement, t]);
  useEffect(() => {
    if (containerRef.current) nameLeafletButtons(containerRef.current, t);
  }, [t]);

  // The service area as a dashed circle, only while zoomed out: at street level its outline would be a
  // path of hundreds of thousands of pixels (with as many dashes), which stalls the browser's rendering.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !serviceArea) return;
    const circle = L.circle([serviceArea.lat, serviceArea.lng], {
      radius: serviceArea.radiusKm * 1000,
      color: '#0c8599',
      weight: 2,
      dashArray: '6 6',
      fill: true,
      fillOpacity: 0.03,
      interactive: false,
    });
    const sync = () => {
      const metersPerPixel = 40_075_016 / 2 ** (map.getZoom() + 8);
      const radiusPx = (serviceArea.radiusKm * 1000) / metersPerPixel;
      if (radiusPx < 3000) circle.addTo(map);
      else circle.remove();
    };
    sync();
    map.on('zoomend', sync);
    return () => {
      map.off('zoomend', sync);
      circle.remove();
    };
  }, [serviceArea]);

  // The popup follows the selection.
  useEffect(() => {
    const map = mapRef.current;
    const leafletPopup = popupRef.current;
    if (!map || !leafletPopup) return;
    if (selected) {
      leafletPopup.setLatLng([selected.lat, selected.long]);
      if (!map.hasLayer(leafletPopup)) leafletPopup.openOn(map);
      // Opened from the keyboard: focus moves into the popup, so its actions are the next Tab stops.
      if (keyboardRef.current) popupElement.focus({ preventScroll: true });
    } else if (map.hasLayer(leafletPopup)) {
      map.closePopup(leafletPopup);
    }
  }, [selected, popupElement]);

  useImperativeHandle(
    ref,
    () => ({
      flyTo: (lat, lng, zoom) =>
        mapRef.current?.flyTo([lat, lng], Math.min(zoom, MAX_ZOOM), { duration: 0.8 }),
      fitBounds: (bounds) => mapRef.current?.fitBounds(bounds, { padding: [24, 24], maxZoom: 16 }),
      focusPoint: (point) => {
        mapRef.current?.setView([point.lat, point.long], POINT_ZOOM, { animate: false });
        onSelectRef.current(point);
      },
    }),
    [],
  );

  return (
    <div className={classes.frame}>
      <div
        ref={containerRef}
        className={classes.map}
        role="application"
        aria-label={t('map:mapLabel')}
        data-testid="quote-map"
      />
      {children}
      {createPortal(<div className={classes.popupBody}>{popup}</div>, popupElement)}
    </div>
  );
}
