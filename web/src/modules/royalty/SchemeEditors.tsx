import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type RoyaltyGroup,
  type RoyaltyItem,
  type RoyaltyScheme,
  royaltyItemTypeLabels,
  royaltyItemTypes,
  royaltyNorms,
  royaltyTaken,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { http } from '../../platform/http';
import { currentLang, pickLabel } from '../../platform/i18n';
import { FormDialog } from '../../platform/list/FormDialog';
import { centsToYuan, yuanToCents } from '../../platform/money';
import { useShops } from '../../platform/shops';
import { bpToPercent, percentToBp, RY, useOptions } from './api';

/** The editors of the commission schemes page: a scheme, a group of it and an item of a group. */

export const normLabel = (code: string) => {
  const n = royaltyNorms.find((x) => x.code === code);
  return n ? (currentLang() === 'en-US' ? n.nameEn : n.name) : code;
};
export const isMoneyNorm = (code: string) => royaltyNorms.find((x) => x.code === code)?.money ?? true;

interface SchemeForm {
  prmname: string;
  /** 1 shops, 2 personal (the row's own type is a plain number). */
  type: number;
  bracket: boolean;
  shops: number[];
  employees: number[];
  memo?: string;
}
interface GroupForm {
  name: string;
  royaltyTypeId: number;
  positions: number[];
  levels: number[];
}
interface TierForm {
  level: number;
  pcondition: 1 | 2;
  conditions: { prnname: string; pvalue: number }[];
  norm: number;
  norm2: number;
}
/** The item editor's fields (the item's id is not one: a form gives back only its fields' values). */
interface ItemForm {
  name?: string;
  targets: { itemtype: string; ids: number[] }[];
  normType: 1 | 2;
  costType: 1 | 2;
  cost: number;
  payList: number[];
  norm: number;
  norm2: number;
  tiers: TierForm[];
  status: boolean;
}

/** A rate field's value on screen: percent for percent items, yuan for fixed ones. */
const rateIn = (normType: number, v: number) => (normType === 2 ? bpToPercent(v) : centsToYuan(v)) ?? 0;
const rateOut = (normType: number, v: number) => (normType === 2 ? percentToBp(v) : (yuanToCents(v) ?? 0));

function itemToForm(i?: RoyaltyItem): ItemForm {
  if (!i) return { targets: [], normType: 2, costType: 1, cost: 0, payList: [], norm: 0, norm2: 0, tiers: [], status: true };
  return {
    name: i.name,
    targets: i.items,
    normType: i.normType,
    costType: i.costType,
    cost: i.costType === 1 ? (bpToPercent(i.cost) ?? 0) : (centsToYuan(i.cost) ?? 0),
    payList: i.payList,
    norm: rateIn(i.normType, i.norm),
    norm2: rateIn(i.normType, i.norm2),
    tiers: i.levelList.map((l) => ({
      level: l.level,
      pcondition: l.pcondition,
      conditions: l.subdescList.map((c) => ({
        prnname: c.prnname,
        pvalue: isMoneyNorm(c.prnname) ? (centsToYuan(c.pvalue) ?? 0) : c.pvalue,
      })),
      norm: rateIn(i.normType, l.norm),
      norm2: rateIn(i.normType, l.norm2),
    })),
    status: i.status === 1,
  };
}

function formToItem(groupId: number, id: number | undefined, v: ItemForm) {
  return {
    id,
    groupId,
    name: v.name || undefined,
    items: (v.targets ?? []).filter((x) => x?.itemtype),
    normType: v.normType,
    costType: v.costType,
    cost: v.costType === 1 ? percentToBp(v.cost) : (yuanToCents(v.cost) ?? 0),
    payList: v.payList ?? [],
    norm: rateOut(v.normType, v.norm),
    norm2: rateOut(v.normType, v.norm2),
    levelList: (v.tiers ?? []).map((l) => ({
      level: l.level,
      pcondition: l.pcondition,
      subdescList: l.conditions.map((c) => ({
        prnname: c.prnname,
        pvalue: isMoneyNorm(c.prnname) ? (yuanToCents(c.pvalue) ?? 0) : Math.round(c.pvalue),
      })),
      norm: rateOut(v.normType, l.norm),
      norm2: rateOut(v.normType, l.norm2),
    })),
    status: v.status ? 1 : 0,
  };
}

const TARGET_PATHS: Record<string, { path: string; params?: Record<string, unknown> }> = {
  service: { path: '/api-chain/serviceinfo/list', params: { pageSize: 200 } },
  product: { path: '/api-chain/product/list/all' },
  package: { path: '/api-chain/servicepackage/list/all' },
  cardType: { path: '/api-member/cardtype/list/all' },
  serviceType: { path: '/api-chain/servicetype/list/all' },
  productCategory: { path: '/api-chain/productcategory/list/all' },
};

function TargetIds({ itemtype, value, onChange }: { itemtype?: string; value?: number[]; onChange?: (v: number[]) => void }) {
  const src = TARGET_PATHS[itemtype ?? 'service'] ?? TARGET_PATHS.service;
  const opts = useOptions(src.path, src.params, !!itemtype);
  return (
    <Select
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      maxTagCount="responsive"
      style={{ width: 360 }}
      value={value}
      onChange={onChange}
      options={opts.data ?? []}
      loading={opts.isLoading}
    />
  );
}

/** The item editor: what earns, how, rates for 指定/非指定, cost, counted pay types and tiers. */
export function ItemModal({ group, item, onClose }: { group: RoyaltyGroup | null; item?: RoyaltyItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ItemForm>();
  const payTypes = useOptions('/api-cashier/paytype/list/all');
  const normType = Form.useWatch('normType', form) ?? item?.normType ?? 2;
  const costType = Form.useWatch('costType', form) ?? item?.costType ?? 1;
  const unit = normType === 2 ? t('royalty.item.rateUnitPercent') : t('royalty.item.rateUnitYuan');
  const rate = (name: string | (string | number)[], label: string) => (
    <Form.Item name={name} label={label} rules={[{ required: true }]}>
      <InputNumber min={0} max={normType === 2 ? 100 : 1_000_000} precision={2} addonAfter={unit} style={{ width: 150 }} />
    </Form.Item>
  );
  return (
    <FormDialog
      open={group !== null}
      width={900}
      title={item ? t('royalty.item.edit') : t('royalty.item.add')}
      form={form}
      initialValues={itemToForm(item)}
      send={(v) => http.post(RY.itemSave, formToItem(group?.id as number, item?.id, v))}
      invalidates={[['royalty-groups']]}
      onClose={onClose}
    >
      <Form.List name="targets">
        {(fields, { add, remove }) => (
          <Form.Item label={t('royalty.item.targets')} extra={fields.length ? undefined : t('royalty.item.allLines')}>
            {fields.map((f) => (
              <Space key={f.key} align="baseline">
                <Form.Item name={[f.name, 'itemtype']} rules={[{ required: true }]}>
                  <Select
                    style={{ width: 160 }}
                    placeholder={t('royalty.item.itemtype')}
                    options={royaltyItemTypes.map((x) => ({ value: x, label: pickLabel(royaltyItemTypeLabels[x]) }))}
                  />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() => (
                    <Form.Item name={[f.name, 'ids']} rules={[{ required: true }]}>
                      <TargetIds itemtype={form.getFieldValue(['targets', f.name, 'itemtype'])} />
                    </Form.Item>
                  )}
                </Form.Item>
                <MinusCircleOutlined onClick={() => remove(f.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ itemtype: 'service', ids: [] })}>
              {t('royalty.item.targets')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name="normType" label={t('royalty.item.normType')}>
            <Radio.Group
              options={[
                { value: 2, label: t('royalty.item.percent') },
                { value: 1, label: t('royalty.item.fixed') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={8}>{rate('norm', t('royalty.item.norm'))}</Col>
        <Col span={8}>{rate('norm2', t('royalty.item.norm2'))}</Col>
      </Row>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name="costType" label={t('royalty.item.costType')}>
            <Radio.Group
              options={[
                { value: 1, label: t('royalty.item.costPercent') },
                { value: 2, label: t('royalty.item.costFixed') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="cost" label={t('royalty.item.cost')}>
            <InputNumber
              min={0}
              max={costType === 1 ? 100 : 1_000_000}
              precision={2}
              addonAfter={costType === 1 ? '%' : t('royalty.item.rateUnitYuan')}
              style={{ width: 150 }}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="status" label={t('royalty.item.status')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="payList" label={t('royalty.item.payList')}>
        <Checkbox.Group options={payTypes.data ?? []} />
      </Form.Item>
      <Form.List name="tiers">
        {(fields, { add, remove }) => (
          <Form.Item label={t('royalty.item.tiers')}>
            {fields.map((f) => (
              <Card key={f.key} size="small" style={{ marginBottom: 8 }}>
                <Space wrap align="baseline">
                  <Form.Item name={[f.name, 'level']} label={t('royalty.item.level')} rules={[{ required: true }]}>
                    <InputNumber min={1} max={50} style={{ width: 70 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'pcondition']} label={t('royalty.item.pcondition')}>
                    <Select
                      style={{ width: 80 }}
                      options={[
                        { value: 1, label: t('royalty.item.and') },
                        { value: 2, label: t('royalty.item.or') },
                      ]}
                    />
                  </Form.Item>
                  {rate([f.name, 'norm'], t('royalty.item.norm'))}
                  {rate([f.name, 'norm2'], t('royalty.item.norm2'))}
                  <MinusCircleOutlined onClick={() => remove(f.name)} />
                </Space>
                <Form.List name={[f.name, 'conditions']}>
                  {(cs, ops) => (
                    <>
                      {cs.map((c) => (
                        <Space key={c.key} align="baseline">
                          <Form.Item name={[c.name, 'prnname']} rules={[{ required: true }]}>
                            <Select
                              style={{ width: 180 }}
                              placeholder={t('royalty.item.metric')}
                              options={royaltyNorms.map((n) => ({ value: n.code, label: normLabel(n.code) }))}
                            />
                          </Form.Item>
                          <span>≥</span>
                          <Form.Item name={[c.name, 'pvalue']} rules={[{ required: true }]}>
                            <InputNumber min={0} precision={2} style={{ width: 140 }} placeholder={t('royalty.item.pvalue')} />
                          </Form.Item>
                          {cs.length > 1 && <MinusCircleOutlined onClick={() => ops.remove(c.name)} />}
                        </Space>
                      ))}
                      <Button size="small" type="link" onClick={() => ops.add({ prnname: 'yj', pvalue: 0 })}>
                        + {t('royalty.item.metric')}
                      </Button>
                    </>
                  )}
                </Form.List>
              </Card>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() =>
                add({ level: fields.length + 1, pcondition: 1, conditions: [{ prnname: 'yj', pvalue: 0 }], norm: 0, norm2: 0 })
              }
            >
              {t('royalty.item.addTier')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
    </FormDialog>
  );
}

export function GroupModal({ scheme, group, onClose }: { scheme: RoyaltyScheme; group: RoyaltyGroup | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const types = useOptions(RY.types);
  const positions = useOptions('/api-chain/position/list/all');
  const levels = useOptions('/api-chain/positionlevel/list/all');
  const g = group === 'new' ? undefined : (group ?? undefined);
  return (
    <FormDialog<GroupForm>
      open={group !== null}
      title={g ? t('royalty.group.edit') : t('royalty.group.add')}
      initialValues={{
        name: g?.name,
        royaltyTypeId: g?.royaltyTypeId,
        positions: g?.psList.filter((p) => p.type === 'position').map((p) => p.psid) ?? [],
        levels: g?.psList.filter((p) => p.type === 'level').map((p) => p.psid) ?? [],
      }}
      send={(v) =>
        http.post(RY.groupSave, {
          id: g?.id,
          schemeId: scheme.id,
          name: v.name,
          royaltyTypeId: v.royaltyTypeId,
          psList: [
            ...(v.positions ?? []).map((psid) => ({ psid, type: 'position' })),
            ...(v.levels ?? []).map((psid) => ({ psid, type: 'level' })),
          ],
        })
      }
      invalidates={[['royalty-groups']]}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('royalty.group.name')} rules={[{ required: true }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="royaltyTypeId" label={t('royalty.group.type')} rules={[{ required: true }]}>
        <Select options={types.data ?? []} />
      </Form.Item>
      <Form.Item name="positions" label={t('royalty.group.positions')} extra={t('royalty.group.all')}>
        <Select mode="multiple" allowClear optionFilterProp="label" options={positions.data ?? []} />
      </Form.Item>
      <Form.Item name="levels" label={t('royalty.group.levels')}>
        <Select mode="multiple" allowClear optionFilterProp="label" options={levels.data ?? []} />
      </Form.Item>
    </FormDialog>
  );
}

export function SchemeModal({ scheme, onClose }: { scheme: RoyaltyScheme | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SchemeForm>();
  const s = scheme === 'new' ? undefined : (scheme ?? undefined);
  const { shops } = useShops();
  const staff = useOptions('/api-base/employee/chain/list/all');
  const takenShops = useQuery({
    queryKey: ['royalty-unable-shops', s?.id],
    enabled: scheme !== null,
    queryFn: () => http.read(z.array(royaltyTaken), RY.unableShops, { id: s?.id }),
  });
  const takenEmployees = useQuery({
    queryKey: ['royalty-unable-employees', s?.id],
    enabled: scheme !== null,
    queryFn: () => http.read(z.array(royaltyTaken), RY.unableEmployees, { id: s?.id }),
  });
  const type = Form.useWatch('type', form) ?? s?.type ?? 1;
  const takenName = (list: { id: number; prmname: string }[] | undefined, id: number) => list?.find((x) => x.id === id)?.prmname;
  return (
    <FormDialog
      open={scheme !== null}
      width={640}
      title={s ? t('royalty.scheme.edit') : t('royalty.scheme.add')}
      form={form}
      initialValues={{
        prmname: s?.prmname,
        type: s?.type ?? 1,
        bracket: s?.bracket ?? false,
        shops: s?.shops.map((x) => x.id) ?? [],
        employees: s?.employees.map((x) => x.id) ?? [],
        memo: s?.memo ?? undefined,
      }}
      send={(v) =>
        http.post(RY.schemeSave, {
          ...v,
          id: s?.id,
          shops: v.type === 1 ? (v.shops ?? []) : [],
          employees: v.type === 2 ? (v.employees ?? []) : [],
        })
      }
      invalidates={[['royalty-schemes']]}
      onClose={onClose}
    >
      <Form.Item name="prmname" label={t('royalty.scheme.name')} rules={[{ required: true }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="type" label={t('royalty.scheme.type')}>
        <Radio.Group
          options={[
            { value: 1, label: t('royalty.scheme.shopType') },
            { value: 2, label: t('royalty.scheme.personal') },
          ]}
        />
      </Form.Item>
      {type === 1 ? (
        <Form.Item name="shops" label={t('royalty.scheme.shops')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={shops.map((x) => {
              const other = takenName(takenShops.data, x.id);
              return { value: x.id, label: other ? `${x.name} (${t('royalty.scheme.taken')}: ${other})` : x.name, disabled: !!other };
            })}
          />
        </Form.Item>
      ) : (
        <Form.Item name="employees" label={t('royalty.scheme.employees')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={(staff.data ?? []).map((x) => {
              const other = takenName(takenEmployees.data, x.value);
              return { ...x, label: other ? `${x.label} (${t('royalty.scheme.taken')}: ${other})` : x.label, disabled: !!other };
            })}
          />
        </Form.Item>
      )}
      <Form.Item name="bracket" valuePropName="checked">
        <Checkbox>{t('royalty.scheme.bracket')}</Checkbox>
      </Form.Item>
      <Form.Item name="memo" label={t('royalty.scheme.memo')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
