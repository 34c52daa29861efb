import { useEffect, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../lib/i18n';
import { useMarketFlags } from '../lib/market-flags';
import { storage } from '../lib/storage';
import { track } from '../lib/usage';
import { RequireAccess } from './guards';
import type { RouteDef } from './routes';
import { screenEvent } from './screen-events';

function ScreenEffects({ route }: { route: RouteDef }) {
  const t = useT();
  const title = t(route.titleKey);
  const appName = t('app.name');
  // The selected market's flags from the server, on every screen (signed in): code outside React (usage
  // events, the API client's headers) reads the last answer.
  useMarketFlags();

  useEffect(() => {
    if (route.selectedApp) storage.setSelectedApp(route.selectedApp);
  }, [route.selectedApp]);

  // One usage event per screen opened (and per drill into details), not per sort or page change.
  const { search } = useLocation();
  const opened = screenEvent(route.id, new URLSearchParams(search));
  const openedKey = opened ? JSON.stringify(opened) : null;
  useEffect(() => {
    if (!openedKey) return;
    const { event, properties } = JSON.parse(openedKey) as NonNullable<typeof opened>;
    track(event, properties);
  }, [openedKey]);

  useEffect(() => {
    document.title = route.path === '/' ? appName : `${title} · ${appName}`;
  }, [route.path, title, appName]);

  return null;
}

/** One route of the table: its guard, then the screen's side effects and its lazily loaded page. */
export function RouteScreen({ route, Page }: { route: RouteDef; Page: ComponentType }) {
  return (
    <RequireAccess access={route.access}>
      <ScreenEffects route={route} />
      <Page />
    </RequireAccess>
  );
}
