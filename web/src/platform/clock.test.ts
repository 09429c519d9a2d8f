import { describe, expect, it } from 'vitest';
import { shopClock } from './clock';

describe('shopClock', () => {
  it("shows the shop's clock, not the browser's", () => {
    expect(shopClock('2026-11-24T23:46:00Z', '2026-11-25', 'Asia/Shanghai')).toBe('07:46');
    expect(shopClock('2026-11-24T23:46:00Z', '2026-11-24', 'Asia/Shanghai')).toBe('11-25 07:46');
    expect(shopClock('2026-11-24T23:46:00Z', '2026-11-24', 'UTC')).toBe('23:46');
  });
  it('shows nothing for a missing punch', () => {
    expect(shopClock(null, '2026-11-25', 'Asia/Shanghai')).toBe('');
  });
});
