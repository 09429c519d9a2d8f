import { ORDER_CONFIG_PATH, orderConfig, orderConfigAutoNo, orderConfigMobile, orderConfigNo, stockConfig } from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { sentFields } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { setSetting } from '../../platform/settings.js';
import { getOrderConfig, getStockConfig, ORDER_CONFIG_KEY, STOCK_CONFIG_KEY } from './common.js';

async function patchOrderConfig(tx: Db, auth: Auth, patch: Record<string, unknown>) {
  const next = orderConfig.parse({ ...(await getOrderConfig(tx)), ...patch });
  await setSetting(tx, auth.tenantId, ORDER_CONFIG_KEY, next);
  return next;
}

/** `stockconfig` (stock.config) and `/api-stock/orderconfig` (stock.order): the tenant's stock and ordering settings. */
export function registerConfigRoutes(app: FastifyInstance) {
  const S = '/api-chain/stockconfig';
  route(
    app,
    'GET',
    `${S}/sysuser`,
    {
      summary: "The tenant's stock settings (allowNegative, autoAudit), for any signed-in user",
      description: 'Read as "the settings that apply to the signed-in (system) user", i.e. their tenant\'s.',
      perm: null,
      response: stockConfig,
    },
    ({ tx }) => getStockConfig(tx),
  );
  route(
    app,
    'POST',
    `${S}/save`,
    {
      summary: 'Save the stock settings',
      description:
        'allowNegative: outs may take balances below zero. autoAudit: a bill saved with lines by a user who may audit it is audited at once.',
      perm: 'stock.config.edit',
      body: stockConfig,
      entity: 'stockconfig',
    },
    async ({ tx, auth, body, req }) => {
      // Fields not sent keep their saved value.
      const next = stockConfig.parse({ ...(await getStockConfig(tx)), ...sentFields(body, req.body) });
      await setSetting(tx, auth.tenantId, STOCK_CONFIG_KEY, next);
      return next;
    },
  );

  const M = ORDER_CONFIG_PATH;
  route(
    app,
    'GET',
    `${M}/sysuser`,
    { summary: "The tenant's product-order settings (isAutoNo, isAllowMobile, noPrefix, noWidth)", perm: null, response: orderConfig },
    ({ tx }) => getOrderConfig(tx),
  );
  route(
    app,
    'POST',
    M,
    { summary: 'Save every product-order setting', perm: 'stock.config.edit', body: orderConfig, entity: 'orderconfig' },
    ({ tx, auth, body, req }) => patchOrderConfig(tx, auth, sentFields(body, req.body)),
  );
  route(
    app,
    'POST',
    `${M}/isAutoNo`,
    {
      summary: 'Turn automatic order numbering on or off',
      description: 'Off: the shop types each order number (billNo) when it saves a new order.',
      perm: 'stock.config.edit',
      body: orderConfigAutoNo,
      entity: 'orderconfig',
    },
    ({ tx, auth, body }) => patchOrderConfig(tx, auth, body),
  );
  route(
    app,
    'POST',
    `${M}/isAllowMobile`,
    {
      summary: 'Whether shops may save and submit orders from the mobile application',
      description: 'Off: saves and submits made with a token of the `mobile` application answer 403.',
      perm: 'stock.config.edit',
      body: orderConfigMobile,
      entity: 'orderconfig',
    },
    ({ tx, auth, body }) => patchOrderConfig(tx, auth, body),
  );
  route(
    app,
    'POST',
    `${M}/saveNo`,
    {
      summary: 'Order number rule: prefix (letters) and sequence width',
      description: 'Numbers are <prefix><yyyymmdd>-<sequence>, e.g. DH20260101-0001.',
      perm: 'stock.config.edit',
      body: orderConfigNo,
      entity: 'orderconfig',
    },
    ({ tx, auth, body }) => patchOrderConfig(tx, auth, body),
  );
}
