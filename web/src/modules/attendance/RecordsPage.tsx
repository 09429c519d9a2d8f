import {
  type CorrectionRow,
  checkStatusLabels,
  correctionKindLabels,
  kqPartLabels,
  kqTypeLabels,
  monthGrid,
  type RecordRowT,
  recordDetail,
  recordRow,
  shopDay,
  signMethodLabels,
} from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Drawer,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Timeline,
  TimePicker,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { companyDate, companyDateTime, companyMonth, shopClock } from '../../platform/clock';
import { http } from '../../platform/http';
import { pickLabel } from '../../platform/i18n';
import { ShopSelect } from '../../platform/shops';
import { ATT } from './api';
import { StatusTag, useShopChoice, useShopShifts } from './parts';

const dayRows = z.array(recordRow);
type Kind = 'editStatus' | 'editBc' | 'editKq' | 'bkSignIn';

/** /admin/attendance/records — a shop's day (punches, statuses, corrections) and month. */
export default function RecordsPage() {
  const { t } = useTranslation();
  const { shopId, setShopId } = useShopChoice();
  const [chosenDate, setDate] = useState<string | null>(null);
  const shopDayQuery = useQuery({
    queryKey: ['attendance-shop-today', shopId],
    enabled: !!shopId,
    queryFn: () => http.read(shopDay, ATT.shopToday, { shopid: shopId }),
  });
  // Until a day is picked: the shop's attendance day, not this browser's calendar day.
  const date = chosenDate ?? shopDayQuery.data?.today ?? companyDate();
  const [month, setMonth] = useState(companyMonth());
  const [tab, setTab] = useState('day');
  return (
    <Card size="small">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        tabBarExtraContent={
          <Space wrap>
            <ShopSelect value={shopId} onChange={(v) => v && setShopId(v)} style={{ width: 240 }} />
            {tab === 'day' ? (
              <DatePicker allowClear={false} value={dayjs(date)} onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))} />
            ) : (
              <DatePicker
                picker="month"
                allowClear={false}
                value={dayjs(`${month}-01`)}
                onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
              />
            )}
          </Space>
        }
        items={[
          {
            key: 'day',
            label: t('attendance.record.day'),
            children: shopId && shopDayQuery.data ? <DayView shopId={shopId} date={date} zone={shopDayQuery.data.zone} /> : null,
          },
          { key: 'month', label: t('attendance.record.month'), children: shopId ? <MonthView shopId={shopId} month={month} /> : null },
        ]}
      />
    </Card>
  );
}

function DayView({ shopId, date, zone }: { shopId: number; date: string; zone: string }) {
  const { t } = useTranslation();
  const can = usePermission();
  const editable = can('attendance.record.edit');
  const [correcting, setCorrecting] = useState<RecordRowT | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const rows = useQuery({
    queryKey: ['attendance-day', shopId, date],
    queryFn: () => http.read(dayRows, ATT.records, { shopid: shopId, date }),
  });
  const method = (m: string | null) => (m ? pickLabel(signMethodLabels[m as keyof typeof signMethodLabels] ?? ['', '']) : '');
  const kq = (r: RecordRowT) =>
    [r.rest ? `${t('attendance.rest')} ${r.rest}` : '', r.study ? `${pickLabel(kqTypeLabels.study)} ${r.study}` : '']
      .filter(Boolean)
      .join(' / ');
  return (
    <>
      <Table
        size="small"
        rowKey="id"
        loading={rows.isLoading}
        dataSource={rows.data ?? []}
        pagination={false}
        scroll={{ y: 520 }}
        columns={[
          { title: t('attendance.employee'), dataIndex: 'eename', width: 110 },
          {
            title: t('attendance.shift'),
            width: 150,
            render: (_, r) =>
              r.classId ? (
                <Tag color={r.color ?? 'default'}>
                  {r.className} {r.startTime}-{r.endTime}
                </Tag>
              ) : (
                <Tag>{t('attendance.rest')}</Tag>
              ),
          },
          {
            title: t('attendance.record.signIn'),
            width: 170,
            render: (_, r) => (
              <Space size={4}>
                <span>{shopClock(r.onWork, r.cdate, zone)}</span>
                <StatusTag status={r.onStatus} makeup={r.onBk} />
                <Typography.Text type="secondary">{method(r.onMethod)}</Typography.Text>
              </Space>
            ),
          },
          {
            title: t('attendance.record.signOut'),
            width: 170,
            render: (_, r) => (
              <Space size={4}>
                <span>{shopClock(r.offWork, r.cdate, zone)}</span>
                <StatusTag status={r.offStatus} makeup={r.offBk} />
                <Typography.Text type="secondary">{method(r.offMethod)}</Typography.Text>
              </Space>
            ),
          },
          { title: t('attendance.record.delay'), dataIndex: 'delay', width: 80, align: 'right' },
          { title: t('attendance.record.zt'), dataIndex: 'zt', width: 80, align: 'right' },
          { title: t('attendance.record.kg'), dataIndex: 'kg', width: 80, align: 'right', render: (v: number) => v || '' },
          { title: t('attendance.record.restStudy'), width: 100, render: (_, r) => kq(r) },
          {
            title: t('common.actions'),
            width: 150,
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                {editable ? (
                  <Button type="link" size="small" onClick={() => setCorrecting(r)}>
                    {t('attendance.record.correct')}
                  </Button>
                ) : null}
                <Button type="link" size="small" onClick={() => setDetailId(r.id)}>
                  {t('attendance.record.detail')}
                  {r.corrections ? `(${r.corrections})` : ''}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {correcting ? <CorrectModal row={correcting} shopId={shopId} onClose={() => setCorrecting(null)} /> : null}
      <DetailDrawer id={detailId} zone={zone} onClose={() => setDetailId(null)} />
    </>
  );
}

function CorrectModal({ row, shopId, onClose }: { row: RecordRowT; shopId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const shifts = useShopShifts(shopId);
  const [form] = Form.useForm();
  const kind: Kind = Form.useWatch('kind', form) ?? 'editStatus';
  const which: 'on' | 'off' = Form.useWatch('type', form) ?? 'on';
  const save = useAction({
    run: async () => {
      const v = await form.validateFields();
      const reason = v.reason;
      if (kind === 'editStatus') return http.post(ATT.editStatus, { id: row.id, type: v.type, status: v.status, reason });
      if (kind === 'editBc') return http.post(ATT.editBc, { id: row.id, classId: v.classId || null, reason });
      if (kind === 'editKq') return http.post(ATT.editKq, { id: row.id, type: v.kqType, kqid: v.kqid, reason });
      return http.post(ATT.bkSignIn, {
        shopid: shopId,
        eeid: row.eeid,
        date: row.cdate,
        type: v.type,
        time: (v.time as Dayjs).format('HH:mm'),
        reason,
      });
    },
    success: 'common.saved',
    done: () => {
      void qc.invalidateQueries({ queryKey: ['attendance-day'] });
      void qc.invalidateQueries({ queryKey: ['attendance-detail'] });
      onClose();
    },
    failed: () => undefined,
  });
  const statuses = ([1, 2, 3, 4] as const).filter((s) => (which === 'on' ? s !== 3 : s !== 2));
  return (
    <Modal
      open
      title={`${t('attendance.record.correct')}：${row.eename} ${row.cdate}`}
      onCancel={onClose}
      onOk={() => save.run()}
      confirmLoading={save.busy}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: 'editStatus', type: 'on', kqid: 'day', kqType: 'rest', classId: row.classId ?? 0 }}
      >
        <Form.Item name="kind" label={t('attendance.record.kind')}>
          <Radio.Group
            optionType="button"
            options={(['editStatus', 'editBc', 'editKq', 'bkSignIn'] as const).map((k) => ({
              value: k,
              label: t(`attendance.record.${k}`),
            }))}
          />
        </Form.Item>
        {kind === 'editStatus' || kind === 'bkSignIn' ? (
          <Form.Item name="type" label={t('attendance.record.which')}>
            <Radio.Group
              options={[
                { value: 'on', label: t('attendance.record.signIn') },
                { value: 'off', label: t('attendance.record.signOut') },
              ]}
            />
          </Form.Item>
        ) : null}
        {kind === 'editStatus' ? (
          <Form.Item name="status" label={t('attendance.record.status')} rules={[{ required: true }]}>
            <Select options={statuses.map((s) => ({ value: s, label: pickLabel(checkStatusLabels[s].label) }))} />
          </Form.Item>
        ) : null}
        {kind === 'editBc' ? (
          <Form.Item name="classId" label={t('attendance.shift')}>
            <Select
              options={[
                { value: 0, label: t('attendance.rest') },
                ...shifts.map((s) => ({ value: s.id, label: `${s.name} ${s.startTime}-${s.endTime}` })),
              ]}
            />
          </Form.Item>
        ) : null}
        {kind === 'editKq' ? (
          <Space>
            <Form.Item name="kqid" label={t('attendance.record.part')}>
              <Select
                style={{ width: 120 }}
                options={Object.entries(kqPartLabels).map(([value, label]) => ({ value, label: pickLabel(label) }))}
              />
            </Form.Item>
            <Form.Item name="kqType" label={t('attendance.record.kqType')}>
              <Select
                style={{ width: 120 }}
                options={Object.entries(kqTypeLabels).map(([value, label]) => ({ value, label: pickLabel(label) }))}
              />
            </Form.Item>
          </Space>
        ) : null}
        {kind === 'bkSignIn' ? (
          <Form.Item name="time" label={t('attendance.record.time')} rules={[{ required: true }]}>
            <TimePicker format="HH:mm" />
          </Form.Item>
        ) : null}
        <Form.Item name="reason" label={t('attendance.record.reason')} rules={[{ required: true, whitespace: true, max: 200 }]}>
          <Input.TextArea rows={2} placeholder={t('attendance.record.reasonPh')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function valueText(c: CorrectionRow, v: unknown, t: (k: string) => string): string {
  if (v === null || v === undefined) return '—';
  if (c.kind === 'status') return pickLabel(checkStatusLabels[v as 1]?.label ?? ['', '']);
  if (c.kind === 'bc') return (v as { name: string | null }).name ?? t('attendance.rest');
  if (c.kind === 'bk') return companyDateTime(String(v)).slice(5);
  if (c.kind === 'kq') {
    const k = v as { kqAm: string | null; kqPm: string | null };
    const part = (x: string | null) => (x ? pickLabel(kqTypeLabels[x as 'rest']) : '—');
    return `${pickLabel(kqPartLabels.am)} ${part(k.kqAm)} / ${pickLabel(kqPartLabels.pm)} ${part(k.kqPm)}`;
  }
  return String(v);
}

function DetailDrawer({ id, zone, onClose }: { id: number | null; zone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['attendance-detail', id],
    enabled: id !== null,
    queryFn: () => http.read(recordDetail, ATT.record(id as number)),
  });
  const r = q.data?.record;
  return (
    <Drawer open={id !== null} onClose={onClose} size={460} title={r ? `${r.eename} ${r.cdate}` : ''}>
      {r ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <div>
            {t('attendance.record.signIn')}：{shopClock(r.onWork, r.cdate, zone)} <StatusTag status={r.onStatus} makeup={r.onBk} />
          </div>
          <div>
            {t('attendance.record.signOut')}：{shopClock(r.offWork, r.cdate, zone)} <StatusTag status={r.offStatus} makeup={r.offBk} />
          </div>
          <Typography.Title level={5}>{t('attendance.record.corrections')}</Typography.Title>
          {q.data?.corrections.length ? (
            <Timeline
              items={q.data.corrections.map((c) => ({
                key: c.id,
                children: (
                  <div data-testid="correction">
                    <b>{pickLabel(correctionKindLabels[c.kind] ?? ['', ''])}</b> · {c.createdByName} ·{' '}
                    {companyDateTime(c.createdAt).slice(5)}
                    <div>
                      {t('attendance.record.oldValue')}：{valueText(c, c.oldValue, t)} → {t('attendance.record.newValue')}：
                      {valueText(c, c.newValue, t)}
                    </div>
                    <div>
                      {t('attendance.record.reason')}：{c.reason}
                    </div>
                  </div>
                ),
              }))}
            />
          ) : (
            <Typography.Text type="secondary">{t('attendance.record.noCorrections')}</Typography.Text>
          )}
        </Space>
      ) : null}
    </Drawer>
  );
}

function MonthView({ shopId, month }: { shopId: number; month: string }) {
  const { t } = useTranslation();
  const grid = useQuery({
    queryKey: ['attendance-month', shopId, month],
    queryFn: () => http.read(monthGrid, ATT.monthRecords, { shopid: shopId, month }),
  });
  const worst = (a: number, b: number) =>
    a === 4 || b === 4 ? 4 : a === 2 || b === 2 ? 2 : a === 3 || b === 3 ? 3 : a === 1 || b === 1 ? 1 : 0;
  return (
    <Table
      size="small"
      rowKey="eeid"
      bordered
      loading={grid.isLoading}
      dataSource={grid.data?.employees ?? []}
      pagination={false}
      scroll={{ x: 110 + 36 * (grid.data?.days.length ?? 31), y: 520 }}
      columns={[
        { title: t('attendance.employee'), dataIndex: 'eename', width: 110, fixed: 'left' },
        ...(grid.data?.days ?? []).map((day) => ({
          title: day.slice(8),
          key: day,
          width: 36,
          align: 'center' as const,
          onCell: () => ({ style: { padding: 2 } }),
          render: (_: unknown, row: z.infer<typeof monthGrid>['employees'][number]) => {
            const cell = row.cells[day];
            if (!cell) return '';
            if (cell.classId === null && !cell.onStatus && !cell.offStatus)
              return <Typography.Text type="secondary">{t('attendance.rest').slice(0, 1)}</Typography.Text>;
            const s = worst(cell.onStatus, cell.offStatus);
            const def = checkStatusLabels[s as 0];
            return (
              <Tag color={def.color} style={{ marginInlineEnd: 0, paddingInline: 2 }} title={pickLabel(def.label)}>
                {pickLabel(def.label).slice(0, 1)}
              </Tag>
            );
          },
        })),
      ]}
    />
  );
}
