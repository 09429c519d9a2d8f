import type dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { ResourceDef } from '../resource/types';
import { fromSearchParams, toSearchParams } from '../resource/values';
import { decodeListState, encodeListState, filtersToUrl } from './urlState';

describe('a list state in the URL', () => {
  it('reads filters, page, page size and sort, and leaves out what is not a page number', () => {
    expect(decodeListState('?keyword=%E5%9B%BD%E8%B4%B8&status=1&page=3&pageSize=50&sort=-code')).toEqual({
      filters: { keyword: '国贸', status: '1' },
      page: 3,
      pageSize: 50,
      sort: '-code',
    });
    expect(decodeListState('?page=-2&pageSize=abc&keyword=')).toEqual({
      filters: {},
      page: undefined,
      pageSize: undefined,
      sort: undefined,
    });
  });

  it('writes only what differs from the list as it opens', () => {
    expect(encodeListState({ filters: {}, page: 1, pageSize: 20, sort: 'code' }, { pageSize: 20, sort: 'code' })).toBe('');
    expect(
      encodeListState({ filters: { keyword: '国贸', regionIds: '3,5' }, page: 2, pageSize: 50, sort: '-name' }, { pageSize: 20 }),
    ).toBe('?keyword=%E5%9B%BD%E8%B4%B8&regionIds=3%2C5&sort=-name&page=2&pageSize=50');
    expect(decodeListState(encodeListState({ filters: { a: 'x y' }, page: 4, sort: '-b' }))).toEqual({
      filters: { a: 'x y' },
      page: 4,
      pageSize: undefined,
      sort: '-b',
    });
  });

  it('holds the query parameters as the HTTP client sends them', () => {
    expect(filtersToUrl({ keyword: '国贸', status: 0, ids: [1, 2], empty: '', none: null, gone: undefined })).toEqual({
      keyword: '国贸',
      status: '0',
      ids: '1,2',
    });
  });
});

describe('search form values from the URL', () => {
  type Row = { id: number; code: string; status: number; brandId: number; openDate: string };
  const def: ResourceDef<Row, 'keyword' | 'range'> = {
    key: 'shop',
    title: 'org.shop.title',
    basePath: '/api-chain/shop',
    fields: [
      { key: 'keyword', title: 'common.keyword', search: true, table: false, form: false },
      { key: 'status', title: 'common.status', type: 'status', search: true },
      { key: 'brandId', title: 'org.shop.brand', type: 'select', search: { param: 'brand' } },
      { key: 'range', title: 'common.date', search: { type: 'dateRange', range: ['from', 'to'] }, table: false, form: false },
    ],
  };

  it('are the inverse of the search parameters: numbers for choices, days for dates', () => {
    const values = fromSearchParams(def, { keyword: '国贸', status: '0', brand: '7', from: '2026-01-01', to: '2026-01-31' });
    expect(values.keyword).toBe('国贸');
    expect(values.status).toBe(0);
    expect(values.brandId).toBe(7);
    const [from, to] = values.range as dayjs.Dayjs[];
    expect(from?.format('YYYY-MM-DD')).toBe('2026-01-01');
    expect(to?.format('YYYY-MM-DD')).toBe('2026-01-31');
    expect(toSearchParams(def, values)).toEqual({ keyword: '国贸', status: 0, brand: 7, from: '2026-01-01', to: '2026-01-31' });
  });
});
