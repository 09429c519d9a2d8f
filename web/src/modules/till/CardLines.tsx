import { type BillLineKind, memberLookupRow, TILL_PATHS as T, type TillSetup } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';

export const isCardKind = (kind: BillLineKind) => kind === 'cardOpen' || kind === 'cardRecharge';

/**
 * The item cell of a card line at the till: 开卡 picks a card type sold in the shop, 充值 one of the
 * bill member's cards (found by the member's mobile); both take the money paid into the card.
 */
export function CardLineItem({
  kind,
  itemId,
  amount,
  setup,
  mobile,
  disabled,
  index,
  onChange,
}: {
  kind: BillLineKind;
  itemId: number | null;
  amount: number | undefined;
  setup: TillSetup;
  mobile: string | null;
  disabled: boolean;
  index: number;
  onChange: (patch: { itemId?: number; amount?: number }) => void;
}) {
  const { t } = useTranslation();
  const cards = useQuery({
    queryKey: ['till-member-cards', setup.shopId, mobile],
    queryFn: () => http.read(z.array(memberLookupRow), T.member, { shopid: setup.shopId, q: mobile }),
    enabled: kind === 'cardRecharge' && Boolean(mobile),
  });
  const options =
    kind === 'cardOpen'
      ? setup.cardTypes.map((c) => ({ value: c.id, label: `${t('till.kind.cardOpen')} ${c.name}` }))
      : (cards.data ?? [])
          .filter((m) => m.mobile === mobile)
          .flatMap((m) => m.cards)
          .map((c) => ({
            value: c.cardId,
            label: `${t('till.kind.cardRecharge')} ${c.cardNo} ${c.cardTypeName} · ${formatMoney(c.principal + c.gift)}`,
          }));
  const type = kind === 'cardOpen' ? setup.cardTypes.find((c) => c.id === itemId) : undefined;
  const least = type?.openAmount ?? 0;
  return (
    <Space>
      <Select
        disabled={disabled}
        style={{ width: 220 }}
        showSearch
        optionFilterProp="label"
        value={itemId}
        placeholder={kind === 'cardOpen' ? t('till.cardBill.cardType') : t('till.cardBill.card')}
        onChange={(v) => onChange({ itemId: v })}
        options={options}
        data-testid={`till-line-item-${index}`}
      />
      <InputNumber
        disabled={disabled}
        min={0.01}
        precision={2}
        style={{ width: 130 }}
        placeholder={least ? t('till.cardBill.least', { amount: formatMoney(least) }) : t('till.cardBill.amount')}
        value={amount === undefined ? null : amount / 100}
        onChange={(v) => onChange({ amount: v === null ? undefined : Math.round(v * 100) })}
        data-testid={`till-line-amount-${index}`}
      />
    </Space>
  );
}

/** 开卡 and 充值 at the till, for a bill with a member. */
export function CardLineButtons({ onAdd }: { onAdd: (kind: 'cardOpen' | 'cardRecharge') => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button onClick={() => onAdd('cardOpen')} data-testid="till-add-card-open">
        {t('till.cardBill.open')}
      </Button>
      <Button onClick={() => onAdd('cardRecharge')} data-testid="till-add-card-recharge">
        {t('till.cardBill.recharge')}
      </Button>
    </>
  );
}
