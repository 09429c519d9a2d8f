import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import zhCn from 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import { afterAll, describe, expect, it, vi } from 'vitest';
import i18n, { loadModuleTexts, setLang, startI18n, t } from './i18n';

// The app's way (main.tsx): no module's texts at the start, each fetched in the language shown when its
// pages load. (The web tests' setup gives every text at once; this file replaces that with loaders.)
const loaders = {
  demoa: { 'zh-CN': vi.fn(async () => ({ hello: '你好' })), 'en-US': vi.fn(async () => ({ hello: 'Hello' })) },
  demob: { 'zh-CN': vi.fn(async () => ({ name: '名称' })), 'en-US': vi.fn(async () => ({ name: 'Name' })) },
  democ: { 'zh-CN': vi.fn(async () => ({ title: '标题' })), 'en-US': vi.fn(async () => ({ title: 'Title' })) },
};

function Label() {
  const { t: tr } = useTranslation();
  return <span data-testid="label">{tr('democ.title')}</span>;
}

describe('the modules’ texts, fetched with their pages', () => {
  it('fetch a module’s texts in the language shown only, once; a text of a module not fetched yet is blank, then fetched', async () => {
    await startI18n(loaders);
    expect(t('demoa.hello')).toBe('');
    await loadModuleTexts(['demoa']);
    await loadModuleTexts(['demoa']);
    expect(t('demoa.hello')).toBe('你好');
    expect(loaders.demoa['zh-CN']).toHaveBeenCalledTimes(1);
    expect(loaders.demoa['en-US']).not.toHaveBeenCalled();

    // A shared part using another module's words before that module's pages asked for them.
    expect(t('demob.name')).toBe('');
    await vi.waitFor(() => expect(t('demob.name')).toBe('名称'));
    // A key no module's texts hold is shown as itself, not hidden.
    expect(t('nomodule.key')).toBe('nomodule.key');
    await loadModuleTexts(['nomodule']);
  });

  it('a component showing a text of a module not fetched yet shows it once fetched', async () => {
    render(<Label />);
    expect(screen.getByTestId('label').textContent).toBe('');
    await vi.waitFor(() => expect(screen.getByTestId('label').textContent).toBe('标题'));
    expect(loaders.democ['zh-CN']).toHaveBeenCalledTimes(1);
  });

  it('a change of language fetches the texts asked for so far in the new language before it shows', async () => {
    await setLang('en-US');
    expect(i18n.language).toBe('en-US');
    expect(loaders.demoa['en-US']).toHaveBeenCalledTimes(1);
    expect(t('demoa.hello')).toBe('Hello');
    expect(t('demob.name')).toBe('Name');
    await setLang('zh-CN');
    expect(t('demoa.hello')).toBe('你好');
    expect(loaders.demoa['zh-CN']).toHaveBeenCalledTimes(1);
  });
});

// The tests load dayjs's locale files beside a bundled dayjs, which they do not reach (the app's build has one
// dayjs): the Chinese words are handed to the dayjs the app's modules read here.
dayjs.locale(zhCn, undefined, true);

afterAll(() => setLang('zh-CN'));

describe('the language', () => {
  it('writes dates and weekdays in its words from the first render after a change', async () => {
    await setLang('zh-CN');
    const seen: string[] = [];
    // what a page rendering on the change writes (react-i18next renders again on this event)
    const onChange = () => seen.push(dayjs('2026-03-02').format('dddd, MMMM D'));
    i18n.on('languageChanged', onChange);
    try {
      await setLang('en-US');
      await setLang('zh-CN');
    } finally {
      i18n.off('languageChanged', onChange);
    }
    expect(seen).toEqual(['Monday, March 2', '星期一, 三月 2']);
  });
});
