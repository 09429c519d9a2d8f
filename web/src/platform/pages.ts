import { type ComponentType, createContext, type LazyExoticComponent, lazy, useContext } from 'react';
import { matchPath } from 'react-router';

/** A page of an application: the route it answers and the menu entry that grants it. */
export interface PageDef {
  /** Route pattern, e.g. `/admin/org/shops/:id`. */
  path: string;
  /** Tab title: an i18n key, or computed from the route params. */
  title: string | ((params: Record<string, string>, t: (key: string) => string) => string);
  component: LazyExoticComponent<ComponentType> | ComponentType;
  /** The menu url whose presence grants this page (default: the page's own path). */
  menuUrl?: (params: Record<string, string>) => string;
  /** Open to every signed-in user (the home page). */
  public?: boolean;
  /** Params the page accepts; anything else is "not found". */
  validate?: (params: Record<string, string>) => boolean;
}

/** A page's component loaded on first render, whose loading can also be started earlier. */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Start loading the code (before the page renders: opened by its URL). */
  preload: () => Promise<unknown>;
  /** The component once its code is there: render it directly rather than suspending for a turn. */
  loaded: () => ComponentType | undefined;
};

/** `lazy()` for pages, with `preload()` and `loaded()`. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const once = () => {
    loading ??= load().then((m) => {
      loaded = m.default;
      return m;
    });
    return loading;
  };
  return Object.assign(lazy(once), { preload: once, loaded: () => loaded });
}

/** Starts loading the code of the page at this path (a lazy page); a failure shows when it renders. */
export function preloadPage(pages: PageDef[], pathname: string): void {
  const component = resolvePage(pages, pathname)?.def.component as Partial<LazyPage> | undefined;
  component?.preload?.().catch(() => undefined);
}

export interface ResolvedPage {
  def: PageDef;
  params: Record<string, string>;
}

export function resolvePage(pages: PageDef[], pathname: string): ResolvedPage | null {
  for (const def of pages) {
    const m = matchPath({ path: def.path, end: true }, pathname);
    if (m) {
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(m.params)) if (typeof v === 'string') params[k] = v;
      if (def.validate && !def.validate(params)) return null;
      return { def, params };
    }
  }
  return null;
}

/** What a page rendered in a tab knows about its tab. */
export interface TabInfo {
  key: string;
  params: Record<string, string>;
  /** Replace the tab's title (e.g. with the shop's name once loaded). */
  setTitle: (title: string) => void;
  /** Open another page (a new tab or an existing one). */
  open: (path: string) => void;
  /** Close this tab. */
  close: () => void;
}

export const TabContext = createContext<TabInfo>({
  key: '',
  params: {},
  setTitle: () => undefined,
  open: () => undefined,
  close: () => undefined,
});

export const useTab = () => useContext(TabContext);
