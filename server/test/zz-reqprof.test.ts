import { it } from 'vitest';
import { build } from './helpers.js';

it('times 400s', async () => {
  const t = await build();
  const a = await t.tenant();
  const hdr = { authorization: `Bearer ${a.admin.token}`, 'content-type': 'application/json' };
  for (let round = 0; round < 3; round++) {
    let s = performance.now();
    for (let i = 0; i < 500; i++)
      await t.app.inject({ method: 'POST', url: '/api-chain/shop', payload: JSON.stringify({ code: -1, name: [] }), headers: hdr });
    const bad = (performance.now() - s) / 500;
    s = performance.now();
    for (let i = 0; i < 500; i++) await t.app.inject({ method: 'GET', url: '/api-nothing/here', headers: hdr });
    const none = (performance.now() - s) / 500;
    console.log('400 ms/req', bad.toFixed(2), '404 route ms/req', none.toFixed(2));
  }
}, 300000);
