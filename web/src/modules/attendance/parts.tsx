import { type CheckStatus, checkStatusLabels, type ShiftRow, shiftRecord } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../platform/http';
import { currentLang } from '../../platform/i18n';
import { useShops } from '../../platform/shops';

export const pickLabel = (label: readonly [string, string]) => label[currentLang() === 'en-US' ? 1 : 0];

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

/**
 * A punch time as the shop's clock showed it (the company's time zone, not this browser's): HH:mm, with the
 * date when it is another calendar day than the attendance day.
 */
export function punchTime(iso: string | null, cdate: string, zone: string | undefined) {
  if (!iso) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const time = `${parts.hour}:${parts.minute}`;
  return `${parts.year}-${parts.month}-${parts.day}` === cdate ? time : `${parts.month}-${parts.day} ${time}`;
}

export const thisMonth = () => dayjs().format('YYYY-MM');
export const today = () => dayjs().format('YYYY-MM-DD');

/** The enabled shifts of a shop (for pickers). */
export function useShopShifts(shopId: number | null): ShiftRow[] {
  const q = useQuery({
    queryKey: ['attendance-shifts', shopId],
    enabled: !!shopId,
    queryFn: () => http.get<ShiftRow[]>(shiftRecord.paths.all, { shopId }),
  });
  return q.data ?? [];
}
