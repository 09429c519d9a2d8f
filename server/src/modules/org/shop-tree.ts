import type { BillStateCounts, BillTreeNode } from '@headoffice/contract';
import { asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops, visibleShops } from '../../platform/auth.js';
import { regions, shops } from './schema.js';

// The region tree of shops with what a module counts of each (its bills by state), and the shops of a region.

/**
 * Regions → the shops the user sees, each with its counts by state (`counted`: one row per shop and
 * state); a region adds up its shops, a top region its sub-regions too. A user limited to some shops
 * sees only the branches that hold them.
 */
export async function shopTree<S extends string>(
  tx: Db,
  auth: Auth,
  states: readonly S[],
  counted: { shopId: number | null; state: string; n: number }[],
): Promise<BillTreeNode<S>[]> {
  const zero = () => Object.fromEntries([...states, 'total'].map((s) => [s, 0])) as BillStateCounts<S>;
  const add = (into: BillStateCounts<S>, from: BillStateCounts<S>) => {
    for (const s of Object.keys(into) as (keyof typeof into)[]) into[s] += from[s];
  };
  const regionRows = await tx
    .select({ id: regions.id, code: regions.code, name: regions.name, parentId: regions.parentId })
    .from(regions)
    .orderBy(asc(regions.sort), asc(regions.code));
  const shopRows = await tx
    .select({ id: shops.id, code: shops.code, name: shops.name, regionId: shops.regionId })
    .from(shops)
    .where(inVisibleShops(auth, shops.id))
    .orderBy(asc(shops.code));
  const nodes = new Map<number, BillTreeNode<S>>(regionRows.map((r) => [r.id, { ...r, counts: zero(), shops: [], children: [] }]));
  for (const s of shopRows) {
    const counts = zero();
    for (const c of counted.filter((x) => x.shopId === s.id)) {
      counts[c.state as S] += c.n;
      counts.total += c.n;
    }
    const node = nodes.get(s.regionId);
    if (node) {
      node.shops.push({ id: s.id, code: s.code, name: s.name, counts });
      add(node.counts, counts);
    }
  }
  const roots: BillTreeNode<S>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  for (const root of roots) for (const child of root.children) add(root.counts, child.counts);
  const keep = (n: BillTreeNode<S>): boolean => n.shops.length > 0 || n.children.some(keep);
  const prune = (list: BillTreeNode<S>[]): BillTreeNode<S>[] => list.filter(keep).map((n) => ({ ...n, children: prune(n.children) }));
  return visibleShops(auth) ? prune(roots) : roots;
}

/** The ids of the shops of a region or of its sub-regions, as a subquery. */
export const shopsInRegion = (tx: Db, regionId: number) =>
  tx
    .select({ id: shops.id })
    .from(shops)
    .innerJoin(regions, eq(regions.id, shops.regionId))
    .where(or(eq(shops.regionId, regionId), eq(regions.parentId, regionId)));
