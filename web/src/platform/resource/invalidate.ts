import type { QueryClient } from '@tanstack/react-query';

/** After a write: refetch the resource's lists, and the pickers served under its base path. */
export function invalidateResource(qc: QueryClient, def: { key: string; basePath: string }): Promise<void> {
  return qc.invalidateQueries({
    predicate: (q) => {
      const [head, url] = q.queryKey as unknown[];
      if (head === def.key) return true;
      return head === 'options' && typeof url === 'string' && url.startsWith(def.basePath);
    },
  });
}
