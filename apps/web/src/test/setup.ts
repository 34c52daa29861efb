import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetApiClient } from '../lib/api-client';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

afterEach(() => {
  window.sessionStorage.clear();
  resetApiClient();
});
