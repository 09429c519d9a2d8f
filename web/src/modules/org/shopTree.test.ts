import { describe, expect, it } from 'vitest';
import { countShops, shopIdsOf, shopPickerTree } from './shopTree';

describe('shop picker tree', () => {
  const regions = [
    {
      id: 1,
      name: '华东大区',
      children: [{ id: 2, name: '上海区域', shops: [{ id: 10, code: 'SH001', name: '静安店' }] }],
      shops: [],
    },
    { id: 3, name: '空区域', children: [], shops: [] },
  ];

  it('groups shops under their regions and leaves out empty regions', () => {
    const tree = shopPickerTree(regions);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.value).toBe('r1');
    expect(tree[0]?.children?.[0]?.children?.[0]).toMatchObject({ value: 10, title: '静安店（SH001）', label: '静安店' });
    expect(countShops(tree)).toBe(1);
  });

  it('keeps only shop ids from a picker value', () => {
    expect(shopIdsOf(['r1', 10, 'r2', 11])).toEqual([10, 11]);
    expect(shopIdsOf(undefined)).toEqual([]);
  });
});
