import { act, cleanup } from '@testing-library/react';
import { ConfigProvider, Modal, message, notification } from 'antd';
import { createElement } from 'react';
import { afterAll, afterEach } from 'vitest';
import { moduleTexts } from '../modules/texts';
import { currentLang, setLang, startI18n } from '../platform/i18n';
import { unbindNotify } from '../platform/notify';

void startI18n(moduleTexts);
// Files share a worker's modules (isolation is off, web/vitest.config.ts): each starts as the app does,
// in Chinese, with the static message and dialog functions, whatever the file before it bound or chose.
unbindNotify();
if (currentLang() !== 'zh-CN') await setLang('zh-CN');
localStorage.clear();

// antd's static dialogs and messages close without animating: their nodes leave the shared document
// (isolation is off, web/vitest.config.ts) when they close, not after a transition happy-dom never ends.
ConfigProvider.config({ holderRender: (children) => createElement(ConfigProvider, { theme: { token: { motion: false } } }, children) });

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
 * The timers a file's components leave behind end with the file, as they would with a closed page.
 * React renders on Node's own `setImmediate`, which happy-dom neither tracks nor cancels: a timer that
 * fired after the file would render into a window that no longer exists, and throw "window is not
 * defined" into no test at all. Files share a worker's document (isolation is off, web/vitest.config.ts),
 * so a closing animation must also finish within its file: the short timers (antd's motion deadlines
 * remove a closed dialog's or message's nodes) run at the file's end; the others are cancelled.
 */
const SHORT_TIMER_MS = 1_000;
interface TimerTracking {
  pending: Map<ReturnType<typeof setTimeout>, { run: () => void; short: boolean; repeats: boolean }>;
  clearTimeout: typeof clearTimeout;
}
const tracking = globalThis as typeof globalThis & { testTimers?: TimerTracking };
// The setup runs again before every file of a worker: the timer functions are wrapped once.
if (!tracking.testTimers) {
  const pending: TimerTracking['pending'] = new Map();
  const nodeSetTimeout = globalThis.setTimeout;
  const nodeSetInterval = globalThis.setInterval;
  const nodeClearTimeout = globalThis.clearTimeout;
  const nodeClearInterval = globalThis.clearInterval;
  tracking.testTimers = { pending, clearTimeout: nodeClearTimeout };
  globalThis.setTimeout = ((run: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = nodeSetTimeout(() => {
      pending.delete(timer);
      run(...args);
    }, ms);
    pending.set(timer, { run: () => run(...args), short: (ms ?? 0) <= SHORT_TIMER_MS, repeats: false });
    return timer;
  }) as typeof setTimeout;
  globalThis.setInterval = ((run: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = nodeSetInterval(run, ms, ...args);
    pending.set(timer, { run: () => undefined, short: false, repeats: true });
    return timer;
  }) as typeof setInterval;
  globalThis.clearTimeout = ((timer?: ReturnType<typeof setTimeout>) => {
    if (timer !== undefined) pending.delete(timer);
    nodeClearTimeout(timer);
  }) as typeof clearTimeout;
  globalThis.clearInterval = ((timer?: ReturnType<typeof setInterval>) => {
    if (timer !== undefined) pending.delete(timer);
    nodeClearInterval(timer);
  }) as typeof clearInterval;
}

afterAll(async () => {
  const { pending, clearTimeout: nodeClearTimeout } = tracking.testTimers as TimerTracking;
  for (let round = 0; round < 5 && pending.size; round++) {
    const due = [...pending].filter(([, timer]) => timer.short);
    if (!due.length) break;
    await act(async () => {
      for (const [timer, { run }] of due) {
        nodeClearTimeout(timer);
        pending.delete(timer);
        run();
      }
    });
  }
  for (const [timer, { repeats }] of pending) repeats ? clearInterval(timer) : nodeClearTimeout(timer);
  pending.clear();
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
