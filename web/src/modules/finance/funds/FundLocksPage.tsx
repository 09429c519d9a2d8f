import { FUNDS_API, fundDayLockRow } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { usePermission } from '../../../platform/auth';
import { companyDateTime } from '../../../platform/clock';
import { http } from '../../../platform/http';
import { notify } from '../../../platform/notify';

const page = z.object({ list: z.array(fundDayLockRow), total: z.number() });
type Row = z.infer<typeof fundDayLockRow>;

/** /admin/finance/fund-locks — days on which shops may not date petty-cash requests; unlocking is its own right. */
export default function FundLocksPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const qc = useQueryClient();
  const [day, setDay] = useState<Dayjs | null>(null);
  const [memo, setMemo] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const q = useQuery({
    queryKey: ['fund-day-locks', pageNo],
    queryFn: ({ signal }) => http.read(page, FUNDS_API.dayLocks, { page: pageNo, pageSize: 20 }, { signal }),
  });
  const save = async (date: string, status: 0 | 1, note?: string) => {
    setBusy(`${date}:${status}`);
    try {
      await http.post(FUNDS_API.dayLockSave, { day: date, status, memo: note || null }, { once: true });
      notify.message.success(t(status ? 'finance.funds.lockedDone' : 'finance.funds.unlockedDone', { what: date }));
      await qc.invalidateQueries({ queryKey: ['fund-day-locks'] });
    } catch {
      /* the client shows the server's message */
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker value={day} onChange={setDay} placeholder={t('finance.funds.pickDay')} className="ho-lock-day" />
        <Input
          value={memo}
          onChange={(e) => setMemo(e.target.value)}
          placeholder={t('finance.funds.memo')}
          style={{ width: 220 }}
          maxLength={200}
        />
        <Button
          type="primary"
          disabled={!day || !can('finance.fundlock.edit')}
          loading={busy?.endsWith(':1')}
          onClick={() => day && save(day.format('YYYY-MM-DD'), 1, memo)}
        >
          {t('finance.funds.lock')}
        </Button>
        <Typography.Text type="secondary">{t('finance.funds.dayLockHelp')}</Typography.Text>
      </Space>
      <Table<Row>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        pagination={{ current: pageNo, pageSize: 20, total: q.data?.total ?? 0, onChange: setPageNo }}
        columns={[
          { title: t('finance.funds.day'), dataIndex: 'day', width: 120 },
          {
            title: t('finance.funds.status'),
            dataIndex: 'status',
            width: 100,
            render: (s: number) => <Tag color={s ? 'red' : 'default'}>{t(s ? 'finance.funds.locked' : 'finance.funds.unlocked')}</Tag>,
          },
          { title: t('finance.funds.memo'), dataIndex: 'memo' },
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
            render: (_, row) =>
              row.status ? (
                <Button
                  size="small"
                  disabled={!can('finance.fundlock.unlock')}
                  loading={busy === `${row.day}:0`}
                  onClick={() => save(row.day, 0)}
                >
                  {t('finance.funds.unlock')}
                </Button>
              ) : (
                <Button
                  size="small"
                  disabled={!can('finance.fundlock.edit')}
                  loading={busy === `${row.day}:1`}
                  onClick={() => save(row.day, 1)}
                >
                  {t('finance.funds.lock')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}
