import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/http';
import { importErrors } from './actions';
import { changeLines } from './defs';

describe('employee import and stream helpers', () => {
  it('reads the row errors of a refused import', () => {
    const e = new ApiError(400, '400', '导入失败', [{ path: 'file', message: '第 3 行…' }], undefined, {
      errors: [{ row: 3, column: '手机号', message: '不是有效的手机号' }],
      errorCount: 1,
    });
    expect(importErrors(e)).toEqual([{ row: 3, column: '手机号', message: '不是有效的手机号' }]);
    expect(importErrors(new Error('x'))).toEqual([]);
  });

  it('describes what a transfer changed', () => {
    const lines = changeLines({
      id: 1,
      employeeId: 1,
      eecode: 'E1',
      employeeName: '张三',
      kind: 'transfer',
      effectiveDate: '2026-01-01',
      fromShopName: '静安店',
      toShopName: '徐汇店',
      fromBranchName: '门店部',
      toBranchName: '门店部',
      fromPositionName: null,
      toPositionName: null,
      fromLevelName: null,
      toLevelName: null,
      memo: null,
      applied: true,
      createdByName: null,
      createdAt: '2026-01-01T00:00:00Z',
    });
    expect(lines).toEqual([{ label: '门店', from: '静安店', to: '徐汇店' }]);
  });
});
