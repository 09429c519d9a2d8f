/** The open pages of an application, as tabs. Pure functions so the rules are easy to test. */
export interface TabItem {
  /** The route (pathname) the tab shows. */
  key: string;
  title: string;
  /** Bumped to remount the page (refresh). */
  refresh: number;
}

export type CloseResult = { ok: false; reason: 'last' } | { ok: true; tabs: TabItem[]; active: string };

export function openTab(tabs: TabItem[], key: string, title: string): TabItem[] {
  const i = tabs.findIndex((t) => t.key === key);
  if (i < 0) return [...tabs, { key, title, refresh: 0 }];
  if (tabs[i]?.title === title) return tabs;
  return tabs.map((t) => (t.key === key ? { ...t, title } : t));
}

/** Close a tab; the last one cannot be closed. Closing the active tab activates its neighbour. */
export function closeTab(tabs: TabItem[], key: string, active: string): CloseResult {
  const i = tabs.findIndex((t) => t.key === key);
  if (i < 0) return { ok: true, tabs, active };
  if (tabs.length <= 1) return { ok: false, reason: 'last' };
  const next = tabs.filter((t) => t.key !== key);
  if (key !== active) return { ok: true, tabs: next, active };
  const neighbour = next[Math.min(i, next.length - 1)] ?? next[0];
  return { ok: true, tabs: next, active: neighbour ? neighbour.key : active };
}

export function closeOthers(tabs: TabItem[], key: string): TabItem[] {
  return tabs.filter((t) => t.key === key);
}

export function closeRight(tabs: TabItem[], key: string): TabItem[] {
  const i = tabs.findIndex((t) => t.key === key);
  return i < 0 ? tabs : tabs.slice(0, i + 1);
}

export function refreshTab(tabs: TabItem[], key: string): TabItem[] {
  return tabs.map((t) => (t.key === key ? { ...t, refresh: t.refresh + 1 } : t));
}
