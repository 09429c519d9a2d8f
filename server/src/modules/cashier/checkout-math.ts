import { splitByWeights } from '@headoffice/contract';

/**
 * The exact arithmetic of a settle (DOMAIN-DETAIL §4.4), pure so that it can be tested on its own:
 * payments allocated over lines, performance per cell; cents split by the largest remainder
 * (`splitByWeights`, the contract's: the till prices bills with it too).
 */
export { splitByWeights };

/**
 * 分摊: allocates payments over lines so that every payment's cells add up to the payment and every
 * line's cells add up to the line, to the cent. Payments are taken in order, each over what the lines
 * still lack (in proportion, largest remainder); the last one takes exactly what is left. Requires
 * Σ payments = Σ lines and no negative amounts.
 */
export function allocate(payments: number[], lines: number[]): number[][] {
  const totalPaid = payments.reduce((s, p) => s + p, 0);
  const totalLines = lines.reduce((s, l) => s + l, 0);
  if (totalPaid !== totalLines) throw new Error(`payments ${totalPaid} ≠ lines ${totalLines}`);
  const remaining = [...lines];
  return payments.map((payment) => {
    const cells = splitByWeights(payment, remaining);
    cells.forEach((c, j) => {
      remaining[j] -= c;
    });
    return cells;
  });
}

/** One cell's fee and performance: fee = round(cell × feeRate), perf = round((cell − fee) × perfRate); rates in basis points. */
export function cellPerf(cell: number, perfRate: number, feeRate: number) {
  const fee = Math.round((cell * feeRate) / 10_000);
  const perf = Math.round(((cell - fee) * perfRate) / 10_000);
  return { fee, perf };
}

/**
 * A line's performance split over one station's employees by their shares (basis points adding up to
 * 10,000), largest remainder: the rows add up to the line's performance.
 */
export function splitStation(perf: number, shares: number[]) {
  return splitByWeights(perf, shares);
}

/** Equal shares in basis points for n employees, adding up to 10,000. */
export function equalShares(n: number) {
  return splitByWeights(10_000, Array(n).fill(1));
}

/**
 * 分摊 where some payments may pay only some lines (a coupon usable on services only: `only[i]` marks
 * the lines payment i may pay; absent, every line). Those are allocated first, the narrowest first,
 * each over what its lines still lack; the others then over what is left, in order. Every payment
 * and every line still adds up to the cent. Answers null when the restricted payments cannot all be
 * placed on their lines.
 */
export function allocateRestricted(payments: number[], lines: number[], only: (boolean[] | undefined)[] = []): number[][] | null {
  const remaining = [...lines];
  const out: number[][] = payments.map(() => lines.map(() => 0));
  const width = (mask: boolean[] | undefined) => mask?.filter(Boolean).length ?? lines.length;
  const restricted = payments
    .map((_, i) => i)
    .filter((i) => only[i])
    .sort((a, b) => width(only[a]) - width(only[b]) || a - b);
  for (const i of restricted) {
    const weights = remaining.map((r, j) => (only[i]?.[j] ? r : 0));
    if (weights.reduce((s, w) => s + w, 0) < payments[i]) return null;
    out[i] = splitByWeights(payments[i], weights);
    out[i].forEach((c, j) => {
      remaining[j] -= c;
    });
  }
  const free = payments.map((_, i) => i).filter((i) => !only[i]);
  const cells = allocate(
    free.map((i) => payments[i]),
    remaining,
  );
  free.forEach((i, k) => {
    out[i] = cells[k];
  });
  return out;
}

/**
 * 分摊 with package counts: the money payments are allocated over the lines not paid by a package
 * (those weigh nothing; `only` restricts payments to some lines as in `allocateRestricted`), and one
 * more row, the package pay type's, pays exactly the package-paid lines (present when they amount
 * to more than zero). Σ money = Σ lines not paid by a package. Null when the restricted payments
 * cannot be placed.
 */
export function allocateWithPackages(
  money: number[],
  lines: { amount: number; byPackage: boolean }[],
  only: (boolean[] | undefined)[] = [],
): number[][] | null {
  const byPackage = lines.reduce((s, l) => s + (l.byPackage ? l.amount : 0), 0);
  const cells = allocateRestricted(
    money,
    lines.map((l) => (l.byPackage ? 0 : l.amount)),
    only,
  );
  if (!cells) return null;
  return [...cells, ...(byPackage > 0 ? [lines.map((l) => (l.byPackage ? l.amount : 0))] : [])];
}
