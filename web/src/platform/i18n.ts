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
  i18n.addResourceBundle(lang, 'translation', { ...enUS, ...moduleTextsOf(lang) }, true, true);
}

/** The modules' texts, handed over by the app's entry (the platform does not import the modules). */
let moduleTextsOf: (lang: Lang) => Record<string, object> = () => ({});

/** Each module's texts per language, fetched when first needed: a module's pages ask for theirs as their code loads. */
export type TextLoaders = Record<string, Record<Lang, () => Promise<object>>>;
let textLoaders: TextLoaders = {};
/** The modules whose texts are in i18next, per language, and those being fetched (`lang:name`). */
const loadedTexts: Record<Lang, Set<string>> = { 'zh-CN': new Set(), 'en-US': new Set() };
const fetchingTexts = new Map<string, Promise<void>>();
/** The modules asked for so far: a change of language fetches theirs in the new one before it shows. */
const wantedTexts = new Set<string>();

function fetchModuleTexts(lang: Lang, name: string): Promise<void> {
  const load = textLoaders[name]?.[lang];
  if (!load || loadedTexts[lang].has(name)) return Promise.resolve();
  const key = `${lang}:${name}`;
  let fetching = fetchingTexts.get(key);
  if (!fetching) {
    fetching = load()
      .then((texts) => {
        // deep, without overwriting: a test's setup may have given every text already
        i18n.addResourceBundle(lang, 'translation', { [name]: texts }, true, false);
        loadedTexts[lang].add(name);
      })
      .finally(() => fetchingTexts.delete(key));
    fetchingTexts.set(key, fetching);
  }
  return fetching;
}

/**
 * The texts of these modules in the current language, added to i18next once fetched (each module's own
 * chunk per language). A module without texts of its own (they are in the shared locales) is passed over.
 */
export function loadModuleTexts(names: string[]): Promise<void> {
  for (const name of names) wantedTexts.add(name);
  return Promise.all(names.map((name) => fetchModuleTexts(currentLang(), name))).then(() => undefined);
}

/** The module a key of the modules' texts belongs to (`catalog.product.name` → `catalog`) while its texts are not there yet. */
function pendingModule(key: string): string | null {
  const dot = key.indexOf('.');
  const name = dot > 0 ? key.slice(0, dot) : '';
  return textLoaders[name] && !loadedTexts[currentLang()].has(name) ? name : null;
}

/** Said once texts asked for by a component before they were there have been added. */
const TEXTS_FETCHED = 'moduleTextsFetched';

const initial = storedLang();
void i18n.use(initReactI18next).init({
  // a copy: i18next adds the modules' texts into the object it is given
  resources: { 'zh-CN': { translation: structuredClone(zhCN) } },
  lng: initial,
  fallbackLng: 'zh-CN',
  supportedLngs: ['zh-CN', 'en-US'],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  // A text of a module whose pages have not asked for it yet (a shared picker using another module's
  // words): fetched now, shown blank until then, and the components re-render when it is added.
  saveMissing: true,
  missingKeyHandler: (_langs, _ns, key) => {
    const name = pendingModule(key);
    if (name)
      loadModuleTexts([name]).then(
        () => i18n.emit(TEXTS_FETCHED),
        () => undefined,
      );
  },
  parseMissingKeyHandler: (key) => (pendingModule(key) ? '' : key),
  // Only texts fetched that way re-render what is on screen: those a page fetches with its code are there
  // before it renders, and adding them must not re-render every page and the shell.
  react: { bindI18n: `languageChanged ${TEXTS_FETCHED}` },
});
applySideEffects(initial);

/**
 * Takes the modules' texts and resolves once the texts of the stored language are there: the entry
 * renders after it. Either every module's texts at once (`textsOf`, the web tests' setup), or each
 * module's loaders, its texts then fetched as its pages load (`loadModuleTexts`).
 */
export function startI18n(texts: ((lang: Lang) => Record<string, object>) | TextLoaders): Promise<void> {
  if (typeof texts === 'function') {
    moduleTextsOf = texts;
    i18n.addResourceBundle('zh-CN', 'translation', texts('zh-CN'), true, true);
  } else textLoaders = texts;
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
  await Promise.all([loadTexts(lang), ...[...wantedTexts].map((name) => fetchModuleTexts(lang, name))]);
  writeKey(LANG_KEY, lang);
  // before the change: the pages render again on it, and a weekday written then must be in the new language
  dayjs.locale(dayjsLocale(lang));
  await i18n.changeLanguage(lang);
  applySideEffects(lang);
}

/** Translate outside components (HTTP client, column specs evaluated lazily). */
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options ?? {}) as string;

export default i18n;
