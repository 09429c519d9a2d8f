import { act, cleanup } from '@testing-library/react';
import { Modal, message, notification } from 'antd';
import { afterAll, afterEach } from 'vitest';
import { moduleTexts } from '../modules/texts';
import { startI18n } from '../platform/i18n';

void startI18n(moduleTexts);

afterEach(async () => {
  cleanup();
  localStorage.clear();
  // antd's static messages, notifications and modals live outside what testing-library unmounts, and a
  // message closes on its own 3 s timer: gone with the test, they render nothing after the file's DOM
  await act(async () => {
    message.destroy();
    notification.destroy();
    Modal.destroyAll();
  });
});

// antd's closing animations (static modals, messages) end on timers and render once more: that last
// render must run before the file's DOM goes away, or React touches a window that no longer exists.
afterAll(async () => {
  await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
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
