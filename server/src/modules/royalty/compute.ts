import {
  type PerfPart,
  type RoyaltyItem,
  type RoyaltyNormCode,
  type RoyaltyRow,
  type RoyaltyTier,
  royaltyNorms,
} from '@headoffice/contract';

/** A scheme as it stood from a day on (royalty_scheme_versions.snapshot). */
export interface SchemeSnapshot {
  id: number;
  name: string;
  status: number;
  type: number;
  bracket: boolean;
  shops: number[];
  employees: number[];
  groups: {
    id: number;
    royaltyTypeId: number;
    royaltyTypeName: string | null;
    /** The lines the group's commission type pays on (its type's current `lineKind`; null: any line). */
    lineKind?: string | null;
    name: string;
    psList: { psid: number; type: 'position' | 'level' }[];
    items: RoyaltyItem[];
  }[];
}

export interface SchemeVersions {
  schemeId: number;
  /** ascending by `from` */
  versions: { from: string; snapshot: SchemeSnapshot }[];
}

/** A performance row of the till with what commission needs of its bill and line. */
export interface PerfSource {
  perfId: number;
  billId: number;
  billNo: string;
  shopId: number;
  shopName: string | null;
  businessDate: string;
  lineId: number;
  kind: string;
  itemId: number;
  /** the service's category or the product's */
  categoryId: number | null;
  lineName: string;
  num: number;
  employeeId: number;
  eecode: string;
  eename: string;
  station: number;
  appointed: boolean;
  amount: number;
  cause: string;
  reversesId: number | null;
  /** The locked month this row corrects, when it came after that month's lock. */
  lateFrom: string | null;
  /** The line's performance (Σ shares.perf) and its part per pay type. */
  linePerf: number;
  payPerf: Map<number, number>;
  payNames: Map<number, string>;
  /** What each pay type paid of the line and the fee taken from it (how the line's performance came about). */
  payAmount: Map<number, number>;
  payFee: Map<number, number>;
}

/** The line's payments, fees and performance per pay type, in the order paid. */
function perfParts(r: PerfSource): PerfPart[] {
  return [...r.payAmount.keys()].map((p) => ({
    payName: r.payNames.get(p) ?? String(p),
    amount: r.payAmount.get(p) ?? 0,
    fee: r.payFee.get(p) ?? 0,
    perf: r.payPerf.get(p) ?? 0,
  }));
}

/** The employee's position and level on a day, with names. */
export type PositionOn = (
  employeeId: number,
  day: string,
) => {
  positionId: number | null;
  levelId: number | null;
  psname: string | null;
  pslname: string | null;
};

/** n / d rounded half away from zero, so a reversal is the exact negative of what it reverses. */
export function roundDiv(n: bigint, d: bigint): number {
  if (d === 0n) return 0;
  if (d < 0n) return roundDiv(-n, -d);
  const sign = n < 0n ? -1n : 1n;
  const a = n < 0n ? -n : n;
  const q = (2n * a + d) / (2n * d);
  return Number(sign * q);
}

const B = (n: number) => BigInt(Math.round(n));

/** The version of a scheme on a day: the last one from on or before it, else the first (a scheme set up later applies as first set up). */
export function versionOn(s: SchemeVersions, day: string): SchemeSnapshot | undefined {
  let found: SchemeSnapshot | undefined;
  for (const v of s.versions) if (v.from <= day) found = v.snapshot;
  return found ?? s.versions[0]?.snapshot;
}

/** The enabled schemes of a day, by the employee they are personal to and by the shop they cover. */
function schemesOfDay(all: SchemeVersions[], day: string) {
  const personal = new Map<number, SchemeSnapshot>();
  const byShop = new Map<number, SchemeSnapshot>();
  for (const s of all) {
    const v = versionOn(s, day);
    if (v?.status !== 1) continue;
    if (v.type === 2) for (const e of v.employees) if (!personal.has(e)) personal.set(e, v);
    if (v.type === 1) for (const shop of v.shops) if (!byShop.has(shop)) byShop.set(shop, v);
  }
  return { personal, byShop };
}

/**
 * The scheme of an employee working in a shop on a day: their enabled personal scheme, else the
 * shop's. Each day's schemes are indexed once (a month of a big chain asks a million times).
 */
export function schemeFinder(all: SchemeVersions[]) {
  const days = new Map<string, ReturnType<typeof schemesOfDay>>();
  return (employeeId: number, shopId: number, day: string): SchemeSnapshot | undefined => {
    let index = days.get(day);
    if (!index) {
      index = schemesOfDay(all, day);
      days.set(day, index);
    }
    return index.personal.get(employeeId) ?? index.byShop.get(shopId);
  };
}

export const schemeFor = (all: SchemeVersions[], employeeId: number, shopId: number, day: string) =>
  schemeFinder(all)(employeeId, shopId, day);

/** How specifically an item names a line: 3 the line's own item, 2 its category, 1 an item naming nothing (everything), 0 not at all. */
export function specificity(item: RoyaltyItem, kind: string, itemId: number, categoryId: number | null): number {
  if (!item.items.length || item.items.every((t) => !t.ids.length)) return 1;
  let best = 0;
  for (const t of item.items) {
    const ids = idSet(t);
    const own = (t.itemtype === 'service' && kind === 'service') || (t.itemtype === 'product' && kind === 'product') || t.itemtype === kind;
    if (own && ids.has(itemId)) best = Math.max(best, 3);
    const cat = (t.itemtype === 'serviceType' && kind === 'service') || (t.itemtype === 'productCategory' && kind === 'product');
    if (cat && categoryId !== null && ids.has(categoryId)) best = Math.max(best, 2);
  }
  return best;
}

/** An item's target ids as a set, made once per target (an item may name every service of the catalogue). */
const idSets = new WeakMap<RoyaltyItem['items'][number], Set<number>>();
function idSet(target: RoyaltyItem['items'][number]) {
  let set = idSets.get(target);
  if (!set) {
    set = new Set(target.ids);
    idSets.set(target, set);
  }
  return set;
}

export type Metrics = Record<RoyaltyNormCode, number>;

/** The month's metrics of each employee over their rows. */
export function monthMetrics(rows: PerfSource[]): Map<number, Metrics> {
  const out = new Map<number, Metrics>();
  const bills = new Map<number, Map<number, number>>();
  for (const r of rows) {
    const m = out.get(r.employeeId) ?? { yj: 0, fwyj: 0, cpyj: 0, ks: 0 };
    m.yj += r.amount;
    if (r.kind === 'service') m.fwyj += r.amount;
    if (r.kind === 'product') m.cpyj += r.amount;
    out.set(r.employeeId, m);
    const b = bills.get(r.employeeId) ?? new Map<number, number>();
    b.set(r.billId, (b.get(r.billId) ?? 0) + r.amount);
    bills.set(r.employeeId, b);
  }
  for (const [e, b] of bills) (out.get(e) as Metrics).ks = [...b.values()].filter((v) => v > 0).length;
  return out;
}

const holds = (tier: RoyaltyTier, m: Metrics) =>
  tier.pcondition === 1 ? tier.subdescList.every((c) => m[c.prnname] >= c.pvalue) : tier.subdescList.some((c) => m[c.prnname] >= c.pvalue);

const normName = (code: string) => royaltyNorms.find((n) => n.code === code)?.name ?? code;

/**
 * The rate of a desc for an employee's month: `num/den` of a unit (basis points for percent).
 * Whole-amount: the highest tier whose conditions hold gives its rate to all the month. Bracket: each
 * tier's rate applies to the part of the first condition's metric above its threshold; the rows get
 * the month's blended rate.
 */
export function rateOf(item: RoyaltyItem, appointed: boolean, m: Metrics, bracket: boolean) {
  const pick = (t: { norm: number; norm2: number }) => (appointed ? t.norm : t.norm2);
  const tiers = [...item.levelList].sort((a, b) => a.level - b.level);
  if (!tiers.length) return { num: B(pick(item)), den: 1n, tier: null as number | null, prnname: null as string | null };
  if (!bracket) {
    let chosen: RoyaltyTier | undefined;
    for (const t of tiers) if (holds(t, m)) chosen = t;
    if (!chosen) return { num: B(pick(item)), den: 1n, tier: null, prnname: null };
    return { num: B(pick(chosen)), den: 1n, tier: chosen.level, prnname: chosen.subdescList.map((c) => normName(c.prnname)).join(',') };
  }
  const metric = tiers[0].subdescList[0].prnname;
  const total = m[metric];
  if (total <= 0) return { num: B(pick(item)), den: 1n, tier: null, prnname: normName(metric) };
  const steps = tiers
    .map((t) => ({
      from: t.subdescList.find((c) => c.prnname === metric)?.pvalue ?? Number.MAX_SAFE_INTEGER,
      rate: pick(t),
      level: t.level,
    }))
    .sort((a, b) => a.from - b.from);
  let num = 0n;
  let reached: number | null = null;
  const bounds = [{ from: 0, rate: pick(item), level: null as number | null }, ...steps];
  for (let i = 0; i < bounds.length; i++) {
    const lo = bounds[i].from;
    const hi = i + 1 < bounds.length ? bounds[i + 1].from : Number.MAX_SAFE_INTEGER;
    if (total <= lo) break;
    num += B(bounds[i].rate) * B(Math.min(total, hi) - lo);
    if (bounds[i].level !== null) reached = bounds[i].level;
  }
  return { num, den: B(total), tier: reached, prnname: normName(metric) };
}

/**
 * The statement rows of a month: every performance row with its scheme, group and item (the most
 * specific wins), its counted base, cost, rate and commission. `rows` are all the month's rows of
 * the employees concerned (their metrics need all of them).
 */
export function computeRows(rows: PerfSource[], schemes: SchemeVersions[], positionOn: PositionOn): RoyaltyRow[] {
  const metrics = monthMetrics(rows);
  const schemeOf = schemeFinder(schemes);
  return rows.map((r): RoyaltyRow => {
    const ps = positionOn(r.employeeId, r.businessDate);
    const out: RoyaltyRow = {
      perfId: r.perfId,
      eeid: r.employeeId,
      eecode: r.eecode,
      eename: r.eename,
      psname: ps.psname,
      pslname: ps.pslname,
      shopId: r.shopId,
      shopName: r.shopName,
      billId: r.billId,
      billcode: r.billNo,
      billdate: r.businessDate,
      btype: r.kind,
      sername: r.lineName,
      num: r.num,
      station: r.station,
      isAppoint: r.appointed,
      cause: r.cause,
      money: r.amount,
      perfParts: perfParts(r),
      base: 0,
      cost: 0,
      paytype: '',
      schemeName: null,
      royaltyTypeName: null,
      itemName: null,
      normType: null,
      royaltyRate: null,
      tier: null,
      prnname: null,
      royalty: 0,
      lateFrom: r.lateFrom,
    };
    const scheme = schemeOf(r.employeeId, r.shopId, r.businessDate);
    if (!scheme) return out;
    out.schemeName = scheme.name;
    let best: { item: RoyaltyItem; group: SchemeSnapshot['groups'][number]; score: number } | undefined;
    for (const g of scheme.groups) {
      // A group of 服务提成 pays on services only, whatever its items name (an item naming nothing names everything).
      if (g.lineKind && g.lineKind !== r.kind) continue;
      const applies = !g.psList.length || g.psList.some((p) => (p.type === 'position' ? p.psid === ps.positionId : p.psid === ps.levelId));
      if (!applies) continue;
      for (const item of g.items) {
        if (item.status !== 1) continue;
        const score = specificity(item, r.kind, r.itemId, r.categoryId);
        if (score > 0 && (!best || score > best.score)) best = { item, group: g, score };
      }
    }
    if (!best) return out;
    const { item, group } = best;
    out.royaltyTypeName = group.royaltyTypeName;
    out.itemName = item.name || group.name;
    out.normType = item.normType;
    const counted = item.payList.length ? item.payList : [...r.payPerf.keys()];
    const countedPerf = counted.reduce((s, p) => s + (r.payPerf.get(p) ?? 0), 0);
    out.paytype = counted
      .filter((p) => r.payPerf.has(p))
      .map((p) => r.payNames.get(p) ?? String(p))
      .join(',');
    out.base = item.payList.length ? roundDiv(B(r.amount) * B(countedPerf), B(r.linePerf)) : r.amount;
    const cost =
      item.costType === 1 ? roundDiv(B(out.base) * B(item.cost), 10_000n) : roundDiv(B(item.cost) * B(r.num) * B(r.amount), B(r.linePerf));
    out.cost = Math.abs(cost) > Math.abs(out.base) ? out.base : cost;
    const m = metrics.get(r.employeeId) as Metrics;
    const rate = rateOf(item, r.appointed, m, scheme.bracket);
    out.tier = rate.tier;
    out.prnname = rate.prnname;
    out.royaltyRate = rate.den === 1n ? Number(rate.num) : Math.round((Number(rate.num) / Number(rate.den)) * 100) / 100;
    out.royalty =
      item.normType === 2
        ? roundDiv(B(out.base - out.cost) * rate.num, 10_000n * rate.den)
        : roundDiv(B(r.num) * B(out.base) * rate.num, B(r.linePerf) * rate.den);
    return out;
  });
}
