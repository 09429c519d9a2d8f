import { cardTypeStatusLabels, fundBill } from '@headoffice/contract';
import { describe, expect, it } from 'vitest';
import { allTexts } from './all-texts';

const zh = allTexts('zh-CN');
const en = allTexts('en-US');

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
