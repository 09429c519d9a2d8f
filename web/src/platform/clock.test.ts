import { afterEach, describe, expect, it } from 'vitest';
import { companyDate, companyDateTime, companyMonth, companyToday, setCompanyZone, shopClock } from './clock';

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

describe('the company day', () => {
  afterEach(() => setCompanyZone(undefined));
  it("is the company's calendar day, not this browser's", () => {
    setCompanyZone('Asia/Shanghai');
    expect(companyDate(new Date('2026-11-25T16:30:00Z'))).toBe('2026-11-26');
    expect(companyDate(new Date('2026-11-30T16:30:00Z'))).toBe('2026-12-01');
    setCompanyZone('America/New_York');
    expect(companyDate(new Date('2026-11-25T03:00:00Z'))).toBe('2026-11-24');
  });
  it('gives today and the month in the same zone', () => {
    setCompanyZone('Asia/Shanghai');
    const today = companyDate();
    expect(companyToday().format('YYYY-MM-DD')).toBe(today);
    expect(companyMonth()).toBe(today.slice(0, 7));
  });
  it("shows a moment with its date on the company's clock", () => {
    setCompanyZone('Asia/Shanghai');
    expect(companyDateTime('2026-11-30T16:30:00Z')).toBe('2026-12-01 00:30');
    setCompanyZone('America/New_York');
    expect(companyDateTime('2026-11-25T03:05:00Z')).toBe('2026-11-24 22:05');
    expect(companyDateTime(null)).toBe('');
  });
  it('shows seconds when asked, and a wall-clock text that names no zone as it is', () => {
    setCompanyZone('Asia/Shanghai');
    expect(companyDateTime('2026-03-01T20:25:07.000Z', true)).toBe('2026-03-02 04:25:07');
    expect(companyDateTime('2026-03-01T20:25:07+00:00')).toBe('2026-03-02 04:25');
    expect(companyDateTime('2026-03-02 04:25:07')).toBe('2026-03-02 04:25');
    expect(companyDateTime('2026-03-02T04:25:07', true)).toBe('2026-03-02 04:25:07');
  });
});
