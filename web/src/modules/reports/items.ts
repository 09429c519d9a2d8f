import type { ReportFieldType, ReportHead, ReportHeadSave, ReportItem, SqlParseAnswer } from '@headoffice/contract';

/** A column of the report as the designer's table edits it: a choice's options source always there, empty when unset. */
export interface ItemDraft {
  id?: number;
  fieldName: string;
  fieldTxt: string;
  fieldType: ReportFieldType;
  fieldWidth: number | null;
  fieldGroup: string | null;
  link: string | null;
  isShow: boolean;
  isSearch: boolean;
  isRange: boolean;
  isOrder: boolean;
  isFixed: boolean;
  isNonull: boolean;
  isSum: boolean;
  dict: { url: string; label: string; value: string };
  fieldRole: number[];
  sort: number;
  memo?: string | null;
}

/** The designer's form: the head's fields and its columns. */
export type HeadDraft = Omit<ReportHeadSave, 'id' | 'items' | 'testParams'> & { items: ItemDraft[] };

/** The switches of a new report, as the contract's defaults have them. */
export const NEW_HEAD: HeadDraft = {
  code: '',
  name: '',
  isAuto: true,
  hideQuery: false,
  isPage: true,
  isSummary: false,
  isPrint: true,
  isExcel: true,
  isUdiy: true,
  isContent: false,
  content: null,
  reportSql: '',
  roles: [],
  status: 1,
  memo: null,
  items: [],
};

/** A report's code as the contract checks it (`reportCode`), for the forms' own check before the save. */
export const REPORT_CODE = /^[A-Za-z][A-Za-z0-9_]{1,39}$/;

const NO_DICT = { url: '', label: '', value: '' };

export function itemDraft(item: ReportItem): ItemDraft {
  const { headId: _headId, dict, ...rest } = item;
  return { ...rest, dict: dict ?? NO_DICT };
}

export function headDraft(head: ReportHead): HeadDraft {
  const { id: _id, shipped: _shipped, updatedAt: _updatedAt, testParams: _testParams, items, ...fields } = head;
  return { ...fields, items: items.map(itemDraft) };
}

/**
 * How a column of the SQL's result shows, guessed from its name and PostgreSQL's type: a name of money
 * (`_amount`, `_cents`, `money`) holds cents whatever its type, as every amount of the product does.
 */
export function guessFieldType(name: string, type: string): ReportFieldType {
  if (/(_amount|_cents)$/.test(name) || name.includes('money')) return 'money';
  const t = type.toLowerCase();
  if (t.includes('timestamp')) return 'datetime';
  if (t === 'date') return 'date';
  if (/int|numeric|decimal|real|double|float/.test(t)) return 'number';
  return 'text';
}

/** A new column for a field of the SQL's result, after the columns there are. */
export function newItem(name: string, type: string, sort: number): ItemDraft {
  const fieldType = guessFieldType(name, type);
  return {
    fieldName: name,
    fieldTxt: name,
    fieldType,
    fieldWidth: null,
    fieldGroup: null,
    link: null,
    isShow: true,
    isSearch: false,
    isRange: false,
    isOrder: false,
    isFixed: false,
    isNonull: false,
    isSum: false,
    dict: NO_DICT,
    fieldRole: [],
    sort,
  };
}

/** The next free place at the end of the columns (ten apart, so that one may be put between two later). */
export const nextSort = (items: ItemDraft[]) => Math.max(0, ...items.map((i) => i.sort ?? 0)) + 10;

/** The parsed columns no item shows yet. */
export const missingColumns = (parsed: SqlParseAnswer, items: ItemDraft[]) =>
  parsed.columns.filter((c) => !items.some((i) => i.fieldName === c.name));

/** The columns the parse found and no item has, as new items after the others. */
export function addMissing(parsed: SqlParseAnswer, items: ItemDraft[]): ItemDraft[] {
  let sort = nextSort(items);
  const added = missingColumns(parsed, items).map((c) => {
    const item = newItem(c.name, c.type, sort);
    sort += 10;
    return item;
  });
  return [...items, ...added];
}

const blank = (s: string | null | undefined) => !s?.trim();

/** The save's body: a choice's options only when its path is given, an empty group or width as none. */
export function toSave(id: number | undefined, draft: HeadDraft, testParams: Record<string, string>): ReportHeadSave {
  return {
    ...draft,
    id,
    content: blank(draft.content) ? null : draft.content,
    memo: blank(draft.memo) ? null : draft.memo,
    testParams,
    items: draft.items.map((item) => ({
      ...item,
      fieldWidth: item.fieldWidth ?? null,
      fieldGroup: blank(item.fieldGroup) ? null : item.fieldGroup,
      link: blank(item.link) ? null : item.link,
      dict: blank(item.dict?.url) ? null : item.dict,
    })),
  };
}
