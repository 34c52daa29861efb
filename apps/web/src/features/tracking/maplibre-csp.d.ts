// MapLibre's CSP build: the same API as 'maplibre-gl', with its worker loaded from a same-origin file
// (the portal's Content-Security-Policy has script-src 'self', which refuses the default blob worker).
declare module 'maplibre-gl/dist/maplibre-gl-csp.js' {
  export * from 'maplibre-gl';
}
