import type { QueryClient } from '@tanstack/react-query';

/** What a write changes: a resource (its key and base path), and the reads that count or group its rows. */
export interface Invalidates {
  key: string;
  basePath: string;
  /**
   * Other resources whose reads show this one's rows counted or grouped (the region tree counts each
   * region's shops): a write here refetches them as well.
   */
  countedBy?: readonly { key: string; basePath: string }[];
}

/** A resource to refetch after a write, or a query key prefix (`['authority']`). */
export type InvalidateTarget = Invalidates | readonly unknown[];

function matchesResource(queryKey: readonly unknown[], def: { key: string; basePath: string }): boolean {
  const [head, url] = queryKey;
  if (head === def.key) return true;
  return head === 'options' && typeof url === 'string' && url.startsWith(def.basePath);
}

function matchesPrefix(queryKey: readonly unknown[], prefix: readonly unknown[]): boolean {
  return prefix.every((part, i) => queryKey[i] === part);
}

/**
 * After a write: refetch the resource's lists and the pickers served under its base path, and the
 * reads that count its rows. Every write of the web goes through here, so a count never stays stale.
 */
export function invalidate(qc: QueryClient, targets: readonly InvalidateTarget[]): Promise<void> {
  const resources: { key: string; basePath: string }[] = [];
  const prefixes: (readonly unknown[])[] = [];
  for (const target of targets) {
    if (Array.isArray(target)) prefixes.push(target);
    else {
      const def = target as Invalidates;
      resources.push(def, ...(def.countedBy ?? []));
    }
  }
  if (!resources.length && !prefixes.length) return Promise.resolve();
  return qc.invalidateQueries({
    predicate: (q) => resources.some((r) => matchesResource(q.queryKey, r)) || prefixes.some((p) => matchesPrefix(q.queryKey, p)),
  });
}

/** After a write to one resource (its lists, its pickers, the counts of it). */
export function invalidateResource(qc: QueryClient, def: Invalidates): Promise<void> {
  return invalidate(qc, [def]);
}
