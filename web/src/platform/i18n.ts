import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCN from '../locales/zh-CN';
import { readKey, writeKey } from './session';

export type Lang = 'zh-CN' | 'en-US';
export const LANGS: { value: Lang; label: string }[] = [
  { value: 'zh-CN', label: '简体中文' },
  { value: 'en-US', label: 'English' },
];
export const LANG_KEY = 'ho.lang';

function storedLang(): Lang {
  const v = readKey(LANG_KEY);
  return v === 'en-US' ? 'en-US' : 'zh-CN'; // Chinese is the default whatever the browser says
}

/** Dates and weekdays (a schedule's day names, the pickers' months) in the language's words. */
const dayjsLocale = (lang: Lang) => (lang === 'zh-CN' ? 'zh-cn' : 'en');

function applySideEffects(lang: Lang): void {
  dayjs.locale(dayjsLocale(lang));
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document.title = i18n.t('app.title');
  }
}

/** Chinese, the default, comes with the app; English is fetched when it is the language chosen. */
async function loadTexts(lang: Lang): Promise<void> {
  if (lang === 'zh-CN' || i18n.hasResourceBundle(lang, 'translation')) return;
  const { default: enUS } = await import('../locales/en-US');
  i18n.addResourceBundle(lang, 'translation', { ...enUS, ...moduleTextsOf(lang) });
}

/** The modules' texts, handed over by the app's entry (the platform does not import the modules). */
let moduleTextsOf: (lang: Lang) => Record<string, object> = () => ({});

const initial = storedLang();
void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN } },
  lng: initial,
  fallbackLng: 'zh-CN',
  supportedLngs: ['zh-CN', 'en-US'],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
applySideEffects(initial);

/**
 * Takes the modules' texts and resolves once the texts of the stored language are there: the entry
 * renders after it.
 */
export function startI18n(textsOf: (lang: Lang) => Record<string, object>): Promise<void> {
  moduleTextsOf = textsOf;
  i18n.addResourceBundle('zh-CN', 'translation', textsOf('zh-CN'), true, true);
  return loadTexts(initial).then(
    () => applySideEffects(initial),
    () => undefined, // not fetched: the Chinese texts show
  );
}

export function currentLang(): Lang {
  return i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
}

/** The label of a [zh-CN, en-US] pair in the current language. */
export const pickLabel = (label: readonly [string, string]): string => label[currentLang() === 'en-US' ? 1 : 0];

export async function setLang(lang: Lang): Promise<void> {
  await loadTexts(lang);
  writeKey(LANG_KEY, lang);
  // before the change: the pages render again on it, and a weekday written then must be in the new language
  dayjs.locale(dayjsLocale(lang));
  await i18n.changeLanguage(lang);
  applySideEffects(lang);
}

/** Translate outside components (HTTP client, column specs evaluated lazily). */
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options ?? {}) as string;

export default i18n;
