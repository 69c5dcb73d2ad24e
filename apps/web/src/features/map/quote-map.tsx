import 'leaflet/dist/leaflet.css';
import { formatNumber, type MapPoint } from '@solar/shared';
import L from 'leaflet';
import { type ReactNode, type Ref, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import Supercluster from 'supercluster';
import { currentLanguage } from '../../i18n';
import classes from './quote-map.module.css';
import { QUOTE_COLOR, STAGE_COLORS } from './stage-colors';

/** SPEC §9: the map zooms to 20; OpenStreetMap serves tiles to 19, Leaflet scales them beyond. */
export const MAX_ZOOM = 20;
/** Above this zoom every point is drawn on its own. */
const CLUSTER_MAX_ZOOM = 17;
/** The zoom a focused point is shown at (always unclustered). */
export const POINT_ZOOM = CLUSTER_MAX_ZOOM + 1;
const GERMANY: L.LatLngTuple = [51.1657, 10.4515];

type PointProps = { point: MapPoint };
type ClusterProps = { projects: number };

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
  serviceArea: ServiceArea | null;
  selected: MapPoint | null;
  onSelect: (point: MapPoint | null) => void;
  /** The selected point's popup body, rendered into the Leaflet popup. */
  popup: ReactNode;
  /** Overlays above the map (loading, empty and error states). */
  children?: ReactNode;
}

/** The area the points cover, or null without points. */
export function boundsOf(points: readonly MapPoint[]): L.LatLngBounds | null {
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

function setAttributes(el: HTMLElement | undefined, attributes: Record<string, string>) {
  if (!el) return;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
}

/**
 * Leaflet map of the caller's quotes, clustered in the browser with supercluster for the visible bounds
 * and zoom. Markers are diffed on every move, so only what changed is touched; tiles may fail (offline):
 * the markers do not depend on them.
 */
export function QuoteMap({ ref, points, serviceArea, selected, onSelect, popup, children }: QuoteMapProps) {
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
  const tRef = useRef(t);
  tRef.current = t;

  const index = useMemo(() => {
    const cluster = new Supercluster<PointProps, ClusterProps>({
      // Leaflet's tiles are 256 px: with that extent the radius is in screen pixels. 64 px keeps the
      // largest bubbles (52 px and their ring) from covering each other.
      extent: 256,
      radius: 64,
      maxZoom: CLUSTER_MAX_ZOOM,
      map: (props) => ({ projects: props.point.projectStatus ? 1 : 0 }),
      reduce: (acc, props) => {
        acc.projects += props.projects;
      },
    });
    cluster.load(
      points.map((point) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [point.long, point.lat] },
        properties: { point },
      })),
    );
    return cluster;
  }, [points]);
  const indexRef = useRef(index);
  indexRef.current = index;

  const selectedId = selected?._id ?? null;
  const selectedIdRef = useRef(selectedId);
  selectedIdRef.current = selectedId;

  /** Redraws the clusters and points of the visible area (slightly padded). */
  const renderRef = useRef<() => void>(() => {});
  renderRef.current = () => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    const bounds = map.getBounds().pad(0.25);
    const bbox: [number, number, number, number] = [
      Math.max(-180, bounds.getWest()),
      Math.max(-85, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(85, bounds.getNorth()),
    ];
    const zoom = Math.round(map.getZoom());
    const features = indexRef.current.getClusters(bbox, zoom);
    const lang = currentLanguage();
    const tr = tRef.current;
    const next = new Map<string, L.Marker>();
    const markers = markersRef.current;

    for (const feature of features) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties;
      if ('cluster' in props && props.cluster) {
        const count = props.point_count;
        const clusterId = props.cluster_id;
        const key = `c${zoom}:${clusterId}:${count}`;
        const existing = markers.get(key);
        if (existing) {
          next.set(key, existing);
          continue;
        }
        const size = clusterSize(count);
        const label = formatNumber(count, lang);
        const marker = L.marker([lat, lng], {
          icon: L.divIcon({
            className: `${classes.cluster} ${props.projects > 0 ? classes.clusterWithProjects : ''}`,
            html: `<span aria-hidden="true">${label}</span>`,
            iconSize: [size, size],
          }),
          keyboard: true,
          title: tr('map:marker.cluster', { n: label }),
        });
        marker.on('click', () => {
          const target = Math.min(indexRef.current.getClusterExpansionZoom(clusterId), MAX_ZOOM);
          map.flyTo([lat, lng], Math.max(target, map.getZoom() + 1), { duration: 0.4 });
        });
        next.set(key, marker);
      } else {
        const point = (props as PointProps).point;
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
        const marker = L.marker([lat, lng], {
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
    }

    for (const [key, marker] of markers) {
      if (!next.has(key)) layer.removeLayer(marker);
    }
    for (const [key, marker] of next) {
      if (markers.has(key)) continue;
      layer.addLayer(marker);
      const el = marker.getElement();
      const isCluster = key.startsWith('c');
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
    // The selected point gets a ring (toggled in place, so a focused marker keeps its focus).
    const selectedKey = selectedIdRef.current ? `p:${selectedIdRef.current}:` : null;
    for (const [key, marker] of next) {
      if (key.startsWith('p:')) {
        marker
          .getElement()
          ?.classList.toggle(
            classes.selected ?? 'selected',
            selectedKey !== null && key.startsWith(selectedKey),
          );
      }
    }
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
    map.on('moveend', () => renderRef.current());
    map.on('popupclose', (event) => {
      if (event.popup !== popupRef.current) return;
      onSelectRef.current(null);
      // Opened from the keyboard: focus goes back to the marker (if it is still drawn).
      const opener = keyboardRef.current;
      keyboardRef.current = null;
      if (opener?.isConnected) opener.focus();
    });
    const onPopupKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && popupRef.current) map.closePopup(popupRef.current);
    };
    popupElement.addEventListener('keydown', onPopupKey);
    mapRef.current = map;
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
    };
  }, [popupElement]);

  // New points or another selection: redraw.
  // biome-ignore lint/correctness/useExhaustiveDependencies: renderRef reads the latest index and selection
  useEffect(() => renderRef.current(), [index, selectedId]);

  // Another language: the markers' labels change, so they are drawn anew.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the language changes
  useEffect(() => {
    layerRef.current?.clearLayers();
    markersRef.current = new Map();
    renderRef.current();
  }, [language]);

  useEffect(() => popupElement.setAttribute('aria-label', t('map:popup.label')), [popupElement, t]);

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
