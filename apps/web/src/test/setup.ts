import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetApiClient } from '../lib/api-client';
import { resetDeviceIdCache } from '../lib/device-id';
import { registerMessages } from '../lib/i18n';
import { en } from '../lib/i18n/en';
import { setActiveLanguage } from '../lib/i18n/locale-format';
import { vi } from '../lib/i18n/vi';
import { forgetMarketFlags } from '../lib/market-flags-snapshot';
import { useClientStore } from '../lib/store';
import { configureUsage } from '../lib/usage';

// findBy…/waitFor wait up to 5 s (Testing Library's default is 1 s), as Playwright's expect does: in
// a full run on 2 cores a re-render after a fetch took over a second (24 Nov), and the answer, not the
// wait, is what a test checks.
configure({ asyncUtilTimeout: 5_000 });

// Every catalogue up front, so a test renders in any language at once (the app fetches them lazily).
registerMessages('en', en);
registerMessages('vi', vi);

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// The files of a worker share the modules they load (vitest.config.ts: isolate false), so what the app
// keeps in a module goes back to how a page load finds it after every test: the client store, the API
// client, the usage queue, the known market flags, the device id and the formatters' language.
afterEach(() => {
  window.sessionStorage.clear();
  resetApiClient();
  useClientStore.setState(useClientStore.getInitialState(), true);
  configureUsage(null);
  forgetMarketFlags();
  resetDeviceIdCache();
  setActiveLanguage('en');
});
