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

/**
 * The timers a file's components leave behind, so they end with the file as they would with a closed page.
 * React renders on Node's own `setImmediate`, which happy-dom neither tracks nor cancels: a closing
 * animation's timer that fired after the file would render into a window that no longer exists, and throw
 * "window is not defined" into no test at all.
 */
const pendingTimers = new Set<ReturnType<typeof setTimeout>>();
const nodeSetTimeout = globalThis.setTimeout;
const nodeSetInterval = globalThis.setInterval;
const nodeClearTimeout = globalThis.clearTimeout;
const nodeClearInterval = globalThis.clearInterval;
globalThis.setTimeout = ((run: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const timer = nodeSetTimeout(() => {
    pendingTimers.delete(timer);
    run(...args);
  }, ms);
  pendingTimers.add(timer);
  return timer;
}) as typeof setTimeout;
globalThis.setInterval = ((run: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const timer = nodeSetInterval(run, ms, ...args);
  pendingTimers.add(timer);
  return timer;
}) as typeof setInterval;
globalThis.clearTimeout = ((timer?: ReturnType<typeof setTimeout>) => {
  if (timer !== undefined) pendingTimers.delete(timer);
  nodeClearTimeout(timer);
}) as typeof clearTimeout;
globalThis.clearInterval = ((timer?: ReturnType<typeof setInterval>) => {
  if (timer !== undefined) pendingTimers.delete(timer);
  nodeClearInterval(timer);
}) as typeof clearInterval;

afterAll(async () => {
  for (const timer of pendingTimers) nodeClearTimeout(timer);
  pendingTimers.clear();
  // what React had already scheduled runs now, while the window still exists
  for (let round = 0; round < 10; round++) await new Promise((resolve) => setImmediate(resolve));
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
