import * as contract from '@headoffice/contract';
import { distChannelRecord, positionLevelRecord, type RecordDef, stockReasonRecord } from '@headoffice/contract';
import { describe, expect, it } from 'vitest';
import { recordPages } from './pages';
import { recordResource } from './resourceDef';

const records = (Object.values(contract) as unknown[]).filter(
  (v): v is RecordDef => typeof v === 'object' && v !== null && 'paths' in v && 'serves' in v && 'fields' in v,
);

describe('the generic record page reads the record definition', () => {
  it('takes the reasons’ paths from the verbs they serve: the list is /list, as the server serves it', () => {
    const def = recordResource(stockReasonRecord, 'zh-CN');
    expect(def).toMatchObject({
      title: '出入库类型',
      listPath: '/api-stock/dictinout/list',
      savePath: '/api-stock/dictinout/save',
      updateStatusPath: '/api-stock/dictinout/updateStatus',
      exportPath: '/api-stock/dictinout/export',
      nextCodePath: '/api-stock/dictinout/getNextCode',
      editPerm: 'stock.reason.edit',
      defaultSort: 'sort',
    });
    expect(def.deletePath).toBeUndefined();
    expect(def.detailPath?.(7)).toBe('/api-stock/dictinout/7');
  });

  it('shows the fields as columns, form inputs and the declared filters as search inputs, in the language asked', () => {
    const zh = recordResource(stockReasonRecord, 'zh-CN');
    expect(zh.fields.map((f) => f.key)).toEqual(['keyword', 'code', 'name', 'direction', 'kind', 'sort', 'status', 'memo', 'updatedAt']);
    expect(zh.fields.filter((f) => f.search).map((f) => f.key)).toEqual(['keyword', 'direction', 'kind', 'status']);
    const direction = zh.fields.find((f) => f.key === 'direction');
    expect(direction).toMatchObject({ title: '方向', type: 'select', form: { required: true, initial: 1, disabledOnEdit: true } });
    expect(direction?.options).toEqual({
      kind: 'static',
      raw: true,
      items: [
        { value: 1, label: '入库', color: 'green' },
        { value: 2, label: '出库', color: 'orange' },
      ],
    });
    expect(zh.fields.find((f) => f.key === 'updatedAt')?.form).toBe(false);
    const en = recordResource(stockReasonRecord, 'en-US');
    expect(en.title).toBe('Stock in/out reasons');
    expect(en.fields.find((f) => f.key === 'kind')?.title).toBe('Kind');
  });

  it('offers no status switch where the seed has no updateStatus, and the next code from getMaxId', () => {
    const def = recordResource(distChannelRecord, 'zh-CN');
    expect(def.updateStatusPath).toBe(false);
    expect(def.nextCodePath).toBe('/api-chain/distchannel/getMaxId');
  });

  it('picks linked entries from the other type’s list and shows their names, never a column of its own', () => {
    const def = recordResource(positionLevelRecord, 'en-US');
    expect(def.fields.map((f) => f.key)).not.toContain('positionName');
    expect(def.fields.find((f) => f.key === 'positionId')).toMatchObject({
      title: 'Position',
      options: { kind: 'remote', url: '/api-chain/position/list/all' },
      table: { display: 'positionName' },
      search: true,
    });
  });

  it('every record type has both labels of itself and of each field, Chinese without English', () => {
    expect(records.length).toBeGreaterThanOrEqual(15);
    const latin = /[A-Za-z]{2,}/;
    for (const r of records) {
      const labels = [r.label, ...Object.values(r.fields).map((f) => f.label)];
      for (const [zh, en] of labels) {
        expect(zh.length * en.length, `${r.resource}: ${zh} / ${en}`).toBeGreaterThan(0);
        expect(latin.test(zh), `${r.resource}: ${zh}`).toBe(false);
      }
    }
  });

  it('gives a page to each record type that names one, at its menu URL', () => {
    const pages = recordPages(records);
    expect(pages.map((p) => p.path).sort()).toEqual(
      records
        .map((r) => r.page)
        .filter(Boolean)
        .sort(),
    );
    expect(pages.map((p) => p.path)).toContain('/admin/stock/reasons');
    const reasons = pages.find((p) => p.path === '/admin/stock/reasons');
    expect(typeof reasons?.title === 'function' && reasons.title({}, (k) => k)).toBe('出入库类型');
  });
});
