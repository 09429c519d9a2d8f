import { moduleTexts } from '../modules/texts';
import enUS from './en-US';
import zhCN from './zh-CN';

type Tree = { [k: string]: string | Tree };

function flat(tree: Tree, prefix = '', out = new Map<string, string>()) {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else flat(v, key, out);
  }
  return out;
}

/** Every text of a language, the app's and each module's, by its whole key (`finance.funds.balance`): for the tests that read them all. */
export const allTexts = (lang: 'zh-CN' | 'en-US') => flat({ ...(lang === 'en-US' ? enUS : zhCN), ...moduleTexts(lang) } as Tree);
