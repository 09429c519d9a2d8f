/** The region → shop tree of `/api-chain/dictregion/shopTree`, as picker data. */
export interface ShopTreeRegion {
  id: number;
  code?: string;
  name: string;
  children?: ShopTreeRegion[];
  shops?: { id: number; code?: string; name: string; status?: number }[];
}

export interface ShopPickerNode {
  /** Shops: their id; regions: `r<id>` (never a value of the field). */
  value: number | string;
  title: string;
  label: string;
  disabled?: boolean;
  children?: ShopPickerNode[];
}

/** Regions become groups (sub-regions first, then the region's own shops); empty regions are left out. */
export function shopPickerTree(regions: ShopTreeRegion[]): ShopPickerNode[] {
  const out: ShopPickerNode[] = [];
  for (const r of regions) {
    const children = [
      ...shopPickerTree(r.children ?? []),
      ...(r.shops ?? []).map((s) => {
        const title = s.code ? `${s.name}（${s.code}）` : s.name;
        return { value: s.id, title, label: s.name };
      }),
    ];
    if (children.length) out.push({ value: `r${r.id}`, title: r.name, label: r.name, children });
  }
  return out;
}

/** Shop ids in a picker value (group keys dropped). */
export const shopIdsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];

export function countShops(nodes: ShopPickerNode[]): number {
  return nodes.reduce((n, x) => n + (typeof x.value === 'number' ? 1 : countShops(x.children ?? [])), 0);
}
