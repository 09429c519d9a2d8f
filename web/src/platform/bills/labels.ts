import type { BillDef, BillOptions, Label } from '@headoffice/contract';
import { useTranslation } from 'react-i18next';
import i18n from '../i18n';

/** A definition's zh/en pair in a language. */
export const pickLabel = (label: Label, lang: string): string => label[lang === 'en-US' ? 1 : 0];

/** `(label) => text` in the page's language. */
export function useLabel(): (label: Label) => string {
  const { i18n: current } = useTranslation();
  return (label) => pickLabel(label, current.language);
}

/** A verb of a definition as a button or a log entry shows it: "audit" → "Audit". */
export const asTitle = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const NS = 'bills';
const registered = new Set<string>();

type Texts = Record<string, Record<string, string>>;

/**
 * The generic list (ResourceList) reads its titles as i18n keys: a definition's labels are added as
 * keys of the `bills` namespace (once per type), so that list shows the definition's own words.
 */
export function billTextKeys(def: BillDef) {
  const root = def.docType.replaceAll('.', '_');
  const key = (group: string, name: string) => `${NS}:${root}.${group}.${name}`;
  if (!registered.has(def.docType)) {
    registered.add(def.docType);
    for (const [index, lang] of [[0, 'zh-CN'] as const, [1, 'en-US'] as const]) {
      const texts: Texts = { type: { label: def.label[index] }, head: {}, filter: {}, state: {} };
      const add = (group: string, entries: Record<string, { label: Label }>) => {
        for (const [name, value] of Object.entries(entries)) (texts[group] as Record<string, string>)[name] = value.label[index];
      };
      add('head', def.headFields);
      add('filter', def.filterFields);
      add('state', def.states);
      i18n.addResourceBundle(lang, NS, { [root]: texts }, true, true);
    }
  }
  return {
    type: key('type', 'label'),
    head: (name: string) => key('head', name),
    filter: (name: string) => key('filter', name),
    state: (name: string) => key('state', name),
  };
}

type RemoteOptions = Extract<BillOptions, { url: string }>;

/** A select's options from a list/all route, when the definition says so. */
export function remoteOptions(options: BillOptions | undefined): RemoteOptions | undefined {
  return options && typeof options.url === 'string' ? (options as RemoteOptions) : undefined;
}

/** A select's fixed options (value → label), when the definition lists them. */
export function fixedOptions(options: BillOptions | undefined): Readonly<Record<string, Label>> | undefined {
  return options && !remoteOptions(options) ? (options as Readonly<Record<string, Label>>) : undefined;
}
