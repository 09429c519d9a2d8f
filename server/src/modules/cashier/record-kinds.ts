import { isCardLine } from './card-bills.js';

/** Which head-office lists besides the service bills a bill of these lines belongs to, kept on the bill's head. */
export function recordKindsOf(lines: readonly { kind: string; packageLineId?: number | null }[]) {
  return {
    hasPackageLines: lines.some((l) => l.kind === 'package' || (l.packageLineId ?? null) !== null),
    hasCards: lines.some((l) => isCardLine(l.kind)),
  };
}
