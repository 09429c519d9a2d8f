import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import SmsPage from './SmsPage';

fakeApi();

describe('SmsPage', () => {
  it("shows a shop user their shops' messages, and never asks for the chain's figures", async () => {
    serve({
      '/api-push/smsconfig': () => ({
        signature: '【美发连锁】',
        provider: 'sandbox',
        partLimits: [54, 118, 185],
        packages: [{ count: 1000, price: 8000 }],
      }),
      '/api-push/smsallowance/getSmsAllowanceByTenement': () => ({
        bought: 5000,
        assigned: 1200,
        pool: 3800,
        shopsRemaining: 900,
        used: 300,
      }),
      '/api-push/smsshop/chain/list': () => [{ shopId: 3, shopName: '北京国贸店', assigned: 1200, used: 300, remaining: 900 }],
    });
    wrap(<SmsPage />);
    const row = (await screen.findByText('北京国贸店', undefined, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('1200')).toBeTruthy();
    expect(within(row).getByText('900')).toBeTruthy();
    expect(calls('/api-push/smsallowance/getSmsAllowanceByTenement')).toHaveLength(0);
  }, 90_000);
});
