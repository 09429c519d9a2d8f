import { cardTypeStatusLabels, fundBill } from '@headoffice/contract';
import { describe, expect, it } from 'vitest';
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

const zh = flat({ ...zhCN, ...moduleTexts('zh-CN') } as Tree);
const en = flat({ ...enUS, ...moduleTexts('en-US') } as Tree);

/** Status words: one English for one Chinese, the same on every page (停办 is not "Stop"). */
const GLOSSARY: Record<string, string[]> = {
  停办: ['Discontinued', 'Discontinue'],
  已停办: ['Discontinued'],
  停用: ['Disabled', 'Disable'],
  已停用: ['Disabled'],
  启用: ['Enabled', 'Enable'],
};

describe('the English texts', () => {
  it('say a status word as the glossary does', () => {
    const off = [...zh].filter(([key, text]) => GLOSSARY[text] && !GLOSSARY[text].includes(en.get(key) ?? ''));
    expect(off.map(([key, text]) => `${key}: ${text} → ${en.get(key)}`)).toEqual([]);
    expect(cardTypeStatusLabels[2]).toEqual(['停办', 'Discontinued']);
  });

  it('hold no Chinese', () => {
    expect([...en].filter(([, text]) => /[\u4e00-\u9fff]/.test(text)).map(([key]) => key)).toEqual([]);
  });

  it('name a cancelled review as people say it', () => {
    expect(fundBill.transitions.cancelReview.button).toEqual(['取消复核', 'Cancel review']);
  });
});
