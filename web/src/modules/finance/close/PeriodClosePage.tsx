import {
  type LockPeriod,
  PERIOD_CLOSE,
  type PeriodCloseRow,
  periodCloseCoverage,
  periodClosePage,
  periodCloseRow,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Popconfirm, Segmented, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../platform/action';
import { useMe, usePermission } from '../../../platform/auth';
import { useLabel } from '../../../platform/bills/labels';
import { companyDateTime, companyToday } from '../../../platform/clock';
import { http } from '../../../platform/http';
import { ListTable, usePaged } from '../../../platform/list/ListParts';
import { ReasonDialog } from '../../../platform/list/ReasonDialog';
import { CHAIN, useShops } from '../../../platform/shops';

const { paths, perms } = PERIOD_CLOSE;
const KEY = 'period-close';

/** The first period a picker offers: last month (a month is closed once it is over), or today. */
const initialPeriod = (kind: LockPeriod) => (kind === 'month' ? companyToday().subtract(1, 'month') : companyToday());

/**
 * /admin/finance/period-close — 结账: head office closes a month or a day of the chain or of one shop;
 * what a close stops is listed from the server's own coverage (the bill types that name the lock kind
 * `close`, and the writes that are no bills). Below, every close, reopened ones too, with a reopening
 * (its own right) that asks for the reason.
 */
export default function PeriodClosePage() {
  const { t } = useTranslation();
  const label = useLabel();
  const may = usePermission();
  const me = useMe();
  const { shops } = useShops();
  const chainToo = me.data?.isSuper === true;
  const scopeOptions = [
    ...(chainToo ? [{ value: CHAIN, label: label(PERIOD_CLOSE.chain) }] : []),
    ...shops.map((s) => ({ value: s.id, label: s.name })),
  ];
  const scopeName = (shopId: number | null, shopName?: string | null) =>
    shopId === null || shopId === CHAIN ? label(PERIOD_CLOSE.chain) : (shopName ?? shops.find((s) => s.id === shopId)?.name ?? '');

  const [kind, setKind] = useState<LockPeriod>('month');
  const [period, setPeriod] = useState<Dayjs | null>(() => initialPeriod('month'));
  const [picked, setScope] = useState<number | undefined>();
  const scope = picked ?? scopeOptions[0]?.value;
  const [memo, setMemo] = useState('');
  const periodText = period?.format(kind === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD') ?? '';

  const [filter, setFilter] = useState<{ shopid?: number; status?: number }>({});
  const history = usePaged([KEY, 'list'], filter, (p) => http.read(periodClosePage, paths.list, p));
  const coverage = useQuery({ queryKey: [KEY, 'coverage'], queryFn: () => http.read(periodCloseCoverage, paths.coverage) });
  const [reopening, setReopening] = useState<PeriodCloseRow | null>(null);

  const close = useAction({
    run: (body: { kind: LockPeriod; period: string; shopId: number | null; memo?: string }) =>
      http.send(periodCloseRow, paths.close, body, { once: true }),
    success: (row) => t('finance.close.closed', { scope: scopeName(row.shopId, row.shopName), period: row.period }),
    invalidates: [[KEY, 'list']],
    done: () => setMemo(''),
  });
  const closeChosen = () =>
    scope !== undefined &&
    periodText &&
    close.run({ kind, period: periodText, shopId: scope === CHAIN ? null : scope, memo: memo.trim() || undefined });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small" title={t('finance.close.newClose')}>
        <Space wrap>
          <Segmented<LockPeriod>
            value={kind}
            onChange={(k) => {
              setKind(k);
              setPeriod(initialPeriod(k));
            }}
            options={(['month', 'day'] as const).map((k) => ({ value: k, label: label(PERIOD_CLOSE.periods[k]) }))}
          />
          <DatePicker
            key={kind}
            picker={kind === 'month' ? 'month' : 'date'}
            value={period}
            onChange={setPeriod}
            allowClear={false}
            placeholder={t(kind === 'month' ? 'finance.close.pickMonth' : 'finance.close.pickDay')}
            disabledDate={(d) => d.isAfter(companyToday(), kind === 'month' ? 'month' : 'day')}
            data-testid="close-period"
          />
          <Select
            value={scope}
            onChange={setScope}
            options={scopeOptions}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 200 }}
            data-testid="close-scope"
          />
          <Input
            value={memo}
            onChange={(e) => setMemo(e.target.value)}
            placeholder={t('finance.close.memo')}
            maxLength={200}
            style={{ width: 220 }}
          />
          <Popconfirm
            title={t('finance.close.confirm', { scope: scope === undefined ? '' : scopeName(scope), period: periodText })}
            onConfirm={closeChosen}
            disabled={!periodText || scope === undefined || !may(perms.close)}
          >
            <Button type="primary" danger loading={close.busy} disabled={!periodText || scope === undefined || !may(perms.close)}>
              {label(PERIOD_CLOSE.rights.close)}
            </Button>
          </Popconfirm>
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          {t('finance.close.help')}
        </Typography.Paragraph>
      </Card>

      <Card size="small" title={t('finance.close.coverage')} loading={coverage.isLoading} data-testid="close-coverage">
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <div>
            <Typography.Text type="secondary">{t('finance.close.bills')}</Typography.Text>
            {coverage.data?.bills.map((b) => (
              <Tag key={b.docType} style={{ marginBottom: 4 }}>
                {label(b.label)}
              </Tag>
            ))}
          </div>
          {!!coverage.data?.writes.length && (
            <div>
              <Typography.Text type="secondary">{t('finance.close.writes')}</Typography.Text>
              {coverage.data.writes.map((w) => (
                <Tag key={w.key} style={{ marginBottom: 4 }}>
                  {label(w.label)}
                </Tag>
              ))}
            </div>
          )}
        </Space>
      </Card>

      <Card
        size="small"
        title={
          <Space wrap>
            <span>{t('finance.close.history')}</span>
            <Select
              allowClear
              value={filter.shopid}
              onChange={(shopid?: number) => setFilter((f) => ({ ...f, shopid }))}
              options={[{ value: CHAIN, label: label(PERIOD_CLOSE.chain) }, ...shops.map((s) => ({ value: s.id, label: s.name }))]}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('finance.close.allScopes')}
              style={{ width: 200 }}
            />
            <Select
              allowClear
              value={filter.status}
              onChange={(status?: number) => setFilter((f) => ({ ...f, status }))}
              options={Object.entries(PERIOD_CLOSE.states).map(([value, s]) => ({ value: Number(value), label: label(s.label) }))}
              placeholder={t('finance.close.allStates')}
              style={{ width: 140 }}
            />
          </Space>
        }
      >
        <ListTable<PeriodCloseRow>
          paged={history}
          scrollX={1000}
          columns={[
            { title: t('finance.close.period'), dataIndex: 'period', width: 110 },
            { title: t('finance.close.kind'), dataIndex: 'kind', width: 80, render: (k: LockPeriod) => label(PERIOD_CLOSE.periods[k]) },
            { title: t('finance.close.scope'), key: 'scope', width: 150, render: (_, r) => scopeName(r.shopId, r.shopName) },
            {
              title: t('finance.close.status'),
              dataIndex: 'status',
              width: 100,
              render: (s: 0 | 1) => <Tag color={PERIOD_CLOSE.states[s].color}>{label(PERIOD_CLOSE.states[s].label)}</Tag>,
            },
            { title: t('finance.close.note'), dataIndex: 'memo', ellipsis: true },
            { title: t('finance.close.changedBy'), dataIndex: 'changedByName', width: 100 },
            { title: t('finance.close.changedAt'), dataIndex: 'updatedAt', width: 140, render: (v: string) => companyDateTime(v) },
            {
              title: t('finance.close.actions'),
              key: 'actions',
              width: 110,
              fixed: 'right',
              render: (_, r) =>
                r.status === 1
                  ? may(perms.reopen) && (
                      <Button type="link" size="small" danger onClick={() => setReopening(r)}>
                        {label(PERIOD_CLOSE.rights.reopen)}
                      </Button>
                    )
                  : may(perms.close) && (
                      <Button
                        type="link"
                        size="small"
                        loading={close.busyFor((v) => v.period === r.period && v.shopId === r.shopId && v.kind === r.kind)}
                        onClick={() => close.run({ kind: r.kind, period: r.period, shopId: r.shopId })}
                      >
                        {t('finance.close.closeAgain')}
                      </Button>
                    ),
            },
          ]}
        />
      </Card>

      <ReasonDialog
        row={reopening}
        title={t('finance.close.reopenTitle', {
          scope: reopening ? scopeName(reopening.shopId, reopening.shopName) : '',
          period: reopening?.period ?? '',
        })}
        label={t('finance.close.reason')}
        rows={2}
        okText={label(PERIOD_CLOSE.rights.reopen)}
        danger
        onClose={() => setReopening(null)}
        send={(row, v) => http.send(periodCloseRow, paths.reopen, { id: row.id, reason: v.reason }, { once: true })}
        success={(row) => t('finance.close.reopened', { scope: scopeName(row.shopId, row.shopName), period: row.period })}
        invalidates={[[KEY, 'list']]}
      />
    </Space>
  );
}
