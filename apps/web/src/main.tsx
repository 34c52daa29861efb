import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { configureApiClient } from './lib/api-client';
import { initialLanguage, loadLanguage } from './lib/i18n';
import { startUsageFlushOnHide } from './lib/usage';
import './styles.css';

// frame-guard.js normally sets this; repeated here in case that script failed to load.
if (window.top === window.self) document.documentElement.classList.add('is-top-level');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();
// The API client's session rules go to /login without reloading the page.
configureApiClient({ navigate: (path) => void router.navigate(path, { replace: true }) });

// Usage events still queued go out when the page is hidden or left.
startUsageFlushOnHide();

// The service worker (public/sw.js) caches the app shell and assets of a built app; not in
// development, where files change under it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .catch((error: unknown) => console.warn('service worker', error));
  });
}

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
// Only English is in the first download; a reader who chose another language gets its catalogue
// before the first paint (if it cannot be fetched, the app starts in English and tries again).
void loadLanguage(initialLanguage()).then(render, render);
