import { monthGrid, type ShiftRow } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, DatePicker, Form, Modal, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { companyDate, companyMonth } from '../../platform/clock';
import { http } from '../../platform/http';
import { ShopSelect } from '../../platform/shops';
import { ATT } from './api';
import { useShopChoice, useShopShifts } from './parts';

/** A month of days beside the names fits a 1366-wide screen: 96 + 31 × 31 px. */
const NAME_WIDTH = 96;
const DAY_WIDTH = 31;

type Grid = ReturnType<typeof monthGrid.parse>;

/** /admin/attendance/schedules — a shop's month: employees × days, filled by batch, copied, changed cell by cell. */
export default function SchedulesPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const can = usePermission();
  const editable = can('attendance.schedule.edit');
  const { shopId, setShopId } = useShopChoice();
  const [month, setMonth] = useState(companyMonth());
  const [batchOpen, setBatchOpen] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  const key = ['attendance-grid', shopId, month];
  const grid = useQuery({
    queryKey: key,
    enabled: !!shopId,
    queryFn: () => http.read(monthGrid, ATT.grid, { shopid: shopId, month }),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['attendance-grid'] });
  const change = useAction<{ eeid: number; date: string; classId: number | null }, unknown>({
    run: (v) => http.post(ATT.changePb, { shopid: shopId, ...v }),
    success: 'common.saved',
    done: refresh,
  });
  const shiftOf = useMemo(() => new Map((grid.data?.shifts ?? []).map((s) => [s.id, s])), [grid.data]);
  const ownShifts = grid.data?.shifts ?? [];
  const usable = useShopShifts(shopId);
  const shiftOptions = [
    { value: 0, label: t('attendance.rest') },
    ...usable.map((s) => ({ value: s.id, label: `${s.name} ${s.startTime}-${s.endTime}` })),
  ];
  const now = grid.data?.today ?? companyDate();

  const columns = [
    {
      title: t('attendance.employee'),
      dataIndex: 'eename',
      fixed: 'left' as const,
      width: NAME_WIDTH,
      ellipsis: true,
      render: (name: string, row: Grid['employees'][number]) => (
        <Tooltip title={row.eecode}>
          <span>{name}</span>
        </Tooltip>
      ),
    },
    ...(grid.data?.days ?? []).map((day) => ({
      title: (
        <span>
          {day.slice(8)}
          <br />
          {dayjs(day).format('dd')}
        </span>
      ),
      key: day,
      width: DAY_WIDTH,
      align: 'center' as const,
      onHeaderCell: () => ({ style: { padding: '4px 0' } }),
      onCell: () => ({ style: { padding: 1 } }),
      render: (_: unknown, row: Grid['employees'][number]) => {
        const cell = row.cells[day];
        const shift = cell?.classId ? shiftOf.get(cell.classId) : undefined;
        const text = cell ? (shift ? shift.name.slice(0, 1) : t('attendance.rest').slice(0, 1)) : '';
        const tag = cell ? (
          <Tag
            color={shift?.color ?? 'default'}
            style={{ marginInlineEnd: 0, width: DAY_WIDTH - 6, textAlign: 'center', paddingInline: 0 }}
            data-testid={`cell-${row.eeid}-${day}`}
          >
            {text}
          </Tag>
        ) : (
          <span style={{ color: '#ccc' }} data-testid={`cell-${row.eeid}-${day}`}>
            ·
          </span>
        );
        const title = `${row.eename} ${day} ${shift ? `${shift.name} ${shift.startTime}-${shift.endTime}` : cell ? t('attendance.rest') : t('attendance.noShift')}`;
        if (!editable || day < now)
          return <Tooltip title={day < now && editable ? `${title}（${t('attendance.schedule.past')}）` : title}>{tag}</Tooltip>;
        return (
          <Tooltip title={title}>
            <Select
              size="small"
              variant="borderless"
              value={cell ? (cell.classId ?? 0) : undefined}
              className="ho-att-cell"
              style={{ width: DAY_WIDTH - 2 }}
              popupMatchSelectWidth={200}
              suffixIcon={null}
              labelRender={() => tag}
              placeholder={tag}
              options={shiftOptions}
              onChange={(v: number) => change.run({ eeid: row.eeid, date: day, classId: v || null })}
            />
          </Tooltip>
        );
      },
    })),
  ];

  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <ShopSelect value={shopId} onChange={(v) => v && setShopId(v)} style={{ width: 240 }} />
          <DatePicker picker="month" allowClear={false} value={dayjs(`${month}-01`)} onChange={(d) => d && setMonth(d.format('YYYY-MM'))} />
        </Space>
      }
      extra={
        editable ? (
          <Space>
            <Button type="primary" onClick={() => setBatchOpen(true)} disabled={!grid.data}>
              {t('attendance.schedule.batch')}
            </Button>
            <Button onClick={() => setCopyOpen(true)} disabled={!grid.data}>
              {t('attendance.schedule.copy')}
            </Button>
          </Space>
        ) : null
      }
    >
      <Space wrap size={4} style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">{t('attendance.schedule.legend')}：</Typography.Text>
        {ownShifts.map((s) => (
          <Tag key={s.id} color={s.color}>
            {s.name} {s.startTime}-{s.endTime}
          </Tag>
        ))}
        <Tag>{t('attendance.rest')}</Tag>
      </Space>
      <Table
        size="small"
        rowKey="eeid"
        bordered
        loading={grid.isLoading}
        dataSource={grid.data?.employees ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: NAME_WIDTH + DAY_WIDTH * (grid.data?.days.length ?? 31), y: 480 }}
        locale={{ emptyText: t('attendance.schedule.noStaff') }}
      />
      {grid.data && shopId ? (
        <>
          <BatchModal
            open={batchOpen}
            onClose={() => setBatchOpen(false)}
            grid={grid.data}
            shifts={usable}
            shopId={shopId}
            onDone={refresh}
          />
          <CopyModal open={copyOpen} onClose={() => setCopyOpen(false)} month={month} shopId={shopId} onDone={refresh} />
        </>
      ) : null}
    </Card>
  );
}

function BatchModal({
  open,
  onClose,
  grid,
  shifts,
  shopId,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  grid: Grid;
  shifts: ShiftRow[];
  shopId: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ eeids: number[]; range: [Dayjs, Dayjs]; classId?: number }>();
  // The shop's day, not this browser's: head office may sit in another time zone than the shop.
  const shopToday = dayjs(grid.today);
  const save = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.post<{ changed: number }>(ATT.batchPb, {
        shopid: shopId,
        eeids: v.eeids,
        startDate: v.range[0].format('YYYY-MM-DD'),
        endDate: v.range[1].format('YYYY-MM-DD'),
        classId: v.classId || null,
      });
    },
    success: (r) => t('attendance.schedule.changed', { count: r.changed }),
    done: () => {
      onDone();
      onClose();
    },
    failed: () => undefined,
  });
  return (
    <Modal
      open={open}
      title={t('attendance.schedule.batch')}
      onCancel={onClose}
      onOk={() => save.run()}
      confirmLoading={save.busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ range: [shopToday, shopToday.add(6, 'day')] }}>
        <Form.Item name="eeids" label={t('attendance.schedule.employees')} rules={[{ required: true }]}>
          <Select
            mode="multiple"
            allowClear
            options={grid.employees.map((e) => ({ value: e.eeid, label: `${e.eename}（${e.eecode}）` }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item name="range" label={t('attendance.schedule.range')} rules={[{ required: true }]}>
          <DatePicker.RangePicker disabledDate={(d) => d.isBefore(shopToday, 'day')} />
        </Form.Item>
        <Form.Item name="classId" label={t('attendance.schedule.shiftOrRest')}>
          <Select allowClear options={shifts.map((s) => ({ value: s.id, label: `${s.name} ${s.startTime}-${s.endTime}` }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CopyModal({
  open,
  onClose,
  month,
  shopId,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  month: string;
  shopId: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ omon: Dayjs; nmon: Dayjs; overwrite?: boolean }>();
  const save = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.post<{ changed: number }>(ATT.batchPbCopy, {
        shopid: shopId,
        omon: v.omon.format('YYYY-MM'),
        nmon: v.nmon.format('YYYY-MM'),
        overwrite: !!v.overwrite,
      });
    },
    success: (r) => t('attendance.schedule.changed', { count: r.changed }),
    done: () => {
      onDone();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('attendance.schedule.copy')}
      onCancel={onClose}
      onOk={() => save.run()}
      confirmLoading={save.busy}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ omon: dayjs(`${month}-01`).subtract(1, 'month'), nmon: dayjs(`${month}-01`), overwrite: false }}
      >
        <Form.Item name="omon" label={t('attendance.schedule.from')} rules={[{ required: true }]}>
          <DatePicker picker="month" />
        </Form.Item>
        <Form.Item name="nmon" label={t('attendance.schedule.to')} rules={[{ required: true }]}>
          <DatePicker picker="month" />
        </Form.Item>
        <Form.Item name="overwrite" valuePropName="checked">
          <Checkbox>{t('attendance.schedule.overwrite')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
