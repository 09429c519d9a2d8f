import { UploadOutlined } from '@ant-design/icons';
import type { DormRateRow } from '@headoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, InputNumber, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../platform/action';
import { http } from '../../../platform/http';
import { ImportModal } from '../../../platform/resource/ImportModal';
import { invalidateResource } from '../../../platform/resource/invalidate';
import { ResourceList } from '../../../platform/resource/ResourceList';
import type { ResourceDef } from '../../../platform/resource/types';

const R = 'finance.rents';
const BASE = '/api-finance/dormrate';

/** 宿舍扣款比率: one row per shop (0 until set); the rate is kept in basis points and entered in percent. */
const dormRateDef: ResourceDef<DormRateRow, 'keyword'> = {
  key: 'finance-dorm-rates',
  title: `${R}.ratesTitle`,
  basePath: BASE,
  listPath: `${BASE}/list`,
  savePath: `${BASE}/save`,
  deletePath: false,
  updateStatusPath: false,
  exportPath: false,
  editPerm: 'finance.dormrate.edit',
  rowName: (r) => r.shopName,
  toForm: (r) => ({ ...r, rate: r.rate / 100 }),
  toSave: (v, row) => ({ shopId: row?.shopId, rate: Math.round(Number(v.rate ?? 0) * 100), memo: v.memo ?? null }),
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'finance.shops.keywordPh' } },
    { key: 'shopCode', title: 'finance.shops.shopCode', table: { width: 120 }, form: false },
    { key: 'shopName', title: `${R}.shop`, table: { width: 200 }, form: false },
    {
      key: 'rate',
      title: `${R}.rate`,
      type: 'number',
      table: { width: 140, align: 'right', render: (r) => `${(r.rate / 100).toFixed(2)}%` },
      form: { required: true, min: 0, max: 100, precision: 2 },
    },
    { key: 'memo', title: `${R}.memo`, table: { ellipsis: true }, form: { maxLength: 500 } },
  ],
};

/** /admin/finance/rents/dorm-rates — each shop's dormitory deduction rate; several at once; Excel import. */
export default function DormRatesPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [batch, setBatch] = useState<number[] | null>(null);
  const [rate, setRate] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const save = useAction({
    run: () => http.post<{ count: number }>(`${BASE}/saveRate`, { shopIds: batch, rate: Math.round((rate ?? 0) * 100) }),
    success: (r) => t(`${R}.rateSaved`, { count: r.count }),
    invalidates: [dormRateDef],
    done: () => setBatch(null),
  });
  return (
    <>
      <ResourceList<DormRateRow, 'keyword'>
        def={{ ...dormRateDef }}
        selectable
        hideCreate
        toolbar={(ctx) =>
          ctx.canEdit ? (
            <Space>
              <Button disabled={!ctx.selected.length} onClick={() => setBatch(ctx.selected.map((r) => r.shopId))}>
                {t(`${R}.setRate`)}
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t(`${R}.importRates`)}
              </Button>
            </Space>
          ) : null
        }
      />
      <Modal
        open={batch !== null}
        title={t(`${R}.setRateOf`, { count: batch?.length ?? 0 })}
        onCancel={() => setBatch(null)}
        onOk={() => save.run()}
        confirmLoading={save.busy}
        destroyOnHidden
      >
        <InputNumber min={0} max={100} precision={2} value={rate} onChange={setRate} addonAfter="%" style={{ width: 200 }} />
      </Modal>
      <ImportModal
        open={importing}
        onClose={() => setImporting(false)}
        entity={`${R}.ratesTitle`}
        templatePath={`${BASE}/excelTemplate`}
        templateMethod="GET"
        importPath={`${BASE}/saveSystem`}
        onDone={() => void invalidateResource(qc, dormRateDef)}
      />
    </>
  );
}
