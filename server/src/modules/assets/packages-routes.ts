import {
  depositListQuery,
  depositMovementRow,
  depositMovementsQuery,
  depositRow,
  depositSaveBody,
  depositTakeoutBody,
  memPackagedescQuery,
  memberPackagePaths as P,
  packageBillAnswer,
  packageConsumeBody,
  packageLineRow,
  packageLinesPage,
  packagePickQuery,
  packageRecordsPage,
  packageRecordsQuery,
  packageRevokeBody,
  packageSellBody,
  pagePackagesQuery,
} from '@headoffice/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { definedEntityLabels } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth.js';
import { registerBill } from '../../platform/bills.js';
import { notFound } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { assertMemberVisible, assertShop } from './assets.js';
import { depositMovementsOf, depositsOf, saveDeposit, takeOut } from './deposits.js';
import {
  consumePackages,
  memberPackageLinesOf,
  packageRecords,
  pagePackages,
  pickPackageLines,
  revokePackageBill,
  sellPackage,
} from './packages.js';
import { packageExtensionType } from './packages-extension.js';
import { memberPackageLines, packageBills } from './schema.js';

definedEntityLabels.set('memberpackage', ['会员套餐', 'member package']);
definedEntityLabels.set('deposit', ['寄存产品', 'deposited product']);

const actor = (auth: Auth) => ({ tenantId: auth.tenantId, userId: auth.userId });

/** Member packages and their ledger, the package extension bill, deposited products. */
export async function packageRoutes(app: FastifyInstance) {
  const money = { idempotent: 'optional' as const, response: packageBillAnswer, entity: 'memberpackage' };
  route(
    app,
    'POST',
    P.sell,
    {
      summary: "Sell a package to a member: from the catalogue's package or lines given, each line's count on the package ledger",
      description: 'Not in the seed (the till sells through the same function; head office enters packages sold before). Idempotency-Key.',
      perm: 'assets.package.sell',
      body: packageSellBody,
      verb: 'create',
      moves: { what: ['money'], locks: ['close'], on: 'today, the selling shop' },
      ...money,
    },
    async ({ tx, auth, body }) => {
      assertShop(auth, body.shopId);
      await assertMemberVisible(tx, auth, body.memberId);
      return sellPackage(tx, actor(auth), body, null);
    },
  );
  route(
    app,
    'POST',
    P.consume,
    {
      summary: "Use counts of a member's package lines at a shop: refused past the count left, expired or for a frozen member",
      description: 'Not in the seed (the till calls the same function). Idempotency-Key.',
      perm: 'assets.package.consume',
      body: packageConsumeBody,
      verb: 'update',
      moves: { what: ['money'], locks: ['close'], on: "today, the using shop and the lines' selling shops" },
      ...money,
    },
    async ({ tx, auth, body }) => {
      assertShop(auth, body.shopId);
      const lines = await tx
        .select({ memberId: memberPackageLines.memberId })
        .from(memberPackageLines)
        .where(
          inArray(
            memberPackageLines.id,
            body.items.map((i) => i.lineId),
          ),
        );
      for (const l of lines) await assertMemberVisible(tx, auth, l.memberId);
      return consumePackages(tx, actor(auth), body, null);
    },
  );
  route(
    app,
    'POST',
    P.revoke,
    {
      summary: 'Revoke (撤单) a package bill: a use gives its counts back; a sale is taken back while nothing of it was used',
      description:
        'Not in the seed (a package bill made by no other bill; one a till bill or a refund made is revoked only with it: 409 naming it). Idempotency-Key.',
      perm: 'assets.package.revoke',
      body: packageRevokeBody,
      verb: 'revoke',
      moves: { what: ['money'], locks: ['close'], on: "today and the package bill's day, its shop and its lines' selling shops" },
      ...money,
    },
    async ({ tx, auth, body }) => {
      const [bill] = await tx
        .select({ shopId: packageBills.shopId, memberId: packageBills.memberId })
        .from(packageBills)
        .where(eq(packageBills.id, body.billId));
      if (!bill) throw notFound();
      await assertMemberVisible(tx, auth, bill.memberId);
      assertShop(auth, bill.shopId);
      return revokePackageBill(tx, actor(auth), body);
    },
  );
  route(
    app,
    'GET',
    P.lines,
    {
      summary: "A member's package lines: item, total, count left (snum), unit price of the batch (singlePrice), value left, expiry",
      perm: 'assets.package.view',
      query: memPackagedescQuery,
      response: z.array(packageLineRow),
    },
    ({ tx, auth, query }) => memberPackageLinesOf(tx, auth, query),
  );
  route(
    app,
    'GET',
    P.pick,
    {
      summary: 'Package lines with a count left, for pickers (up to 200, newest first)',
      description: 'Not in the seed (the extension bill picks its lines with it).',
      perm: 'assets.package.view',
      query: packagePickQuery,
      response: z.array(packageLineRow.extend({ label: z.string() })),
    },
    ({ tx, auth, query }) => pickPackageLines(tx, auth, query.keyword),
  );
  for (const path of [P.page, P.pageChain])
    route(
      app,
      'POST',
      path,
      {
        summary: "Members' package lines, paged, newest first: by member, mobile, selling shop, item, state (usable, used up, expired)",
        perm: 'assets.package.view',
        read: true,
        body: pagePackagesQuery,
        response: packageLinesPage,
      },
      ({ tx, auth, body }) => pagePackages(tx, auth, body),
    );
  route(
    app,
    'POST',
    P.records,
    {
      summary: 'The package ledger (newest first): bill, kind, shop, change (saleNum) and count left after it (surplusNum)',
      perm: 'assets.package.view',
      read: true,
      body: packageRecordsQuery,
      response: packageRecordsPage,
    },
    ({ tx, auth, body }) => packageRecords(tx, auth, body),
  );
  registerBill(app, packageExtensionType);

  // Deposited products (寄存).
  route(
    app,
    'GET',
    P.deposits,
    {
      summary: "A member's deposited products: total, count left (checknum), price, shop, source and source bill",
      description: 'Not in the seed (the member page shows them).',
      perm: 'assets.deposit.view',
      query: depositListQuery,
      response: z.array(depositRow),
    },
    ({ tx, auth, query }) => depositsOf(tx, auth, query.memid),
  );
  route(
    app,
    'GET',
    P.depositMovements,
    {
      summary: "A deposit's take-outs and refunds, newest first",
      description: 'Not in the seed.',
      perm: 'assets.deposit.view',
      query: depositMovementsQuery,
      response: z.array(depositMovementRow),
    },
    ({ tx, auth, query }) => depositMovementsOf(tx, auth, query.depositId),
  );
  route(
    app,
    'POST',
    P.depositSave,
    {
      summary: 'Record a product a member leaves at a shop (寄存)',
      description: 'Not in the seed (the till records deposits after a sale; head office enters old ones).',
      perm: 'assets.deposit.edit',
      body: depositSaveBody,
      entity: 'deposit',
      verb: 'create',
      idempotent: 'optional',
      response: depositRow,
    },
    ({ tx, auth, body }) => saveDeposit(tx, auth, actor(auth), body),
  );
  route(
    app,
    'POST',
    P.depositTakeout,
    {
      summary: 'Take units of a deposited product out at the shop that keeps it; never more than is left',
      description: 'Not in the seed.',
      perm: 'assets.deposit.edit',
      body: depositTakeoutBody,
      entity: 'deposit',
      verb: 'update',
      idempotent: 'optional',
      response: depositRow,
    },
    ({ tx, auth, body }) => takeOut(tx, auth, actor(auth), body),
  );
}
