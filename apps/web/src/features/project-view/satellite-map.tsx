import 'leaflet/dist/leaflet.css';
import { CONSTANTS } from '@solar/shared';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const ESRI_WORLD_IMAGERY =
  'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';

/**
 * A Leaflet map on Esri World Imagery at zoom 20 with a marker on the project. Loaded only when the
 * modal opens with coordinates, so Leaflet is not part of the project view's first load.
 */
export function SatelliteMap({ lat, long, label }: { lat: number; long: number; label: string }) {
  const { t } = useTranslation('projectView');
  const container = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, {
      center: [lat, long],
      zoom: CONSTANTS.mapZoom,
      maxZoom: CONSTANTS.mapZoom,
      attributionControl: true,
    });
    L.tileLayer(ESRI_WORLD_IMAGERY, {
      maxZoom: CONSTANTS.mapZoom,
      maxNativeZoom: 19,
      attribution: 'Tiles © Esri — Source: Esri, Maxar, Earthstar Geographics',
    }).addTo(map);
    // A vector marker: no image assets for the bundler to resolve.
    L.circleMarker([lat, long], {
      radius: 10,
      color: '#ffffff',
      weight: 3,
      fillColor: '#f59f00',
      fillOpacity: 1,
    })
      .bindTooltip(label)
      .addTo(map);
    // The modal animates in: keep the map's size in step with its box.
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      map.remove();
    };
  }, [lat, long, label]);

  return (
    // A named section (a region), not an image: the map holds controls of its own (zoom, panning).
    <section
      ref={container}
      aria-label={t('satellite.mapLabel', { address: label })}
      data-testid="satellite-map"
      style={{ height: 'min(60vh, 480px)', width: '100%', borderRadius: 8 }}
    />
  );
}
