import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../platform/i18n';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// antd's responsive helpers ask for media queries
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
