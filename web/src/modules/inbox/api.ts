import { inboxCounts } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { http } from '../../platform/http';
import { useLiveEvent, useLiveResync, useLiveStatus } from '../../platform/live';

export const INBOX_URL = '/admin/inbox';
/** The event of any change of a bill (server: platform/documents.ts). */
export const BILL_CHANGED = 'bill.changed';
/** Polling of the counts while live events do not arrive (the connection is down). */
const FALLBACK_POLL_MS = 60_000;

/** How many bills wait for the signed-in user (the menu badge): live, polled only while events do not arrive. */
export function useInboxCounts(enabled = true) {
  const live = useLiveStatus() === 'open';
  return useQuery({
    queryKey: ['inbox', 'counts'],
    queryFn: ({ signal }) => http.read(inboxCounts, '/api-user/inbox/counts', undefined, { signal, quiet: true }),
    enabled,
    refetchInterval: live ? false : FALLBACK_POLL_MS,
    staleTime: 30_000,
  });
}

/**
 * The inbox (badge and list) follows every bill change the user is told about, and refetches when
 * changes may have been missed; the changes of one moment (a transfer changes two bills) make one refetch.
 */
export function useInboxLive(enabled = true) {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = () => {
    if (!enabled || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void qc.invalidateQueries({ queryKey: ['inbox'] });
    }, 100);
  };
  useLiveEvent(BILL_CHANGED, refresh);
  useLiveResync(refresh);
}

/** Counts shown next to menu entries, by menu url. */
export function useMenuBadges(enabled = true): Record<string, number> {
  useInboxLive(enabled);
  const counts = useInboxCounts(enabled);
  const total = counts.data?.total ?? 0;
  return useMemo((): Record<string, number> => (total ? { [INBOX_URL]: total } : {}), [total]);
}
