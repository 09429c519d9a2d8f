import { ImportOutlined } from '@ant-design/icons';
import { MONTH_LOSS, MONTH_LOSS_FIELDS, type MonthLossField, type MonthLossRow, monthLossRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { usePermission } from '../../../platform/auth';
import { useLabel } from '../../../platform/bills/labels';
import { companyDateTime, companyToday } from '../../../platform/clock';
import { http } from '../../../platform/http';
import { formatMoney } from '../../../platform/money';
import { ImportModal } from '../../../platform/resource/ImportModal';
import { ShopSelect } from '../../../platform/shops';

const L = MONTH_LOSS.paths;

/** /admin/finance/month-losses — 门店月度亏损 (分店亏损情况表): a month of the shops' losses, imported from the workbook. */
export default function MonthLossesPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const k = (key: string) => t(`finance.monthsheets.${key}`);
  const may = usePermission();
  const [month, setMonth] = useState(() => companyToday().subtract(1, 'month'));
  const [shopId, setShopId] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const rows = useQuery({
    queryKey: ['finance-monthlosses', month.format('YYYY-MM'), shopId],
    queryFn: () => http.read(z.array(monthLossRow), L.all, { year: month.year(), month: month.month() + 1, shopid: shopId ?? undefined }),
  });
  const columns: TableColumnsType<MonthLossRow> = [
    { title: k('shopCode'), dataIndex: 'shopCode', width: 100, fixed: 'left' },
    { title: k('shop'), dataIndex: 'shopName', width: 160, fixed: 'left' },
    { title: k('month'), key: 'month', width: 90, render: (_, r) => `${r.year}-${String(r.month).padStart(2, '0')}` },
    ...(Object.keys(MONTH_LOSS_FIELDS) as MonthLossField[]).map((f) => ({
      key: f,
      dataIndex: f,
      title: label(MONTH_LOSS_FIELDS[f]),
      width: 130,
      align: 'right' as const,
      render: (v: number) => formatMoney(v),
    })),
    { title: k('updatedAt'), dataIndex: 'updatedAt', width: 150, render: (v: string) => companyDateTime(v) },
  ];
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <DatePicker picker="month" allowClear={false} value={month} onChange={(v) => v && setMonth(dayjs(v))} />
          <ShopSelect value={shopId} onChange={setShopId} allowClear placeholder={k('allShops')} style={{ width: 220 }} />
          {may(MONTH_LOSS.perms.edit) && (
            <Button type="primary" icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              {k('import')}
            </Button>
          )}
        </Space>
      }
    >
      <Table<MonthLossRow>
        size="small"
        bordered
        rowKey="id"
        loading={rows.isLoading}
        dataSource={rows.data ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        data-testid="month-losses"
      />
      <ImportModal
        open={importing}
        onClose={() => setImporting(false)}
        entity="finance.monthsheets.losses"
        templatePath={L.template}
        importPath={L.saveSystem}
        onDone={() => void rows.refetch()}
      />
    </Card>
  );
}
