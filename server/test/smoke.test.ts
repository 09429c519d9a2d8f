import { describe, expect, it } from 'vitest';
import { build } from './helpers.js';

describe('smoke', async () => {
  const t = await build();
  it('signs in and lists shops', async () => {
    const tenant = await t.tenant({ demo: true });
    const res = await tenant.admin.get('/api-chain/shop', { pageSize: 5 });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThanOrEqual(8);
    expect(res.body.data.list).toHaveLength(5);
  });
});
