/**
 * How a lower module lets a higher one take part without importing it: the lower module declares a
 * hook or a provider in its public face, the higher module registers with it when its file is loaded,
 * and the lower module calls it. Module arrows stay one way (docs/ARCHITECTURE.md, "Modules").
 */

/** Listeners of an event raised by the declaring module: all run, in registration order. */
export function defineHook<Args extends unknown[]>() {
  const listeners: ((...args: Args) => Promise<void>)[] = [];
  return {
    on(listener: (...args: Args) => Promise<void>) {
      if (!listeners.includes(listener)) listeners.push(listener);
    },
    async run(...args: Args) {
      for (const listener of listeners) await listener(...args);
    },
  };
}

/** One implementation of a function the declaring module needs, given by the module that owns it. */
export function defineProvider<Fn extends (...args: any[]) => any>(name: string) {
  let implementation: Fn | undefined;
  return {
    provide(fn: Fn) {
      implementation = fn;
    },
    call(...args: Parameters<Fn>): ReturnType<Fn> {
      if (!implementation) throw new Error(`${name}: no module provides it`);
      return implementation(...args);
    },
  };
}
