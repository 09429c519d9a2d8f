import { namePicks } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../platform/http';

/** The commission module's API paths. */
export const RY = {
  schemes: '/api-pers/royaltymanage/page',
  schemeSave: '/api-pers/royaltymanage/save',
  schemeStatus: '/api-pers/royaltymanage/status',
  schemeCopy: '/api-pers/royaltymanage/copy',
  unableShops: '/api-pers/royaltymanage/unableSelectShopList',
  unableEmployees: '/api-pers/royaltymanage/unableSelectEmployeeList',
  groups: (schemeId: number) => `/api-pers/royaltygroup/list/${schemeId}`,
  groupSave: '/api-pers/royaltygroup/save',
  groupCopy: '/api-pers/royaltygroup/copy',
  groupDelete: (id: number) => `/api-pers/royaltygroup/${id}`,
  itemSave: '/api-pers/royaltyitem/item',
  itemStatus: '/api-pers/royaltyitem',
  types: '/api-pers/royaltytype/list/all',
  norms: '/api-pers/royaltynorm/list/vo',
  statement: '/api-pers/employeeroyalty/chain/list',
  my: '/api-pers/employeeroyalty/my',
  lock: '/api-pers/employeeroyalty/lock',
  billDetail: (id: number) => `/api-cashier/servicerecords/detail/${id}`,
};

/** Options of a picker path: a `list/all` array or a page's `list`. */
export function useOptions(path: string, params?: Record<string, unknown>, enabled = true) {
  return useQuery({
    queryKey: ['royalty-options', path, params],
    enabled,
    staleTime: 60_000,
    queryFn: async () => {
      const data = await http.read(namePicks, path, params);
      return (Array.isArray(data) ? data : data.list).map((o) => ({ value: o.id, label: o.name }));
    },
  });
}

/** A percent shown as 12.5 from basis points 1250, and back. */
export const bpToPercent = (bp: number | null | undefined) => (bp === null || bp === undefined ? null : bp / 100);
export const percentToBp = (p: number | null | undefined) => Math.round((p ?? 0) * 100);
