import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import classes from './customer-request.module.css';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface PinMapHandle {
  /** Moves the view (animated unless the user prefers reduced motion). */
  flyTo: (point: LatLng, zoom: number) => void;
  /** The centre of the current view. */
  center: () => LatLng | null;
  focus: () => void;
}

interface PinMapProps {
  ref?: Ref<PinMapHandle>;
  pin: LatLng | null;
  onPinChange: (point: LatLng) => void;
  /** Accessible name of the map. */
  label: string;
  /** Title of the draggable marker. */
  markerTitle: string;
  zoomInTitle: string;
  zoomOutTitle: string;
  describedBy?: string;
  invalid?: boolean;
  /** Where the map opens (Germany by default). */
  initialView?: { center: LatLng; zoom: number };
  /** The container's test id. */
  testId?: string;
}

const GERMANY: L.LatLngTuple = [51.1657, 10.4515];
const MAX_ZOOM = 20;
const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Leaflet map where the household clicks its roof to set the pin (the marker can also be dragged). The
 * OpenStreetMap tiles are decoration: without them (offline, tests) clicking and dragging still work.
 * The container carries `data-center` and `data-zoom` once a move has ended.
 */
export function PinMap({
  ref,
  pin,
  onPinChange,
  label,
  markerTitle,
  zoomInTitle,
  zoomOutTitle,
  describedBy,
  invalid,
  initialView,
  testId = 'request-map',
}: PinMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const onPinChangeRef = useRef(onPinChange);
  onPinChangeRef.current = onPinChange;
  const initialViewRef = useRef(initialView);

  useImperativeHandle(ref, () => ({
    flyTo: (point, zoom) => {
      const map = mapRef.current;
      if (!map) return;
      if (prefersReducedMotion()) map.setView([point.lat, point.lng], zoom, { animate: false });
      else map.flyTo([point.lat, point.lng], zoom, { duration: 0.8 });
    },
    center: () => {
      const c = mapRef.current?.getCenter();
      return c ? { lat: c.lat, lng: c.lng } : null;
    },
    focus: () => containerRef.current?.focus(),
  }));

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const start = initialViewRef.current;
    const map = L.map(element, {
      center: start ? [start.center.lat, start.center.lng] : GERMANY,
      zoom: start?.zoom ?? 6,
      maxZoom: MAX_ZOOM,
      keyboard: true,
      zoomControl: false,
    });
    L.tileLayer(OSM_TILES, {
      maxZoom: MAX_ZOOM,
      maxNativeZoom: 19,
      attribution: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    }).addTo(map);
    map.on('click', (event: L.LeafletMouseEvent) =>
      onPinChangeRef.current({ lat: event.latlng.lat, lng: event.latlng.lng }),
    );
    const markView = () => {
      const c = map.getCenter();
      element.dataset.center = `${c.lat.toFixed(5)},${c.lng.toFixed(5)}`;
      element.dataset.zoom = String(map.getZoom());
    };
    map.on('moveend', markView);
    markView();
    mapRef.current = map;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, []);

  // Zoom buttons titled in the UI language.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const control = L.control.zoom({ zoomInTitle, zoomOutTitle }).addTo(map);
    return () => {
      control.remove();
    };
  }, [zoomInTitle, zoomOutTitle]);

  // The marker follows the pin; dragging it moves the pin.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!pin) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    if (!markerRef.current) {
      const marker = L.marker([pin.lat, pin.lng], {
        draggable: true,
        keyboard: true,
        title: markerTitle,
        alt: markerTitle,
        icon: L.divIcon({
          className: classes.pin,
          html: '<span></span>',
          iconSize: [28, 28],
          iconAnchor: [14, 28],
        }),
      });
      marker.on('dragend', () => {
        const at = marker.getLatLng();
        onPinChangeRef.current({ lat: at.lat, lng: at.lng });
      });
      marker.addTo(map);
      markerRef.current = marker;
    } else {
      markerRef.current.setLatLng([pin.lat, pin.lng]);
    }
    markerRef.current.getElement()?.setAttribute('data-testid', `${testId}-pin`);
  }, [pin, markerTitle, testId]);

  return (
    <div
      ref={containerRef}
      className={classes.map}
      role="application"
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      data-invalid={invalid || undefined}
      data-testid={testId}
    />
  );
}
