import dayjs from 'dayjs';
import zhCn from 'dayjs/locale/zh-cn';
import { afterAll, describe, expect, it } from 'vitest';
import i18n, { setLang } from './i18n';

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
