import { FUNDS_API, monthLockRow } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { usePermission } from '../../../platform/auth';
import { companyDateTime } from '../../../platform/clock';
import { http } from '../../../platform/http';
import { notify } from '../../../platform/notify';

const page = z.object({ list: z.array(monthLockRow), total: z.number() });
type Row = z.infer<typeof monthLockRow>;
type Kind = 1 | 2;

/** /admin/finance/month-locks — months closed for fund bills (1) or reserve declarations (2); unlocking is its own right. */
export default function MonthLocksPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const qc = useQueryClient();
  const [month, setMonth] = useState<Dayjs | null>(null);
  const [kind, setKind] = useState<Kind>(1);
  const [busy, setBusy] = useState<string | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const kindName = (k: number) => t(k === 1 ? 'finance.funds.fundLock' : 'finance.funds.reserveLock');
  const q = useQuery({
    queryKey: ['month-locks', pageNo],
    queryFn: ({ signal }) => http.read(page, FUNDS_API.monthLocks, { page: pageNo, pageSize: 20 }, { signal }),
  });
  const save = async (yearmonth: string, type: number, status: 0 | 1) => {
    setBusy(`${yearmonth}:${type}:${status}`);
    try {
      await http.post(FUNDS_API.monthLockSave, { yearmonth, type, status }, { once: true });
      notify.message.success(
        t(status ? 'finance.funds.lockedDone' : 'finance.funds.unlockedDone', { what: `${yearmonth} ${kindName(type)}` }),
      );
      await qc.invalidateQueries({ queryKey: ['month-locks'] });
    } catch {
      /* the client shows the server's message */
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker picker="month" value={month} onChange={setMonth} placeholder={t('finance.funds.pickMonth')} />
        <Select<Kind>
          value={kind}
          onChange={setKind}
          style={{ width: 160 }}
          options={[
            { value: 1, label: kindName(1) },
            { value: 2, label: kindName(2) },
          ]}
        />
        <Button
          type="primary"
          disabled={!month || !can('finance.monthlock.edit')}
          loading={busy?.endsWith(':1')}
          onClick={() => month && save(month.format('YYYY-MM'), kind, 1)}
        >
          {t('finance.funds.lock')}
        </Button>
        <Typography.Text type="secondary">{t('finance.funds.monthLockHelp')}</Typography.Text>
      </Space>
      <Table<Row>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        pagination={{ current: pageNo, pageSize: 20, total: q.data?.total ?? 0, onChange: setPageNo }}
        columns={[
          { title: t('finance.funds.month'), dataIndex: 'yearmonth', width: 110 },
          { title: t('finance.funds.kind'), dataIndex: 'type', width: 140, render: (k: number) => kindName(k) },
          {
            title: t('finance.funds.status'),
            dataIndex: 'status',
            width: 100,
            render: (s: number) => <Tag color={s ? 'red' : 'default'}>{t(s ? 'finance.funds.locked' : 'finance.funds.unlocked')}</Tag>,
          },
          { title: t('finance.funds.changedBy'), dataIndex: 'changedByName', width: 140 },
          {
            title: t('finance.funds.updatedAt'),
            dataIndex: 'updatedAt',
            width: 170,
            render: (v: string) => companyDateTime(v),
          },
          {
            title: '',
            width: 90,
            render: (_, row) => {
              const next = row.status ? 0 : 1;
              return (
                <Button
                  size="small"
                  disabled={!can(next ? 'finance.monthlock.edit' : 'finance.monthlock.unlock')}
                  loading={busy === `${row.yearmonth}:${row.type}:${next}`}
                  onClick={() => save(row.yearmonth, row.type, next)}
                >
                  {t(next ? 'finance.funds.lock' : 'finance.funds.unlock')}
                </Button>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
