import { HOME_URL } from '@headoffice/contract';
import type { ComponentType } from 'react';
import { webModules } from '../../modules';
import { loadModuleTexts } from '../../platform/i18n';
import { type LazyPage, lazyPage, type PageDef } from '../../platform/pages';

export const ADMIN_APP_ID = 'admin';
/** The landing page, open to every signed-in user; the home menu entry (same URL) grants its figures. */
export const ADMIN_HOME = HOME_URL;

/** A module's page whose code, when fetched, brings the module's texts in the language shown along with it. */
function withModuleTexts(module: string, page: PageDef): PageDef {
  const code = page.component as Partial<LazyPage>;
  if (!code.preload) return page;
  const load = code.preload;
  return {
    ...page,
    component: lazyPage(() => Promise.all([load(), loadModuleTexts([module])]).then(([m]) => m as { default: ComponentType })),
  };
}

/** Every page of the admin application: the home page and the modules' pages (modules/index.ts). */
export const adminPages: PageDef[] = [
  {
    path: ADMIN_HOME,
    title: 'admin.home',
    // the home page shows the home module's figures to who may see them
    component: lazyPage(() => Promise.all([import('./HomePage'), loadModuleTexts(['home'])]).then(([m]) => m)),
    public: true,
  },
  ...webModules.flatMap((module) => module.pages.map((page) => withModuleTexts(module.name, page))),
];
