import { HOME_URL, LOW_STOCK_URL } from '@headoffice/contract';
import { describe, expect, it, vi } from 'vitest';
import { startI18n } from '../../platform/i18n';
import { preloadPage, resolvePage } from '../../platform/pages';
import { ADMIN_HOME, adminPages } from './pages';

const texts = (name: string) => ({ 'zh-CN': vi.fn(async () => ({ name })), 'en-US': vi.fn(async () => ({ name })) });

describe('the admin pages', () => {
  it('a page’s code brings its module’s texts in the language shown, fetched along with it', async () => {
    const loaders = { catalog: texts('catalog'), home: texts('home'), members: texts('members') };
    await startI18n(loaders);
    preloadPage(adminPages, '/admin/catalog/products');
    await vi.waitFor(() => expect(loaders.catalog['zh-CN']).toHaveBeenCalledTimes(1));
    preloadPage(adminPages, ADMIN_HOME);
    await vi.waitFor(() => expect(loaders.home['zh-CN']).toHaveBeenCalledTimes(1));
    expect(loaders.members['zh-CN']).not.toHaveBeenCalled();
    expect(loaders.catalog['en-US']).not.toHaveBeenCalled();
  });

  it('the home page is the landing page; the stock warning list is granted by its menu entry', () => {
    expect(ADMIN_HOME).toBe(HOME_URL);
    expect(resolvePage(adminPages, HOME_URL)?.def.public).toBe(true);
    const low = resolvePage(adminPages, LOW_STOCK_URL);
    expect(low?.def.menuUrl?.({})).toBe(HOME_URL);
  });
});
