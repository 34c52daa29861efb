import { useEffect, type ComponentType } from 'react';
import { useT } from '../lib/i18n';
import { storage } from '../lib/storage';
import { RequireAccess } from './guards';
import type { RouteDef } from './routes';

function ScreenEffects({ route }: { route: RouteDef }) {
  const t = useT();
  const title = t(route.titleKey);
  const appName = t('app.name');

  useEffect(() => {
    if (route.selectedApp) storage.setSelectedApp(route.selectedApp);
  }, [route.selectedApp]);

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
