import { inboxTransitionBody } from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { billEntities, transitionVerb } from '../../platform/audit.js';
import { inbox, inboxCounts, servedDocuments, transition } from '../../platform/documents.js';
import { notFound } from '../../platform/errors.js';
import { route } from '../../platform/route.js';

/**
 * The approvals inbox (platform-wide: every registered document type). Any signed-in user may call
 * it; it lists only bills waiting for a transition the user holds the permission for, in shops they
 * may see. Approving from the inbox is the document's own transition().
 */
export function registerInboxRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    '/api-user/inbox',
    {
      summary: 'Bills waiting for a transition the signed-in user may perform, grouped by document type',
      description:
        'Each group: count, labels of its states and actions, and up to 50 items (oldest first) with the actions the user may take.',
      perm: null,
    },
    ({ tx, auth, lang }) => inbox(tx, auth, lang, servedDocuments(app).values()),
  );
  route(
    app,
    'GET',
    '/api-user/inbox/counts',
    { summary: 'How many bills wait for the signed-in user, in total and by document type (the menu badge)', perm: null },
    ({ tx, auth }) => inboxCounts(tx, auth, servedDocuments(app).values()),
  );
  route(
    app,
    'POST',
    '/api-user/inbox/transition',
    {
      summary: 'Perform a transition from the inbox (the same transition as the bill page: permission, state, version and memo checks)',
      perm: null,
      body: inboxTransitionBody,
      entity: 'inbox',
      // Logged as the bill's own action: 'Approved stock entry RK…', whichever page it came from.
      entityOf: (input) => billEntities.get((input.body as { docType: string }).docType),
      verb: (input) => transitionVerb((input.body as { action: string }).action),
      // Approving a stock bill or an order from the inbox posts stock.
      idempotent: 'optional',
    },
    async ({ tx, auth, lang, body }) => {
      const doc = servedDocuments(app).get(body.docType);
      if (!doc) throw notFound();
      const bill = await transition(tx, doc, { id: body.id, action: body.action, version: body.version, memo: body.memo, lang }, auth);
      return { docType: doc.docType, id: bill.id, billNo: bill.billNo, state: bill.state, version: bill.version };
    },
  );
}
