import { useState } from 'react';

/** What a paged list answered: its page number and, for a full page of a keyed list, the key of its last row. */
interface Shown {
  page: number;
  next?: string;
}

/**
 * The `after` key a paged list sends. Moving on to the next page from the page on screen sends that
 * page's `next` (the server reads on from its last row: an index range however deep the page); any
 * other move (a page number typed or clicked further away, back, a new filter, sort or size) goes
 * by page number only. `list` names the list and everything but the page (path, filters, sort, size):
 * a key is only sent back to the list that gave it.
 */
export function usePageKeys(list: string) {
  const [held, setHeld] = useState<{ list: string; page: number; after: string } | undefined>();
  return {
    /** Call with the page the user goes to and what the table shows now. */
    moveTo(page: number, shown: Shown | undefined) {
      setHeld(shown?.next && shown.page === page - 1 ? { list, page, after: shown.next } : undefined);
    },
    /** The `after` of `page`, if the user came to it from the page before. */
    afterFor(page: number): { after?: string } {
      return held && held.list === list && held.page === page ? { after: held.after } : {};
    },
  };
}
