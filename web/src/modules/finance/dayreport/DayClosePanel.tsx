import { DAY_CLOSE, type DayCloseState, dayCloseState } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../../platform/action';
import { usePermission } from '../../../platform/auth';
import { useLabel } from '../../../platform/bills/labels';
import { companyDateTime } from '../../../platform/clock';
import { http } from '../../../platform/http';
import { ReasonDialog } from '../../../platform/list/ReasonDialog';

const { paths, perms } = DAY_CLOSE;
const KEY = 'finance-dayclose';

/** A day's state as a tag: 未结 / 已结 (and the close that holds it otherwise). */
function StateTag({ s }: { s: DayCloseState }) {
  const label = useLabel();
  const { t } = useTranslation();
  const state = DAY_CLOSE.states[s.status as 0 | 1];
  return (
    <Space size={4}>
      <Tag color={state.color} data-testid="dayclose-state">
        {label(state.label)}
      </Tag>
      {s.heldBy && <Tag color="orange">{t('finance.dayreport.heldBy', { period: s.heldBy })}</Tag>}
    </Space>
  );
}

/**
 * 日结 on the daily report page: the day's state (未结/已结, who and when), 确认并结账 once the bank
 * reconciliation of the day is matched, 重新开账 with a reason; below, the month's days of the shop.
 * Not printed: on paper the report stands alone.
 */
export function DayClosePanel({ shopId, day, onPickDay }: { shopId: number; day: string; onPickDay: (day: string) => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const may = usePermission();
  const [memo, setMemo] = useState('');
  const [reopening, setReopening] = useState<DayCloseState | null>(null);
  const month = day.slice(0, 7);
  const state = useQuery({
    queryKey: [KEY, 'state', shopId, day],
    queryFn: () => http.read(dayCloseState, paths.state, { shopid: shopId, day }),
  });
  const days = useQuery({
    queryKey: [KEY, 'month', shopId, month],
    queryFn: () => http.read(z.array(dayCloseState), paths.month, { shopid: shopId, month }),
  });
  const close = useAction({
    run: () => http.send(dayCloseState, paths.close, { shopId, day, memo: memo.trim() || undefined }, { once: true }),
    success: (s) => t('finance.dayreport.closed', { shop: s.shopName, day: s.day }),
    invalidates: [[KEY]],
    done: () => setMemo(''),
  });
  const s = state.data;
  const k = (key: string, params?: Record<string, unknown>) => t(`finance.dayreport.${key}`, params);

  return (
    <Card size="small" title={k('dayClose')} loading={state.isLoading} data-testid="dayclose">
      {s && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <StateTag s={s} />
            {s.changedByName && (
              <Typography.Text type="secondary">
                {k(s.status === 1 ? 'closedBy' : 'reopenedBy', { name: s.changedByName, at: companyDateTime(s.changedAt) })}
              </Typography.Text>
            )}
            {s.memo && <Typography.Text type="secondary">{s.memo}</Typography.Text>}
            <Typography.Text type={s.unmatched ? 'danger' : 'secondary'} data-testid="dayclose-unmatched">
              {k('reconcile', { rows: s.reconcileRows, unmatched: s.unmatched })}
            </Typography.Text>
          </Space>
          <Space wrap>
            {s.status === 0 && may(perms.close) && (
              <>
                <Input
                  value={memo}
                  onChange={(e) => setMemo(e.target.value)}
                  placeholder={k('closeMemo')}
                  maxLength={200}
                  style={{ width: 220 }}
                />
                <Popconfirm title={k('closeConfirm', { shop: s.shopName, day: s.day })} onConfirm={() => close.run()}>
                  <Button type="primary" loading={close.busy} disabled={s.unmatched > 0} data-testid="dayclose-close">
                    {label(DAY_CLOSE.rights.close)}
                  </Button>
                </Popconfirm>
              </>
            )}
            {s.status === 1 && may(perms.reopen) && (
              <Button danger onClick={() => setReopening(s)} data-testid="dayclose-reopen">
                {label(DAY_CLOSE.rights.reopen)}
              </Button>
            )}
          </Space>
          <Table<DayCloseState>
            size="small"
            rowKey="day"
            pagination={false}
            loading={days.isLoading}
            dataSource={days.data ?? []}
            scroll={{ y: 240 }}
            onRow={(r) => ({ onClick: () => onPickDay(r.day), style: { cursor: 'pointer' } })}
            rowClassName={(r) => (r.day === day ? 'ant-table-row-selected' : '')}
            columns={[
              { title: k('day'), dataIndex: 'day', width: 120 },
              { title: k('state'), key: 'state', width: 160, render: (_, r) => <StateTag s={r} /> },
              { title: k('unmatched'), dataIndex: 'unmatched', width: 100, align: 'right' },
              { title: k('changedBy'), dataIndex: 'changedByName', width: 120 },
              { title: k('changedAt'), dataIndex: 'changedAt', render: (v: string | null) => companyDateTime(v) },
            ]}
          />
        </Space>
      )}
      <ReasonDialog
        row={reopening}
        title={k('reopenTitle', { shop: reopening?.shopName ?? '', day: reopening?.day ?? '' })}
        label={k('reason')}
        rows={2}
        okText={label(DAY_CLOSE.rights.reopen)}
        danger
        onClose={() => setReopening(null)}
        send={(row, v) => http.send(dayCloseState, paths.reopen, { shopId: row.shopId, day: row.day, reason: v.reason }, { once: true })}
        success={(row) => k('reopened', { shop: row.shopName, day: row.day })}
        invalidates={[[KEY]]}
      />
    </Card>
  );
}
