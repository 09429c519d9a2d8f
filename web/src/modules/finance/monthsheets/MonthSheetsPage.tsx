import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { MONTH_SHEET, type MonthSheetRow, monthSheetColumnRecord, monthSheetRow, pageAnswer } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Modal, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../../platform/action';
import { usePermission } from '../../../platform/auth';
import { companyDateTime, companyToday } from '../../../platform/clock';
import { http } from '../../../platform/http';
import { formatMoney, yuanToCents } from '../../../platform/money';
import { ImportModal } from '../../../platform/resource/ImportModal';
import { ShopSelect } from '../../../platform/shops';

const S = MONTH_SHEET.paths;
const KEY = 'finance-monthsheets';
const columnRow = z.object({ code: z.string(), name: z.string(), type: z.number() }).loose();
type SheetColumn = z.output<typeof columnRow>;

/** The enabled columns of the month sheet, in their order (the record type's list, for their kinds). */
export function useSheetColumns() {
  return useQuery({
    queryKey: [KEY, 'columns'],
    queryFn: async () =>
      (await http.read(pageAnswer(columnRow), monthSheetColumnRecord.paths.list, { pageSize: 200, status: 1, sort: 'sort' })).list,
  });
}

const shown = (c: SheetColumn, v: number | string | undefined) =>
  v === undefined ? '' : c.type === 1 ? formatMoney(v as number) : String(v);

/**
 * /admin/finance/month-sheets — 门店月结表: per shop and month the values of the defined columns (月结表栏目),
 * entered one shop at a time or imported from the workbook of those columns; a closed month refuses both.
 */
export default function MonthSheetsPage() {
  const { t } = useTranslation();
  const k = (key: string, params?: Record<string, unknown>) => t(`finance.monthsheets.${key}`, params);
  const may = usePermission();
  const [month, setMonth] = useState(() => companyToday().subtract(1, 'month').format('YYYY-MM'));
  const [shopId, setShopId] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<Partial<MonthSheetRow> | null>(null);
  const columns = useSheetColumns();
  const rows = useQuery({
    queryKey: [KEY, 'all', month, shopId],
    queryFn: () => http.read(z.array(monthSheetRow), S.all, { yearmonth: month, shopid: shopId ?? undefined }),
  });
  const defined = columns.data ?? [];
  const tableColumns: TableColumnsType<MonthSheetRow> = [
    { title: k('shopCode'), dataIndex: 'shopCode', width: 100, fixed: 'left' },
    { title: k('shop'), dataIndex: 'shopName', width: 160, fixed: 'left' },
    { title: k('month'), dataIndex: 'yearmonth', width: 90 },
    ...defined.map((c) => ({
      key: c.code,
      title: c.name,
      width: 120,
      align: (c.type === 3 ? 'left' : 'right') as 'left' | 'right',
      render: (_: unknown, r: MonthSheetRow) => shown(c, r.values[c.code]),
    })),
    { title: k('memo'), dataIndex: 'memo', width: 160, ellipsis: true },
    { title: k('updatedAt'), dataIndex: 'updatedAt', width: 150, render: (v: string) => companyDateTime(v) },
    ...(may(MONTH_SHEET.perms.edit)
      ? [
          {
            title: k('actions'),
            key: 'actions',
            width: 80,
            fixed: 'right' as const,
            render: (_: unknown, r: MonthSheetRow) => (
              <Button type="link" size="small" onClick={() => setEditing(r)}>
                {k('edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <DatePicker picker="month" allowClear={false} value={dayjs(`${month}-01`)} onChange={(v) => v && setMonth(v.format('YYYY-MM'))} />
          <ShopSelect value={shopId} onChange={setShopId} allowClear placeholder={k('allShops')} style={{ width: 220 }} />
          {may(MONTH_SHEET.perms.edit) && (
            <>
              <Button type="primary" icon={<PlusOutlined />} disabled={!defined.length} onClick={() => setEditing({ yearmonth: month })}>
                {k('edit')}
              </Button>
              <Button icon={<ImportOutlined />} disabled={!defined.length} onClick={() => setImporting(true)}>
                {k('import')}
              </Button>
            </>
          )}
        </Space>
      }
    >
      {columns.isSuccess && !defined.length && <Alert type="info" showIcon title={k('noColumns')} style={{ marginBottom: 12 }} />}
      <Table<MonthSheetRow>
        size="small"
        bordered
        rowKey="id"
        loading={rows.isLoading}
        dataSource={rows.data ?? []}
        columns={tableColumns}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        data-testid="month-sheets"
      />
      <ImportModal
        open={importing}
        onClose={() => setImporting(false)}
        entity="finance.monthsheets.sheet"
        templatePath={S.template}
        importPath={S.import}
        onDone={() => void rows.refetch()}
      />
      {editing && <SheetForm initial={editing} columns={defined} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/** Enters one shop's month: a field per defined column (money in yuan). */
function SheetForm({ initial, columns, onClose }: { initial: Partial<MonthSheetRow>; columns: SheetColumn[]; onClose: () => void }) {
  const { t } = useTranslation();
  const k = (key: string, params?: Record<string, unknown>) => t(`finance.monthsheets.${key}`, params);
  const [form] = Form.useForm();
  const start = Object.fromEntries(
    columns.map((c) => {
      const v = initial.values?.[c.code];
      return [c.code, c.type === 1 && typeof v === 'number' ? v / 100 : v];
    }),
  );
  const save = useAction({
    run: async () => {
      const v = await form.validateFields();
      const values: Record<string, number | string> = {};
      for (const c of columns) {
        const raw = v.values?.[c.code];
        if (raw === undefined || raw === null || raw === '') continue;
        values[c.code] = c.type === 1 ? (yuanToCents(raw) ?? 0) : raw;
      }
      return http.send(monthSheetRow, S.save, {
        shopId: v.shopId,
        yearmonth: v.month.format('YYYY-MM'),
        values,
        memo: v.memo || undefined,
      });
    },
    success: (r) => k('saved', { shop: r.shopName, month: r.yearmonth }),
    invalidates: [[KEY, 'all']],
    done: onClose,
  });
  return (
    <Modal
      open
      title={k('editTitle')}
      onCancel={onClose}
      onOk={() => save.run()}
      okButtonProps={{ loading: save.busy }}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ shopId: initial.shopId, month: dayjs(`${initial.yearmonth}-01`), values: start, memo: initial.memo ?? '' }}
      >
        <Space wrap>
          <Form.Item name="shopId" label={k('shop')} rules={[{ required: true }]}>
            <ShopSelect style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="month" label={k('month')} rules={[{ required: true }]}>
            <DatePicker picker="month" allowClear={false} />
          </Form.Item>
        </Space>
        <Space wrap>
          {columns.map((c) => (
            <Form.Item key={c.code} name={['values', c.code]} label={c.name}>
              {c.type === 3 ? (
                <Input maxLength={200} style={{ width: 180 }} />
              ) : (
                <InputNumber style={{ width: 180 }} min={c.type === 1 ? 0 : undefined} precision={c.type === 1 ? 2 : undefined} />
              )}
            </Form.Item>
          ))}
        </Space>
        <Form.Item name="memo" label={k('memo')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
