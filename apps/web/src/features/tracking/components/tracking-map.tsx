/**
 * The tracking map (MapLibre GL, loaded only with this screen). It draws with no internet: the basemap is
 * Natural Earth's country shapes (world-atlas, served from this origin) with the market outlined, labels
 * use the browser's own fonts (no glyph server), and every point, route and store is a GeoJSON source.
 * A deployment can point the map at a real style with MAP_STYLE_URL (docs/tracking.md); the data layers
 * are then drawn over it, with OpenStreetMap's attribution.
 */
import { useEffect, useRef, useState } from 'react';
import * as maplibregl from 'maplibre-gl/dist/maplibre-gl-csp.js';
import type { GeoJSONSource, Map as MapLibreMap, StyleSpecification, MapLayerMouseEvent } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { FeatureCollection } from 'geojson';
import type { CountryCode, TrackingDay, TrackingSalesmanRow, TrackingStore } from '@fieldforce/contracts';
import { useT } from '../../../lib/i18n';
import { salesmenFeatures, STATUS_COLOURS } from '../tracking-rules';
import type { ReplayController } from '../replay';

maplibregl.setWorkerUrl(workerUrl);

/** ISO 3166 numeric codes (world-atlas ids) of the markets, for the outline. */
const MARKET_ISO: Record<CountryCode, string> = {
  id: '360',
  idic: '360',
  vn: '704',
  ph: '608',
  th: '764',
  pk: '586',
  bd: '050',
};

let basemap: Promise<FeatureCollection> | null = null;
/** Natural Earth 1:50m countries as GeoJSON (fetched once from this origin). */
function loadBasemap(): Promise<FeatureCollection> {
  basemap ??= fetch(countriesUrl)
    .then((r) => r.json() as Promise<Topology<{ countries: GeometryCollection }>>)
    .then((topo) => {
      const countries = feature(topo, topo.objects.countries) as FeatureCollection;
      // MapLibre keeps only numeric feature ids: the ISO code goes into the properties for the outline.
      for (const f of countries.features) f.properties = { ...f.properties, iso: String(f.id ?? '') };
      return countries;
    });
  return basemap;
}

/** OpenStreetMap's required attribution, as OSM asks for it (not translated), when a tile style is used. */
const OSM_ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

function offlineStyle(countries: FeatureCollection, market: CountryCode): StyleSpecification {
  return {
    version: 8,
    sources: { countries: { type: 'geojson', data: countries } },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': '#cfe3f1' } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': '#eef0eb' } },
      {
        id: 'market',
        type: 'fill',
        source: 'countries',
        filter: ['==', ['get', 'iso'], MARKET_ISO[market]],
        paint: { 'fill-color': '#fbfbf8' },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': '#9aa5b1', 'line-width': 0.8 },
      },
      {
        id: 'market-outline',
        type: 'line',
        source: 'countries',
        filter: ['==', ['get', 'iso'], MARKET_ISO[market]],
        paint: { 'line-color': '#475569', 'line-width': 1.6 },
      },
    ],
  };
}

export interface TrackingMapProps {
  market: CountryCode;
  /** A real style (MAP_STYLE_URL) instead of the offline basemap; undefined until the server said. */
  styleUrl: string | null | undefined;
  salesmen: readonly TrackingSalesmanRow[];
  /** The salesmen answer has come (an empty list then means no marker, not "not loaded yet"). */
  dataLoaded: boolean;
  stores: readonly TrackingStore[];
  showStores: boolean;
  selected: string | null;
  day: TrackingDay | null;
  replay: ReplayController | null;
  onSelect(smCode: string): void;
  label: string;
}

/** Adds the data sources and layers (after the style loaded, and again after a style change). */
function addDataLayers(map: MapLibreMap) {
  const add = (id: string, cluster = false) => {
    if (map.getSource(id)) return;
    map.addSource(id, {
      type: 'geojson',
      data: EMPTY,
      ...(cluster ? { cluster: true, clusterRadius: 44, clusterMaxZoom: 13 } : {}),
    });
  };
  add('stores');
  add('track');
  add('route');
  add('stops');
  add('visits');
  add('salesmen', true);
  add('selected');
  add('replay');
  map.addLayer({
    id: 'stores',
    type: 'circle',
    source: 'stores',
    paint: {
      'circle-radius': 5,
      'circle-color': ['case', ['get', 'visited'], '#15803d', '#ffffff'],
      'circle-stroke-color': ['case', ['==', ['get', 'verified'], false], '#b91c1c', '#334155'],
      'circle-stroke-width': 1.5,
    },
  });
  map.addLayer({
    id: 'track',
    type: 'line',
    source: 'track',
    paint: { 'line-color': '#64748b', 'line-width': 2, 'line-opacity': 0.6 },
  });
  map.addLayer({
    id: 'route',
    type: 'line',
    source: 'route',
    filter: ['==', ['geometry-type'], 'LineString'],
    paint: { 'line-color': '#1d4ed8', 'line-width': 3 },
  });
  map.addLayer({
    id: 'route-points',
    type: 'circle',
    source: 'route',
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': 4,
      'circle-color': '#1d4ed8',
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 1,
    },
  });
  map.addLayer({
    id: 'visits',
    type: 'circle',
    source: 'visits',
    paint: {
      'circle-radius': 7,
      'circle-color': ['match', ['get', 'check'], 'verified', '#15803d', 'not-visited', '#ffffff', '#b91c1c'],
      'circle-stroke-color': '#0f172a',
      'circle-stroke-width': 1.5,
    },
  });
  map.addLayer({
    id: 'stops',
    type: 'circle',
    source: 'stops',
    paint: {
      'circle-radius': 6,
      'circle-color': '#f59e0b',
      'circle-stroke-color': '#7c2d12',
      'circle-stroke-width': 1.5,
    },
  });
  map.addLayer({
    id: 'clusters',
    type: 'circle',
    source: 'salesmen',
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': '#334155',
      'circle-opacity': 0.9,
      'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 50, 24],
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: 'cluster-count',
    type: 'symbol',
    source: 'salesmen',
    filter: ['has', 'point_count'],
    layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-size': 13, 'text-allow-overlap': true },
    paint: { 'text-color': '#ffffff' },
  });
  map.addLayer({
    id: 'salesmen',
    type: 'circle',
    source: 'salesmen',
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-radius': 7,
      'circle-color': ['get', 'colour'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: 'selected',
    type: 'circle',
    source: 'selected',
    paint: {
      'circle-radius': 10,
      'circle-color': ['get', 'colour'],
      'circle-stroke-color': '#facc15',
      'circle-stroke-width': 4,
    },
  });
  map.addLayer({
    id: 'replay',
    type: 'circle',
    source: 'replay',
    paint: {
      'circle-radius': 9,
      'circle-color': '#dc2626',
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 3,
    },
  });
}

const setData = (map: MapLibreMap, id: string, data: FeatureCollection) =>
  (map.getSource(id) as GeoJSONSource | undefined)?.setData(data);

const points = (
  items: readonly { lat: number; lng: number }[],
  props: (i: number) => Record<string, unknown> = () => ({}),
) =>
  ({
    type: 'FeatureCollection',
    features: items.map((p, i) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      properties: props(i),
    })),
  }) as FeatureCollection;

function boundsOf(items: readonly { lat: number; lng: number }[]): maplibregl.LngLatBoundsLike | null {
  if (items.length === 0) return null;
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of items) {
    w = Math.min(w, p.lng);
    e = Math.max(e, p.lng);
    s = Math.min(s, p.lat);
    n = Math.max(n, p.lat);
  }
  return [
    [w, s],
    [e, n],
  ];
}

export function TrackingMap(props: TrackingMapProps) {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [rendered, setRendered] = useState({ salesmen: 0, routePoints: 0, drawn: false });
  // The salesmen answer has been handed to the map: the next idle frame shows it (data-drawn, for tests
  // and the bench's mapReady).
  const dataApplied = useRef(false);
  const onSelect = useRef(props.onSelect);
  onSelect.current = props.onSelect;
  const fitted = useRef<string>('');

  // Create the map once per market and style.
  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    const el = container.current;
    // Wait for the first answer: it says whether a deployment's style replaces the offline basemap.
    if (!el || props.styleUrl === undefined) return;
    void (async () => {
      const style = props.styleUrl ? props.styleUrl : offlineStyle(await loadBasemap(), props.market);
      if (cancelled) return;
      try {
        map = new maplibregl.Map({
          container: el,
          style,
          center: [106.7, 10.78],
          zoom: 5,
          attributionControl: props.styleUrl ? { compact: true, customAttribution: OSM_ATTRIBUTION } : false,
          // Keyboard panning and zooming stay on (MapLibre's default) for people without a mouse.
        });
      } catch {
        setFailed(true);
        return;
      }
      mapRef.current = map;
      map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
      map.on('load', () => {
        if (!map) return;
        addDataLayers(map);
        map.on('click', 'salesmen', (e: MapLayerMouseEvent) => {
          const sm = e.features?.[0]?.properties?.smCode as string | undefined;
          if (sm) onSelect.current(sm);
        });
        map.on('click', 'clusters', (e: MapLayerMouseEvent) => {
          const f = e.features?.[0];
          const id = f?.properties?.cluster_id as number | undefined;
          if (!f || id === undefined || !map) return;
          void (map.getSource('salesmen') as GeoJSONSource).getClusterExpansionZoom(id).then((zoom) => {
            const [lng, lat] = (f.geometry as unknown as { coordinates: [number, number] }).coordinates;
            map?.easeTo({ center: [lng, lat], zoom });
          });
        });
        for (const layer of ['salesmen', 'clusters']) {
          map.on('mouseenter', layer, () => map && (map.getCanvas().style.cursor = 'pointer'));
          map.on('mouseleave', layer, () => map && (map.getCanvas().style.cursor = ''));
        }
        map.on('idle', () => {
          if (!map) return;
          setRendered({
            salesmen:
              map.queryRenderedFeatures({ layers: ['salesmen', 'selected'] }).length +
              map
                .queryRenderedFeatures({ layers: ['clusters'] })
                .reduce((n, f) => n + Number(f.properties?.point_count ?? 0), 0),
            routePoints: map.queryRenderedFeatures({ layers: ['route-points'] }).length,
            drawn: dataApplied.current,
          });
        });
        setReady(true);
      });
    })();
    return () => {
      cancelled = true;
      setReady(false);
      map?.remove();
      mapRef.current = null;
      fitted.current = '';
    };
    // The map is rebuilt for another market or style only; data changes go through setData below.
  }, [props.market, props.styleUrl]);

  // Salesmen (clustered) and the selected one (never clustered).
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const inDay = props.day !== null;
    if (props.dataLoaded) dataApplied.current = true;
    setData(
      map,
      'salesmen',
      inDay ? EMPTY : (salesmenFeatures(props.salesmen, props.selected) as FeatureCollection),
    );
    const sel = props.salesmen.find((s) => s.smCode === props.selected && s.lat !== null);
    setData(
      map,
      'selected',
      sel && !inDay
        ? points([{ lat: sel.lat!, lng: sel.lng! }], () => ({ colour: STATUS_COLOURS[sel.status] }))
        : EMPTY,
    );
    setData(
      map,
      'stores',
      props.showStores && !inDay
        ? points(props.stores, (i) => ({
            visited: props.stores[i]!.visited,
            verified: props.stores[i]!.verified,
          }))
        : EMPTY,
    );
    if (!inDay) {
      const placed = props.salesmen.filter((s) => s.lat !== null).map((s) => ({ lat: s.lat!, lng: s.lng! }));
      const key = `all:${placed.length}:${props.market}`;
      const bounds = boundsOf(placed);
      if (bounds && fitted.current !== key) {
        fitted.current = key;
        map.fitBounds(bounds, { padding: 40, maxZoom: 14, duration: 0 });
      }
    }
  }, [
    ready,
    props.salesmen,
    props.stores,
    props.showStores,
    props.selected,
    props.day,
    props.market,
    props.dataLoaded,
  ]);

  // A salesman's day: track, 25-point route, visits, stops.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const day = props.day;
    if (!day) {
      for (const id of ['track', 'route', 'visits', 'stops', 'replay']) setData(map, id, EMPTY);
      return;
    }
    const line = (pts: readonly { lat: number; lng: number }[]) =>
      pts.length > 1
        ? [
            {
              type: 'Feature' as const,
              geometry: { type: 'LineString' as const, coordinates: pts.map((p) => [p.lng, p.lat]) },
              properties: {},
            },
          ]
        : [];
    setData(map, 'track', { type: 'FeatureCollection', features: line(day.track) });
    setData(map, 'route', {
      type: 'FeatureCollection',
      features: [
        ...line(day.route.points),
        ...points(day.route.points, (i) => ({ seq: day.route.points[i]!.seq })).features,
      ],
    });
    setData(
      map,
      'visits',
      points(day.visits, (i) => ({ check: day.visits[i]!.check })),
    );
    setData(map, 'stops', points(day.stops.filter((s) => s.outletCode === null)));
    const key = `day:${day.salesman.smCode}:${day.date}`;
    const bounds = boundsOf([...day.track, ...day.visits]);
    if (bounds && fitted.current !== key) {
      fitted.current = key;
      map.fitBounds(bounds, { padding: 48, maxZoom: 16, duration: 0 });
    }
  }, [ready, props.day]);

  // The replay marker, and the camera following it.
  useEffect(() => {
    const map = mapRef.current;
    const replay = props.replay;
    if (!ready || !map || !replay) return;
    return replay.onFrame((f) => {
      setData(map, 'replay', points([f]));
      if (f.follow && replay.playing) map.jumpTo({ center: [f.lng, f.lat] });
    });
  }, [ready, props.replay]);

  return (
    <div className="tracking-map">
      <div
        ref={container}
        className="tracking-map__canvas"
        role="region"
        aria-label={props.label}
        data-ready={ready ? 'true' : 'false'}
        data-rendered-salesmen={rendered.salesmen}
        data-rendered-route-points={rendered.routePoints}
        data-drawn={rendered.drawn ? 'true' : 'false'}
      />
      {failed && (
        <p className="tracking-map__failed" role="status">
          {t('tracking.mapUnavailable')}
        </p>
      )}
    </div>
  );
}
