import { useEffect, useRef } from 'react';

/**
 * The till's shortcuts, function keys as on a point-of-sale keyboard: they work wherever the focus is
 * (in a search box too) and hold back what the browser does with the key (F3: find).
 */
export const TILL_KEYS = { newBill: 'F2', addService: 'F3', addPayment: 'F4', print: 'F8', settle: 'F9' } as const;

/** Runs `action` when `key` is pressed; nothing while `action` is null (the action is not offered now). */
export function useHotkey(key: string, action: (() => void) | null) {
  const latest = useRef(action);
  latest.current = action;
  const active = action !== null;
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== key || e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
      e.preventDefault();
      latest.current?.();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [key, active]);
}
