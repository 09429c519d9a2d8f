import { type CheckStatus, checkStatusLabels, type ShiftRow, shiftRecord } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../platform/http';
import { pickLabel } from '../../platform/i18n';
import { useShops } from '../../platform/shops';

/** The shop a page shows: the first shop the user sees until one is chosen. */
export function useShopChoice() {
  const { shops, loading } = useShops();
  const [shopId, setShopId] = useState<number | null>(null);
  useEffect(() => {
    if (shopId === null && shops.length) setShopId(shops[0].id);
  }, [shops, shopId]);
  return { shopId, setShopId, shops, loading };
}

/** A punch's status as a coloured tag, with (补) for a make-up punch. */
export function StatusTag({ status, makeup }: { status: number; makeup?: boolean }) {
  const { t } = useTranslation();
  const def = checkStatusLabels[status as CheckStatus] ?? checkStatusLabels[0];
  return (
    <Tag color={def.color}>
      {pickLabel(def.label)}
      {makeup ? `(${t('attendance.record.makeup')})` : ''}
    </Tag>
  );
}

/** The enabled shifts of a shop (for pickers). */
export function useShopShifts(shopId: number | null): ShiftRow[] {
  const q = useQuery({
    queryKey: ['attendance-shifts', shopId],
    enabled: !!shopId,
    queryFn: () => http.get<ShiftRow[]>(shiftRecord.paths.all, { shopId }),
  });
  return q.data ?? [];
}
