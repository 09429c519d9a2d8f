import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import {
  type Availability,
  availabilityAnswer,
  type BookingState,
  bookableService,
  bookingBill,
  bookingStates,
  CALENDAR_STATES,
  channelOption,
  movedBooking,
  serviceBill,
  YY_PATHS,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Tag,
  TimePicker,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type DragEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { useBillsChanged } from '../../platform/bills/parts';
import { companyDate, DATE_FORMATS } from '../../platform/clock';
import { showFieldErrors } from '../../platform/forms';
import { http } from '../../platform/http';
import { pickLabel } from '../../platform/i18n';
import { useTab } from '../../platform/pages';
import { ShopSelect, useShops } from '../../platform/shops';

const NAME_WIDTH = 110;
const ROW_HEIGHT = 44;
/** Moves snap to quarter hours. */
const SNAP = 15;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clockOf = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** The state colours of the definition as the timeline paints them. */
const COLOURS: Record<string, { background: string; border: string }> = {
  gold: { background: '#fffbe6', border: '#faad14' },
  orange: { background: '#fff7e6', border: '#fa8c16' },
  blue: { background: '#e6f4ff', border: '#1677ff' },
  green: { background: '#f6ffed', border: '#52c41a' },
  cyan: { background: '#e6fffb', border: '#13c2c2' },
  red: { background: '#fff1f0', border: '#ff4d4f' },
  default: { background: '#fafafa', border: '#bfbfbf' },
};
const colourOf = (state: BookingState) => COLOURS[bookingStates[state].color] ?? COLOURS.default;
const channels = z.array(channelOption);
const services = z.array(bookableService);

type Stylist = Availability['stylists'][number];
type Block = Stylist['bookings'][number];

/** The shop the calendar shows: the first shop the user sees until one is chosen. */
function useShopChoice() {
  const { shops } = useShops();
  const [shopId, setShopId] = useState<number | null>(null);
  useEffect(() => {
    if (shopId === null && shops.length) setShopId(shops[0].id);
  }, [shops, shopId]);
  return { shopId, setShopId };
}

interface NewBookingValues {
  custname: string;
  custmobile: string;
  eeid: number | null;
  time: Dayjs;
  serviceIds: number[];
  hjtimes?: number;
  ycid?: number;
  memo?: string;
}

/** 新建预约: the customer, a stylist or 不指定, the time on the shown day, the services or the minutes. */
function NewBooking({
  open,
  onClose,
  shopId,
  day,
  stylists,
}: {
  open: boolean;
  onClose: () => void;
  shopId: number;
  day: string;
  stylists: Stylist[];
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewBookingValues>();
  const serviceList = useQuery({
    queryKey: ['bookings-services'],
    enabled: open,
    queryFn: () => http.read(services, YY_PATHS.services),
  });
  const channelList = useQuery({ queryKey: ['bookings-channels'], enabled: open, queryFn: () => http.read(channels, YY_PATHS.channels) });
  const save = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.post(YY_PATHS.save, {
        shopId,
        custname: v.custname,
        custmobile: v.custmobile,
        eeid: v.eeid ?? null,
        yydate: `${day} ${v.time.format('HH:mm')}`,
        serviceIds: v.serviceIds ?? [],
        hjtimes: v.hjtimes ?? null,
        ycid: v.ycid ?? null,
        memo: v.memo || null,
      });
    },
    success: 'bookings.booked',
    invalidates: [['bookings-day']],
    failed: (error) => showFieldErrors(form, error),
    done: () => {
      form.resetFields();
      onClose();
    },
  });
  const f = (key: string) => t(`bookings.form.${key}`);
  return (
    <Modal
      open={open}
      title={`${t('bookings.newBooking')} · ${day}`}
      onCancel={onClose}
      onOk={() => save.run()}
      confirmLoading={save.busy}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ eeid: null, serviceIds: [] }}>
        <Space wrap>
          <Form.Item name="custname" label={f('custname')} rules={[{ required: true, max: 40 }]}>
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="custmobile" label={f('custmobile')} rules={[{ required: true, pattern: /^1\d{10}$/, message: f('mobileRule') }]}>
            <Input style={{ width: 160 }} inputMode="tel" />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="eeid" label={t('bookings.stylist')}>
            <Select
              style={{ width: 160 }}
              options={[{ value: null, label: t('bookings.anyStylist') }, ...stylists.map((s) => ({ value: s.eeid, label: s.name }))]}
            />
          </Form.Item>
          <Form.Item name="time" label={f('time')} rules={[{ required: true }]}>
            <TimePicker format="HH:mm" minuteStep={SNAP} style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Form.Item name="serviceIds" label={f('services')}>
          <Select
            mode="multiple"
            showSearch
            optionFilterProp="label"
            loading={serviceList.isLoading}
            options={(serviceList.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.minutes}′)` }))}
          />
        </Form.Item>
        <Space wrap>
          <Form.Item name="hjtimes" label={f('hjtimes')}>
            <InputNumber min={5} max={720} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="ycid" label={f('channel')}>
            <Select allowClear style={{ width: 160 }} options={(channelList.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
        </Space>
        <Form.Item name="memo" label={f('memo')} rules={[{ max: 200 }]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /admin/bookings/calendar — a shop's day as a timeline per stylist: the shift, leave and bookings in
 * their states' colours; a click opens the booking, a drag moves it (editYYdate, under the server's
 * rules); it follows the bookings' live events.
 */
/** A booking block of the day as the calendar hands it to whoever opens it. */
export type CalendarBlock = Block | Availability['unassigned'][number];

/**
 * A shop's day as a timeline per stylist: drag a booked block to move it, click one to open it
 * (`onOpen`), live over the bills' events. `picker` stands before the day's buttons (head office's
 * shop choice); the till gives its own shop and opens blocks in itself.
 */
export function DayCalendar({
  shopId,
  picker,
  onOpen,
}: {
  shopId: number | null;
  picker?: ReactNode;
  onOpen: (block: CalendarBlock) => void;
}) {
  const { t } = useTranslation();
  const editable = usePermission()('bookings.booking.edit');
  const [day, setDay] = useState(companyDate());
  const [creating, setCreating] = useState(false);
  const [dragging, setDragging] = useState<Block | null>(null);
  const q = useQuery({
    queryKey: ['bookings-day', shopId, day],
    enabled: !!shopId,
    queryFn: () => http.read(availabilityAnswer, YY_PATHS.availability, { shopId, date: day }),
  });
  useBillsChanged('booking', () => q.refetch());
  const move = useAction({
    run: (v: { block: Block; eeid: number; start: number }) =>
      http.send(movedBooking, YY_PATHS.editDate, {
        id: v.block.id,
        revision: v.block.revision,
        yydate: `${day} ${clockOf(v.start)}`,
        eeid: v.eeid,
      }),
    success: (moved) => t('bookings.moved', { time: moved.yydate }),
    invalidates: [['bookings-day']],
  });
  const data = q.data;
  const open = data ? minutesOf(data.stime) : 9 * 60;
  const close = data ? minutesOf(data.etime) : 21 * 60;
  const span = close - open;
  const pct = (m: number) => `${((Math.min(Math.max(m, open), close) - open) / span) * 100}%`;
  const width = (from: number, to: number) => `${((Math.min(to, close) - Math.max(from, open)) / span) * 100}%`;
  const hours = Array.from({ length: Math.floor(span / 60) + 1 }, (_, i) => open + i * 60).filter((m) => m <= close);
  const shift = (d: number) => setDay(dayjs(day).add(d, 'day').format('YYYY-MM-DD'));

  const drop = (e: DragEvent<HTMLElement>, eeid: number) => {
    e.preventDefault();
    if (!dragging) return;
    const box = e.currentTarget.getBoundingClientRect();
    const at = open + ((e.clientX - box.left) / box.width) * span;
    const start = Math.round(at / SNAP) * SNAP;
    const block = dragging;
    setDragging(null);
    const from = data?.stylists.find((s) => s.bookings.some((b) => b.id === block.id));
    if (from?.eeid === eeid && start === minutesOf(block.start)) return;
    move.run({ block, eeid, start });
  };

  const blockView = (b: CalendarBlock, draggable: Block | null) => {
    const c = colourOf(b.state);
    const label = `${b.start}–${b.end} ${b.custname}${'sersnames' in b && b.sersnames ? ` · ${b.sersnames}` : ''}`;
    const bill = b.tillBillNo ? ` · ${t('bookings.tillBill', { no: b.tillBillNo })}` : '';
    return (
      <Tooltip key={b.id} title={`${label} · ${pickLabel(bookingStates[b.state].label)}${bill}`}>
        <button
          type="button"
          data-booking={b.id}
          draggable={!!draggable}
          onDragStart={() => draggable && setDragging(draggable)}
          onDragEnd={() => setDragging(null)}
          data-till-bill={b.tillBillId ?? undefined}
          onClick={() => onOpen(b)}
          style={{
            position: 'absolute',
            top: 4,
            bottom: 4,
            left: pct(minutesOf(b.start)),
            width: width(minutesOf(b.start), minutesOf(b.end)),
            background: c.background,
            border: `1px solid ${c.border}`,
            borderLeft: `4px solid ${c.border}`,
            borderRadius: 4,
            padding: '0 4px',
            overflow: 'hidden',
            whiteSpace: 'nowrap',
            textOverflow: 'ellipsis',
            fontSize: 12,
            textAlign: 'left',
            cursor: draggable ? 'grab' : 'pointer',
          }}
        >
          {label}
        </button>
      </Tooltip>
    );
  };

  return (
    <Card
      size="small"
      title={
        <Space wrap>
          {picker}
          <Button icon={<LeftOutlined />} aria-label={t('bookings.prevDay')} onClick={() => shift(-1)} />
          <DatePicker allowClear={false} format={DATE_FORMATS} value={dayjs(day)} onChange={(d) => d && setDay(d.format('YYYY-MM-DD'))} />
          <Button icon={<RightOutlined />} aria-label={t('bookings.nextDay')} onClick={() => shift(1)} />
          <Button onClick={() => setDay(companyDate())}>{t('bookings.today')}</Button>
        </Space>
      }
      extra={
        <Space>
          {editable ? <Typography.Text type="secondary">{t('bookings.moveHint')}</Typography.Text> : null}
          {editable ? (
            <Button type="primary" icon={<PlusOutlined />} disabled={!shopId} onClick={() => setCreating(true)}>
              {t('bookings.newBooking')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 8 }}>
        {CALENDAR_STATES.map((state) => (
          <Tag key={state} color={bookingStates[state].color}>
            {pickLabel(bookingStates[state].label)}
          </Tag>
        ))}
      </Space>
      {data && !data.stylists.length ? <Empty description={t('bookings.noStylists')} /> : null}
      {data?.stylists.length ? (
        <div style={{ border: '1px solid #f0f0f0' }} data-calendar>
          <div style={{ display: 'flex', borderBottom: '1px solid #f0f0f0', height: 24 }}>
            <div style={{ width: NAME_WIDTH, flex: 'none', paddingLeft: 8 }}>{t('bookings.stylist')}</div>
            <div style={{ position: 'relative', flex: 1 }}>
              {hours.map((m) => (
                <span key={m} style={{ position: 'absolute', left: pct(m), fontSize: 12, color: '#8c8c8c', transform: 'translateX(-50%)' }}>
                  {clockOf(m)}
                </span>
              ))}
            </div>
          </div>
          {data.stylists.map((s) => (
            <div key={s.eeid} style={{ display: 'flex', borderBottom: '1px solid #f0f0f0', height: ROW_HEIGHT }} data-stylist={s.eeid}>
              <div style={{ width: NAME_WIDTH, flex: 'none', padding: '4px 8px', overflow: 'hidden' }}>
                <div style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{s.name}</div>
                {s.work ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {s.work.start}–{s.work.end}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('bookings.notScheduled')}
                  </Typography.Text>
                )}
              </div>
              <fieldset
                aria-label={s.name}
                style={{ position: 'relative', flex: 1, background: '#f5f5f5', border: 0, margin: 0, padding: 0, minWidth: 0 }}
                onDragOver={(e) => editable && e.preventDefault()}
                onDrop={(e) => drop(e, s.eeid)}
              >
                {s.free.map((f) => (
                  <div
                    key={f.start}
                    style={{
                      position: 'absolute',
                      top: 0,
                      bottom: 0,
                      left: pct(minutesOf(f.start)),
                      width: width(minutesOf(f.start), minutesOf(f.end)),
                      background: '#fff',
                    }}
                  />
                ))}
                {s.leave.map((l) => (
                  <div
                    key={l.start}
                    title={t('bookings.leave')}
                    style={{
                      position: 'absolute',
                      top: 0,
                      bottom: 0,
                      left: pct(minutesOf(l.start)),
                      width: width(minutesOf(l.start), minutesOf(l.end)),
                      background: 'repeating-linear-gradient(45deg, #fafafa, #fafafa 6px, #f0f0f0 6px, #f0f0f0 12px)',
                    }}
                  />
                ))}
                {s.bookings.map((b) => blockView(b, editable && b.state === '3' ? b : null))}
              </fieldset>
            </div>
          ))}
          {data.unassigned.length ? (
            <div style={{ display: 'flex', height: ROW_HEIGHT }}>
              <div style={{ width: NAME_WIDTH, flex: 'none', padding: '4px 8px' }}>{t('bookings.unassigned')}</div>
              <div style={{ position: 'relative', flex: 1 }}>{data.unassigned.map((b) => blockView(b, null))}</div>
            </div>
          ) : null}
        </div>
      ) : null}
      {shopId ? (
        <NewBooking open={creating} onClose={() => setCreating(false)} shopId={shopId} day={day} stylists={data?.stylists ?? []} />
      ) : null}
    </Card>
  );
}

/** /admin/bookings/calendar — a shop's day; an arrived customer's block opens the till bill their arrival opened. */
export default function CalendarPage() {
  const tab = useTab();
  const { shopId, setShopId } = useShopChoice();
  return (
    <DayCalendar
      shopId={shopId}
      picker={<ShopSelect value={shopId} onChange={(v) => v && setShopId(v)} style={{ width: 220 }} />}
      onOpen={(b) => tab.open(b.tillBillId ? `${serviceBill.webPath}/${b.tillBillId}` : `${bookingBill.webPath}/${b.id}`)}
    />
  );
}
