import { GiftOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { type CardTypeRow, cardKindLabels, cardTypeStatusLabels, type Label, paySplitLabels } from '@headoffice/contract';
import { Button, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { pickLabel, t as tr } from '../../platform/i18n';
import { ResourceList } from '../../platform/resource/ResourceList';
import type { OptionItem, ResourceDef } from '../../platform/resource/types';
import { CARDS } from './api';
import { GiftRulesDrawer } from './GiftRulesDrawer';

/** Static options from a contract's label map, in the current language. */
export const labelOptions = (labels: Record<string | number, Label>, colors: Record<string, string> = {}) => ({
  kind: 'static' as const,
  raw: true,
  items: Object.entries(labels).map(
    ([value, label]): OptionItem => ({ value: /^\d+$/.test(value) ? Number(value) : value, label: pickLabel(label), color: colors[value] }),
  ),
});
const yesNo = () => ({
  kind: 'static' as const,
  raw: true,
  items: [
    { value: 1, label: tr('common.yes') },
    { value: 0, label: tr('common.no') },
  ],
});

/** Basis points shown as 折: 8500 → 8.5折 (0: no discount). */
export const discountText = (bp: number) => (bp ? tr('cards.type.zhe', { n: bp / 1000, pct: bp / 100 }) : tr('cards.type.noDiscount'));

const stored = (v: Record<string, unknown>) => v.kind !== 2;
const clearable = new Set(['expireMonths', 'periodMonths', 'periodEnd', 'cardSystemId', 'memo']);
const qualification = (v: Record<string, unknown>) => v.kind === 2;
const discountInput = { min: 0, max: 10, precision: 1, help: 'cards.type.discountHelp' };

const cardTypeDef: ResourceDef<CardTypeRow, 'keyword'> = {
  key: 'cards-types',
  title: 'cards.type.title',
  basePath: CARDS.typeSave,
  listPath: CARDS.typeList,
  savePath: CARDS.typeSave,
  detailPath: CARDS.typeOne,
  deletePath: false,
  updateStatusPath: false,
  exportPath: false,
  nextCodePath: CARDS.typeNewCode,
  editPerm: 'cards.type.edit',
  sendVersion: true,
  formWidth: 760,
  defaultSort: 'sort',
  // Discounts are typed as 折 (8.5) and kept as basis points (8500).
  toForm: (row) => ({ ...row, serviceDiscount: row.serviceDiscount / 1000, productDiscount: row.productDiscount / 1000 }),
  // An empty amount or flag is left out (the server's default); an emptied period or system is cleared.
  toSave: (v) => ({
    ...Object.fromEntries(
      Object.entries(v)
        .filter(([k, x]) => (x !== null && x !== undefined && x !== '') || clearable.has(k))
        .map(([k, x]) => [k, x === '' ? null : x]),
    ),
    serviceDiscount: Math.round(Number(v.serviceDiscount ?? 0) * 1000),
    productDiscount: Math.round(Number(v.productDiscount ?? 0) * 1000),
  }),
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'common.keywordPh' } },
    { key: 'code', title: 'cards.type.code', table: { width: 70, sorter: true }, form: { maxLength: 3 } },
    { key: 'name', title: 'cards.type.name', table: { width: 150, sorter: true }, form: { required: true, maxLength: 64 } },
    {
      key: 'kind',
      title: 'cards.type.kind',
      type: 'select',
      options: labelOptions(cardKindLabels, { 1: 'blue', 2: 'purple' }),
      table: { width: 90 },
      search: true,
      form: { required: true, initial: 1, disabledOnEdit: true },
    },
    {
      key: 'cardSystemId',
      title: 'cards.type.system',
      type: 'select',
      options: { kind: 'remote', url: CARDS.systemAll },
      table: { width: 120, display: 'cardSystemName' },
      search: true,
      form: {},
    },
    {
      key: 'status',
      title: 'cards.type.status',
      type: 'select',
      options: labelOptions(cardTypeStatusLabels, { 1: 'green', 2: 'default' }),
      table: { width: 80 },
      search: true,
      form: { initial: 1 },
    },
    { key: 'openAmount', title: 'cards.type.openAmount', type: 'money', table: { width: 100 }, form: { price: true, visible: stored } },
    { key: 'openGift', title: 'cards.type.openGift', type: 'money', table: false, form: { visible: stored } },
    { key: 'minRecharge', title: 'cards.type.minRecharge', type: 'money', table: false, form: { visible: stored } },
    { key: 'reminderBalance', title: 'cards.type.reminderBalance', type: 'money', table: false, form: { visible: stored } },
    { key: 'cost', title: 'cards.type.cost', type: 'money', table: false, form: {} },
    {
      key: 'expireMonths',
      title: 'cards.type.expireMonths',
      type: 'number',
      table: false,
      form: { visible: stored, min: 1, max: 600, help: 'cards.type.expireHelp' },
    },
    { key: 'fee', title: 'cards.type.fee', type: 'money', table: false, form: { price: true, visible: qualification } },
    {
      key: 'periodMonths',
      title: 'cards.type.periodMonths',
      type: 'select',
      options: { kind: 'static', raw: true, items: [6, 12, 24, 36].map((m) => ({ value: m, label: String(m) })) },
      table: false,
      form: { visible: qualification },
    },
    { key: 'periodEnd', title: 'cards.type.periodEnd', type: 'date', table: false, form: { visible: qualification } },
    {
      key: 'serviceDiscount',
      title: 'cards.type.serviceDiscount',
      type: 'number',
      table: { width: 90, render: (r) => discountText(r.serviceDiscount) },
      form: discountInput,
    },
    {
      key: 'productDiscount',
      title: 'cards.type.productDiscount',
      type: 'number',
      table: { width: 90, render: (r) => discountText(r.productDiscount) },
      form: discountInput,
    },
    {
      key: 'paySplit',
      title: 'cards.type.paySplit',
      type: 'select',
      options: labelOptions(paySplitLabels),
      table: false,
      form: { initial: 'proportional', visible: stored },
    },
    {
      key: 'giftDiscount',
      title: 'cards.type.giftDiscount',
      type: 'select',
      options: yesNo(),
      table: false,
      form: { initial: 1, visible: stored },
    },
    { key: 'notifyBalance', title: 'cards.type.notifyBalance', type: 'select', options: yesNo(), table: false, form: { initial: 0 } },
    { key: 'transferable', title: 'cards.type.transferable', type: 'select', options: yesNo(), table: false, form: { initial: 0 } },
    { key: 'autoNumber', title: 'cards.type.autoNumber', type: 'select', options: yesNo(), table: false, form: { initial: 1 } },
    { key: 'expiredMayPay', title: 'cards.type.expiredMayPay', type: 'select', options: yesNo(), table: false, form: { initial: 0 } },
    { key: 'shopCount', title: 'cards.type.shopCount', type: 'number', table: { width: 80 }, form: false },
    { key: 'ruleCount', title: 'cards.type.ruleCount', type: 'number', table: { width: 80 }, form: false },
    { key: 'memo', title: 'cards.type.memo', type: 'textarea', table: false, form: { maxLength: 500, span: 24 } },
  ],
};

/** /admin/cards/types — card types: stored value and qualification, their discounts, gift rules, issue or stop. */
export default function CardTypesPage() {
  const { t } = useTranslation();
  const [rules, setRules] = useState<CardTypeRow | null>(null);
  const status = useAction<{ row: CardTypeRow; status: 1 | 2 }>({
    run: ({ row, status: s }) => http.post(CARDS.typeStatus, { ids: [row.id], status: s }),
    success: (_, v) => t(v.status === 2 ? 'cards.type.stopped' : 'cards.type.resumed'),
    invalidates: [cardTypeDef],
  });
  return (
    <>
      <ResourceList<CardTypeRow, 'keyword'>
        def={cardTypeDef}
        actionsWidth={220}
        rowActions={(row, ctx) => (
          <>
            <Button type="link" size="small" icon={<GiftOutlined />} onClick={() => setRules(row)}>
              {t('cards.type.rules')}
            </Button>
            {ctx.canEdit ? (
              row.status === 1 ? (
                <Popconfirm title={`${t('cards.type.stop')}「${row.name}」？`} onConfirm={() => status.run({ row, status: 2 })}>
                  <Button type="link" size="small" danger icon={<PauseCircleOutlined />}>
                    {t('cards.type.stop')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button type="link" size="small" icon={<PlayCircleOutlined />} onClick={() => status.run({ row, status: 1 })}>
                  {t('cards.type.resume')}
                </Button>
              )
            ) : null}
            {row.status === 2 ? <Tag>{pickLabel(cardTypeStatusLabels[2])}</Tag> : null}
          </>
        )}
      />
      <GiftRulesDrawer cardType={rules} onClose={() => setRules(null)} invalidates={[cardTypeDef]} />
    </>
  );
}
