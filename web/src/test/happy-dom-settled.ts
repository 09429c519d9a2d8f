import { setImmediate } from 'node:timers/promises';
import type { Environment } from 'vitest/environments';
import { builtinEnvironments } from 'vitest/environments';

/**
 * happy-dom, whose closing lets React finish first. React runs its work on Node's own `setImmediate`, which
 * happy-dom neither tracks nor cancels: a render set off by the closing itself (an aborted request, a last
 * animation frame) would otherwise run after the window is gone and throw "window is not defined" into no test.
 */
const happyDom = builtinEnvironments['happy-dom'];
const SETTLING_ROUNDS = 20;

export default {
  name: 'happy-dom-settled',
  viteEnvironment: 'client',
  async setup(global, options) {
    const environment = await happyDom.setup(global, options);
    return {
      async teardown(global) {
        await global.happyDOM?.abort();
        for (let round = 0; round < SETTLING_ROUNDS; round++) await setImmediate();
        await environment.teardown(global);
      },
    };
  },
} satisfies Environment;
