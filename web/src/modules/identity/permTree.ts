import type { RoleMenuApp, RoleMenuNode } from './api';

/**
 * A role's permission tree. A menu the role holds grants the page (view) and, for an action, the
 * action; its ancestors must be held as well, so that the menu shows. Checking is therefore not the
 * usual "all children" rule: a page can be held without its actions (view only).
 *
 * - checking a menu adds it, everything under it and every ancestor;
 * - unchecking a menu removes it and everything under it, and a directory left without any held
 *   child is removed too.
 */
export interface PermIndex {
  byId: Map<number, RoleMenuNode>;
  parentOf: Map<number, number | null>;
  childrenOf: Map<number, number[]>;
}

export function indexTree(roots: RoleMenuNode[]): PermIndex {
  const idx: PermIndex = { byId: new Map(), parentOf: new Map(), childrenOf: new Map() };
  const walk = (nodes: RoleMenuNode[], parent: number | null) => {
    for (const n of nodes) {
      idx.byId.set(n.id, n);
      idx.parentOf.set(n.id, parent);
      idx.childrenOf.set(
        n.id,
        (n.children ?? []).map((c) => c.id),
      );
      walk(n.children ?? [], n.id);
    }
  };
  walk(roots, null);
  return idx;
}

export function descendants(idx: PermIndex, id: number): number[] {
  const out: number[] = [];
  const stack = [...(idx.childrenOf.get(id) ?? [])];
  while (stack.length) {
    const x = stack.pop() as number;
    out.push(x);
    stack.push(...(idx.childrenOf.get(x) ?? []));
  }
  return out;
}

export function ancestors(idx: PermIndex, id: number): number[] {
  const out: number[] = [];
  for (let p = idx.parentOf.get(id) ?? null; p !== null; p = idx.parentOf.get(p) ?? null) out.push(p);
  return out;
}

export function checkNode(idx: PermIndex, held: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(held);
  next.add(id);
  for (const d of descendants(idx, id)) next.add(d);
  for (const a of ancestors(idx, id)) next.add(a);
  return next;
}

export function uncheckNode(idx: PermIndex, held: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(held);
  next.delete(id);
  for (const d of descendants(idx, id)) next.delete(d);
  for (const a of ancestors(idx, id)) {
    const node = idx.byId.get(a);
    const anyHeld = (idx.childrenOf.get(a) ?? []).some((c) => next.has(c));
    if (anyHeld || node?.type !== 'dir') break;
    next.delete(a);
  }
  return next;
}

/** What the tree shows: held menus are ticked; a directory holding only part of its subtree is half-ticked. */
export function displayKeys(idx: PermIndex, held: ReadonlySet<number>): { checked: number[]; halfChecked: number[] } {
  const checked: number[] = [];
  const halfChecked: number[] = [];
  for (const id of held) {
    const node = idx.byId.get(id);
    if (node?.type === 'dir' && descendants(idx, id).some((d) => !held.has(d))) halfChecked.push(id);
    else checked.push(id);
  }
  return { checked, halfChecked };
}

/** Held menus as the server marks them (`checked`), with their ancestors (needed for them to show). */
export function heldFromTree(roots: RoleMenuNode[]): Set<number> {
  const idx = indexTree(roots);
  const held = new Set<number>();
  for (const [id, node] of idx.byId) {
    if (!node.checked) continue;
    held.add(id);
    for (const a of ancestors(idx, id)) held.add(a);
  }
  return held;
}

type Loose = Record<string, unknown>;
const isObj = (x: unknown): x is Loose => typeof x === 'object' && x !== null;

function asNodes(x: unknown): RoleMenuNode[] {
  return Array.isArray(x) ? (x.filter(isObj) as unknown as RoleMenuNode[]) : [];
}

/** Mark nodes whose id is in `ids` (answers that send the held ids beside the tree). */
function markChecked(nodes: RoleMenuNode[], ids: Set<number>): RoleMenuNode[] {
  return nodes.map((n) => ({ ...n, checked: n.checked ?? ids.has(n.id), children: markChecked(n.children ?? [], ids) }));
}

/**
 * The answer of findRoleMenuList as one tree per application. Accepted shapes: a list of
 * `{appId, name, menus|children}`; a list of menu roots carrying `appId`; or an object with
 * `apps` / `menus` and optionally the held ids (`checkedIds`, `menuIds`).
 */
export function normalizeRoleMenus(
  data: unknown,
  appNames: Map<string, { name: string; nameEn?: string | null }> = new Map(),
): RoleMenuApp[] {
  let list: unknown = data;
  let ids: Set<number> | null = null;
  if (isObj(data) && !Array.isArray(data)) {
    const held = data.checkedIds ?? data.menuIds ?? data.checkedKeys;
    if (Array.isArray(held)) ids = new Set(held.map(Number));
    list = data.apps ?? data.menus ?? data.tree ?? data.list ?? [];
  }
  const items = Array.isArray(list) ? list.filter(isObj) : [];
  const fix = (nodes: RoleMenuNode[]) => (ids ? markChecked(nodes, ids) : nodes);
  const looksLikeApp = (x: Loose) =>
    typeof x.appId === 'string' && !('type' in x) && (Array.isArray(x.menus) || Array.isArray(x.children) || Array.isArray(x.tree));
  if (items.length && items.every(looksLikeApp)) {
    return items.map((a) => ({
      appId: String(a.appId),
      name: String(a.name ?? appNames.get(String(a.appId))?.name ?? a.appId),
      nameEn: (a.nameEn as string | null | undefined) ?? appNames.get(String(a.appId))?.nameEn ?? null,
      menus: fix(asNodes(a.menus ?? a.tree ?? a.children)),
    }));
  }
  const byApp = new Map<string, RoleMenuNode[]>();
  for (const n of asNodes(items)) {
    const appId = n.appId ?? 'admin';
    byApp.set(appId, [...(byApp.get(appId) ?? []), n]);
  }
  return [...byApp].map(([appId, menus]) => ({
    appId,
    name: appNames.get(appId)?.name ?? appId,
    nameEn: appNames.get(appId)?.nameEn ?? null,
    menus: fix(menus),
  }));
}
