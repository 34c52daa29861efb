import { useRouteError } from 'react-router';
import { useEffect } from 'react';
import { useT } from '../lib/i18n';

/** Last resort for an error outside a screen's own boundary. */
export function RouteErrorPage() {
  const t = useT();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main id="main" className="app__main">
      <div className="load-error" role="alert">
        <h1 className="load-error__title">{t('error.generic.title')}</h1>
        <p>{t('error.generic.body')}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('error.generic.reload')}
        </button>
      </div>
    </main>
  );
}
