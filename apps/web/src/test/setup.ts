import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetApiClient } from '../lib/api-client';
import { registerMessages } from '../lib/i18n';
import { vi } from '../lib/i18n/vi';

// Every catalogue up front, so a test renders in any language at once (the app fetches them lazily).
registerMessages('vi', vi);

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

afterEach(() => {
  window.sessionStorage.clear();
  resetApiClient();
});
