import { describe, expect, it } from 'vitest';
import type { RoleMenuNode } from './api';
import { checkNode, displayKeys, heldFromTree, indexTree, normalizeRoleMenus, uncheckNode } from './permTree';

const node = (id: number, type: RoleMenuNode['type'], children: RoleMenuNode[] = [], checked = false): RoleMenuNode => ({
  id,
  type,
  name: `m${id}`,
  checked,
  children,
});

// 1 组织架构 (dir) → 2 门店管理 (page) → 3 edit (action); 1 → 4 品牌管理 (page) → 5 edit
const tree = [
  node(1, 'dir', [node(2, 'page', [node(3, 'action')]), node(4, 'page', [node(5, 'action')])]),
  node(6, 'dir', [node(7, 'page')]),
];
const idx = indexTree(tree);
const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe('role permission tree', () => {
  it('checking a page holds it, its actions and its folders', () => {
    expect(sorted(checkNode(idx, new Set(), 2))).toEqual([1, 2, 3]);
  });

  it('a page can be held without its actions (view only)', () => {
    const held = uncheckNode(idx, checkNode(idx, new Set(), 2), 3);
    expect(sorted(held)).toEqual([1, 2]);
    expect(displayKeys(idx, held)).toEqual({ checked: [2], halfChecked: [1] });
  });

  it('checking an action holds its page and folder', () => {
    expect(sorted(checkNode(idx, new Set(), 5))).toEqual([1, 4, 5]);
  });

  it('unchecking the last page of a folder drops the folder; another page keeps it', () => {
    const both = checkNode(idx, checkNode(idx, new Set(), 2), 4);
    expect(sorted(uncheckNode(idx, both, 4))).toEqual([1, 2, 3]);
    expect(sorted(uncheckNode(idx, uncheckNode(idx, both, 4), 2))).toEqual([]);
  });

  it('a folder fully held shows checked', () => {
    const all = checkNode(idx, new Set(), 1);
    expect(sorted(all)).toEqual([1, 2, 3, 4, 5]);
    expect(displayKeys(idx, all).halfChecked).toEqual([]);
  });

  it('reads held menus from the checked flags, adding missing ancestors', () => {
    const t = [node(1, 'dir', [node(2, 'page', [node(3, 'action', [], true)])])];
    expect(sorted(heldFromTree(t))).toEqual([1, 2, 3]);
  });

  it('groups the answer of findRoleMenuList per application', () => {
    const apps = normalizeRoleMenus([
      { appId: 'admin', name: '总部管理', nameEn: 'Head office', menus: tree },
      { appId: 'docs', name: '接口文档', nameEn: null, menus: [] },
    ]);
    expect(apps.map((a) => [a.appId, a.menus.length])).toEqual([
      ['admin', 2],
      ['docs', 0],
    ]);
    const flat = normalizeRoleMenus([{ ...node(1, 'dir'), appId: 'admin' }], new Map([['admin', { name: '总部管理' }]]));
    expect(flat[0]?.name).toBe('总部管理');
    const withIds = normalizeRoleMenus({ menus: [{ ...node(9, 'page'), checked: undefined }], checkedIds: [9] });
    expect(withIds[0]?.menus[0]?.checked).toBe(true);
  });
});
