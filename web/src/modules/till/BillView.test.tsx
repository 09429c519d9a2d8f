import type { ServiceBillDetail } from '@headoffice/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, serve, wrap } from '../../test/api';
import { BillView } from './BillView';
import { serviceBillOf } from './test-bills';

fakeApi();

/** A walk-in's settled bill, revoked or not. */
const bill = (isHc: number): ServiceBillDetail =>
  serviceBillOf({
    isHc,
    hcAt: isHc ? '2026-01-01T03:00:00.000Z' : null,
    hcMemo: isHc ? '应为烫发' : null,
    hcReason: isHc ? 'wrongItem' : null,
    hcByName: isHc ? '张店长' : null,
  });

describe("the till's view of a bill", () => {
  it('says of a revoked bill who revoked it, when and why', () => {
    serve({});
    wrap(<BillView bill={bill(1)} />);
    expect(screen.getByText('撤单人')).toBeTruthy();
    expect(screen.getByText('张店长')).toBeTruthy();
    expect(screen.getByText('录错项目 · 应为烫发')).toBeTruthy();
  });

  it('says nothing of a revoke on a settled bill', () => {
    serve({});
    wrap(<BillView bill={bill(0)} />);
    expect(screen.queryByText('撤单人')).toBeNull();
  });
});
