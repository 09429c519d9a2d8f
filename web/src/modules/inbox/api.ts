import type { InboxCounts } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { http } from '../../platform/http';

export const INBOX_URL = '/admin/inbox';

/** How many bills wait for the signed-in user (the menu badge): refreshed every minute and after any transition. */
export function useInboxCounts(enabled = true) {
  return useQuery({
    queryKey: ['inbox', 'counts'],
    queryFn: ({ signal }) => http.get<InboxCounts>('/api-user/inbox/counts', undefined, { signal, quiet: true }),
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

/** Counts shown next to menu entries, by menu url. */
export function useMenuBadges(enabled = true): Record<string, number> {
  const counts = useInboxCounts(enabled);
  const total = counts.data?.total ?? 0;
  return useMemo((): Record<string, number> => (total ? { [INBOX_URL]: total } : {}), [total]);
}
