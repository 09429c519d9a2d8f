import { describe, it } from 'vitest';
import { branches } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';

describe('scratch', async () => {
  const t = await build();
  it('explores', async () => {
    const tenant = await t.tenant({ demo: true });
    try {
      await inTenant(t.database.db, tenant.tenantId, (tx) =>
        tx.insert(branches).values({ tenantId: tenant.tenantId, code: 'BM001', name: 'x' }),
      );
    } catch (e: any) {
      console.log(e.constructor.name, e.code, e.detail, e.cause?.constructor?.name, e.cause?.code, e.cause?.detail, e.cause?.table);
    }
  });
});
