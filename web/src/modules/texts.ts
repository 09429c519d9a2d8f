import type { Lang, TextLoaders } from '../platform/i18n';

// A module's texts are its `locale.ts`, exporting `<module>Zh` and `<module>En`; they go under the module's
// name (`catalog.import...`). Found by that name, not through the modules' faces, so that what needs only
// the words builds no page list.

const SUFFIX: Record<Lang, string> = { 'zh-CN': 'Zh', 'en-US': 'En' };
/** `./catalog/locale.ts` → `catalog` */
const moduleOf = (file: string) => file.split('/')[1] ?? file;

const everyText = import.meta.glob<Record<string, object>>('./*/locale.ts', { eager: true });

/** Every module's texts in one language, each under its module's name: the web tests' setup takes them all at once. */
export function moduleTexts(lang: Lang): Record<string, object> {
  return Object.fromEntries(
    Object.entries(everyText).map(([file, texts]) => [moduleOf(file), texts[`${moduleOf(file)}${SUFFIX[lang]}`] ?? {}]),
  );
}

// One chunk per module and language: `?lang=` makes the build keep that language only (vite.config.ts,
// oneLanguageTexts), the file's default export being the module's texts in it.
const zh = import.meta.glob<object>('./*/locale.ts', { query: '?lang=zh-CN', import: 'default' });
const en = import.meta.glob<object>('./*/locale.ts', { query: '?lang=en-US', import: 'default' });

/** The app's: each module's texts in the current language, fetched with the module's pages (`loadModuleTexts`). */
export const moduleTextLoaders: TextLoaders = Object.fromEntries(
  Object.keys(zh).map((file) => [moduleOf(file), { 'zh-CN': zh[file], 'en-US': en[file] }]),
);
