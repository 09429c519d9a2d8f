import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { shopDef } from '../../modules/org/defs';
import type { ShopRow } from '../../modules/org/types';
import { moneyRule } from './money';
import type { ResourceDef } from './types';
import { errorField, fromSearchParams, toFormValues, toSaveBody, toSearchParams, zeroMoneyFields } from './values';

const row: ShopRow = {
  id: 9,
  code: 'S001',
  name: '静安店',
  shortName: null,
  brandId: 1,
  brandName: '品牌',
  regionId: 3,
  regionName: '华东一区',
  type: 1,
  provinceCode: '31',
  cityCode: '3101',
  areaCode: '310106',
  provinceName: '上海市',
  cityName: '上海市',
  areaName: '静安区',
  address: '南京西路 1 号',
  phone: '021-88888888',
  openDate: '2024-05-01',
  openTime: '09:30',
  closeTime: '22:00',
  stations: 12,
  status: 1,
  memo: null,
  images: ['/files/a.jpg'],
  version: 4,
  createdAt: '2024-05-01T00:00:00Z',
  updatedAt: '2024-05-02T00:00:00Z',
};

describe('resource values', () => {
  it('round-trips a shop through the form into the contract shape', () => {
    const values = toFormValues(shopDef, row);
    expect(values.pca).toEqual(['31', '3101', '310106']);
    expect(values.status).toBe(true);
    const body = toSaveBody(shopDef, { ...values, memo: '  ' }, row);
    expect(body).toEqual({
      id: 9,
      version: 4,
      code: 'S001',
      name: '静安店',
      shortName: null,
      brandId: 1,
      regionId: 3,
      type: 1,
      provinceCode: '31',
      cityCode: '3101',
      areaCode: '310106',
      address: '南京西路 1 号',
      phone: '021-88888888',
      openDate: '2024-05-01',
      openTime: '09:30',
      closeTime: '22:00',
      stations: 12,
      status: 1,
      images: ['/files/a.jpg'],
      memo: null,
    });
  });

  it('starts a new shop with defaults', () => {
    const values = toFormValues(shopDef, null);
    expect(values.type).toBe(1);
    expect(values.status).toBe(true);
    expect(dayjs.isDayjs(values.openTime)).toBe(true);
  });

  it("reads a time field's `HH:mm` initial as a moment for its picker", () => {
    const def = {
      ...shopDef,
      fields: shopDef.fields.map((f) => (f.key === 'openTime' ? { ...f, form: { ...f.form, initial: '10:00' } } : f)),
    };
    const values = toFormValues(def, null);
    expect(dayjs.isDayjs(values.openTime) && values.openTime.format('HH:mm')).toBe('10:00');
  });

  it('sends money as integer cents', () => {
    const def: ResourceDef<{ id: number; price: number }> = {
      key: 'x',
      title: 'x',
      basePath: '/x',
      fields: [{ key: 'price', title: 'x', type: 'money' }],
    };
    expect(toFormValues(def, { id: 1, price: 123450 }).price).toBe(1234.5);
    expect(toSaveBody(def, { price: 19.99 })).toEqual({ price: 1999 });
    expect(toSaveBody(def, { price: 0 })).toEqual({ price: 0 });
    // empty is left out (never sent as ¥0.00 nor as null); a negative is never clamped here either
    expect(toSaveBody(def, { price: null })).toEqual({});
    expect(toSaveBody(def, { price: -3 })).toEqual({});
  });

  it('names the prices a save would store as ¥0.00 where they were not', () => {
    type Row = { id: number; price: number; cost: number; fee: number; free: number };
    const def: ResourceDef<Row> = {
      key: 'x',
      title: 'x',
      basePath: '/x',
      fields: [
        { key: 'price', title: 'price', type: 'money', form: { price: true } },
        { key: 'cost', title: 'cost', type: 'money', form: { price: true } },
        { key: 'fee', title: 'fee', type: 'money', form: { price: true, visible: (v) => v.free !== true } },
        { key: 'free', title: 'free', type: 'switch' },
      ],
    };
    const keys = (fields: { key: string }[]) => fields.map((f) => f.key);
    expect(keys(zeroMoneyFields(def, { price: 0, cost: 12, fee: 0, free: true }))).toEqual(['price']);
    expect(keys(zeroMoneyFields(def, { price: 5, cost: null, fee: 0, free: false }))).toEqual(['cost', 'fee']);
    const saved: Row = { id: 1, price: 0, cost: 800, fee: 0, free: 0 };
    // editing: a price that already was 0 is not asked about again; an emptied one keeps its price
    expect(keys(zeroMoneyFields(def, { price: 0, cost: 0, fee: null, free: false }, saved))).toEqual(['cost']);
    expect(keys(zeroMoneyFields(def, { price: 1, cost: 8, fee: 0, free: false }, saved))).toEqual([]);
  });

  it('asks only about prices: a gift or a threshold left at ¥0.00 is plainly zero', () => {
    type Row = { id: number; openAmount: number; openGift: number; minRecharge: number };
    const def: ResourceDef<Row> = {
      key: 'x',
      title: 'x',
      basePath: '/x',
      fields: [
        { key: 'openAmount', title: 'openAmount', type: 'money', form: { price: true } },
        { key: 'openGift', title: 'openGift', type: 'money', form: {} },
        { key: 'minRecharge', title: 'minRecharge', type: 'money' },
      ],
    };
    const keys = (fields: { key: string }[]) => fields.map((f) => f.key);
    expect(keys(zeroMoneyFields(def, { openAmount: 1000, openGift: null, minRecharge: 0 }))).toEqual([]);
    expect(keys(zeroMoneyFields(def, { openAmount: 0, openGift: 0, minRecharge: null }))).toEqual(['openAmount']);
  });

  it('refuses a negative or unreadable price where it is typed', async () => {
    const rule = moneyRule('零售价') as { validator: (r: unknown, v: unknown) => Promise<void> };
    await expect(rule.validator({}, -1)).rejects.toThrow('零售价不能为负数');
    await expect(rule.validator({}, 'x')).rejects.toThrow('零售价不是有效的金额');
    await expect(rule.validator({}, 0)).resolves.toBeUndefined();
    await expect(rule.validator({}, null)).resolves.toBeUndefined();
  });

  it('maps server error paths to form fields', () => {
    expect(errorField(shopDef, 'cityCode')).toBe('pca');
    expect(errorField(shopDef, 'images.0')).toBe('images');
    expect(errorField(shopDef, 'code')).toBe('code');
    expect(errorField(shopDef, 'nonsense')).toBeNull();
  });

  it('turns the search form into query params', () => {
    expect(toSearchParams(shopDef, { keyword: ' 静安 ', status: 0, brandId: undefined, regionId: 3 })).toEqual({
      keyword: '静安',
      status: 0,
      regionId: 3,
    });
  });

  it('sends a money filter typed in yuan as cents, and reads it back in yuan', () => {
    const def: ResourceDef<{ id: number }, 'least'> = {
      key: 'x',
      title: 'x',
      basePath: '/x',
      fields: [{ key: 'least', title: 'x', type: 'money', search: { param: 'amountMin' } }],
    };
    expect(toSearchParams(def, { least: 1234.5 })).toEqual({ amountMin: 123450 });
    expect(toSearchParams(def, { least: '0.07' })).toEqual({ amountMin: 7 });
    expect(fromSearchParams(def, { amountMin: '123450' })).toEqual({ least: 1234.5 });
  });

  it('splits a date range filter into its two parameters', () => {
    const def: ResourceDef<{ id: number }, 'range' | 'when'> = {
      key: 'x',
      title: 'x',
      basePath: '/x',
      fields: [
        { key: 'range', title: 'x', type: 'dateRange', search: true },
        { key: 'when', title: 'y', type: 'dateRange', search: { range: ['from', 'to'] } },
      ],
    };
    expect(toSearchParams(def, { range: [dayjs('2026-01-02'), null], when: [dayjs('2026-02-01'), dayjs('2026-02-28')] })).toEqual({
      dateFrom: '2026-01-02',
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });
});
