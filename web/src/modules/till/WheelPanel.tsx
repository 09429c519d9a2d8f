import {
  WHEEL_PATHS as W,
  WHEEL_CHANGED,
  type WheelEntry,
  type WheelQueue,
  type WheelQueues,
  wheelActionLabels,
  wheelAssignAnswer,
  wheelLogRow,
  wheelQueues,
  wheelStateLabels,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Dropdown, Empty, Form, Input, InputNumber, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { shopClock } from '../../platform/clock';
import { http } from '../../platform/http';
import { pickLabel } from '../../platform/i18n';
import { useLiveConnection, useLiveEvent, useLiveResync, useLiveStatus } from '../../platform/live';
import { PageLoading } from '../../platform/PageLoading';

const stateColor = { free: 'green', serving: 'blue', resting: 'orange' } as const;
const logRows = z.array(wheelLogRow);
/** Rests end by the clock, without an event: refetched this often even while events arrive. */
const CLOCK_MS = 60_000;
const FALLBACK_MS = 10_000;

/** The shop's wheel (轮牌) in the cashier application: each queue live, with give / rest / move buttons and the log. */
export function WheelPanel({ shopId }: { shopId: number }) {
  const { t } = useTranslation();
  useLiveConnection();
  const live = useLiveStatus() === 'open';
  const queues = useQuery({
    queryKey: ['till-wheel', shopId],
    queryFn: () => http.read(wheelQueues, W.queues, { shopId }),
    refetchInterval: live ? CLOCK_MS : FALLBACK_MS,
  });
  const log = useQuery({
    queryKey: ['till-wheel-log', shopId],
    queryFn: () => http.read(logRows, W.logs, { shopId, limit: 50 }),
    refetchInterval: live ? false : FALLBACK_MS,
  });
  const refresh = () => {
    void queues.refetch();
    void log.refetch();
  };
  useLiveEvent<{ shopId: number }>(WHEEL_CHANGED, ({ payload }) => {
    if (payload.shopId === shopId) refresh();
  });
  useLiveResync(refresh);

  if (!queues.data) return <PageLoading />;
  const data = queues.data;
  return (
    <div style={{ display: 'flex', gap: 12, padding: 12, alignItems: 'flex-start' }} data-testid="wheel-panel">
      <Space direction="vertical" style={{ flex: 1, minWidth: 0 }} size="middle">
        <Typography.Text type="secondary">
          {data.scheme ? `${data.scheme.name} · ` : ''}
          {t('till.wheel.day', { day: data.day })}
        </Typography.Text>
        {!data.scheme && <Alert type="info" showIcon message={t('till.wheel.noScheme')} />}
        {data.queues.map((q) => (
          <QueueCard key={q.row} shopId={shopId} queue={q} wheel={data} onChanged={refresh} />
        ))}
      </Space>
      <Card size="small" title={t('till.wheel.log')} style={{ width: 440, flex: 'none' }}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ y: 520 }}
          dataSource={log.data ?? []}
          data-testid="wheel-log"
          columns={[
            {
              title: t('till.wheel.at'),
              dataIndex: 'at',
              width: 62,
              render: (v: string) => shopClock(v, data.day, data.zone),
            },
            { title: t('till.wheel.who'), dataIndex: 'employeeName', width: 96, ellipsis: true },
            {
              title: t('till.wheel.what'),
              dataIndex: 'action',
              render: (v: keyof typeof wheelActionLabels, r) => (
                <span>
                  {pickLabel(wheelActionLabels[v])}
                  {r.fromPlace !== null && r.toPlace !== null && r.fromPlace !== r.toPlace ? ` ${r.fromPlace}→${r.toPlace}` : ''}
                  {r.reason || r.billNo ? (
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                      {[r.reason, r.billNo].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  ) : null}
                </span>
              ),
            },
            { title: t('till.wheel.by'), dataIndex: 'byName', width: 100, ellipsis: true },
          ]}
        />
      </Card>
    </div>
  );
}

function QueueCard({ shopId, queue, wheel, onChanged }: { shopId: number; queue: WheelQueue; wheel: WheelQueues; onChanged: () => void }) {
  const { t } = useTranslation();
  const [moving, setMoving] = useState<WheelEntry | null>(null);
  const give = useAction({
    run: (employeeId?: number) => http.send(wheelAssignAnswer, W.assign, { shopId, row: queue.row, employeeId }),
    success: (r) => t(r.turned ? 'till.wheel.givenTurned' : 'till.wheel.given', { name: r.name }),
    done: onChanged,
  });
  const act = useAction({
    run: ({ path, body }: { path: string; body: Record<string, unknown> }) => http.send(wheelQueues, path, { shopId, ...body }),
    done: onChanged,
  });
  const flags = (['dayClean', 'withCashier', 'dksffp'] as const).filter((f) => queue[f]);
  return (
    <Card
      size="small"
      data-testid={`wheel-row-${queue.row}`}
      title={
        <Space>
          {queue.name}
          {flags.map((f) => (
            <Tag key={f} bordered={false}>
              {t(`till.wheel.flags.${f}`)}
            </Tag>
          ))}
        </Space>
      }
      extra={
        <Button
          type="primary"
          loading={give.busy}
          disabled={!queue.entries.some((e) => e.state === 'free')}
          onClick={() => give.run(undefined)}
          data-testid={`wheel-walkin-${queue.row}`}
        >
          {t('till.wheel.walkIn')}
        </Button>
      }
    >
      {!queue.entries.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('till.wheel.empty')} />
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {queue.entries.map((e) => (
            <Dropdown
              key={e.employeeId}
              trigger={['click']}
              menu={{
                items: [
                  { key: 'appoint', label: t('till.wheel.appoint'), onClick: () => give.run(e.employeeId) },
                  e.state === 'resting'
                    ? {
                        key: 'back',
                        label: t('till.wheel.back'),
                        onClick: () => act.run({ path: W.back, body: { employeeId: e.employeeId } }),
                      }
                    : {
                        key: 'rest',
                        label: t('till.wheel.rest'),
                        disabled: !wheel.rests.length,
                        children: wheel.rests.map((r) => ({
                          key: `rest-${r.id}`,
                          label: `${r.name} ${r.minutes}′`,
                          onClick: () => act.run({ path: W.rest, body: { employeeId: e.employeeId, restId: r.id } }),
                        })),
                      },
                  { key: 'move', label: t('till.wheel.move'), onClick: () => setMoving(e) },
                ],
              }}
            >
              <Card
                size="small"
                hoverable
                style={{ width: 132, borderColor: e.state === 'free' ? '#95de64' : undefined }}
                styles={{ body: { padding: 8 } }}
                data-testid={`wheel-card-${queue.row}-${e.place}`}
              >
                <Space direction="vertical" size={2} style={{ width: '100%' }}>
                  <Space size={6}>
                    <Tag color="default" style={{ marginInlineEnd: 0 }}>
                      {e.place}
                    </Tag>
                    <Typography.Text strong ellipsis style={{ maxWidth: 80 }}>
                      {e.name}
                    </Typography.Text>
                  </Space>
                  <Tag color={stateColor[e.state]} style={{ marginInlineEnd: 0 }}>
                    {pickLabel(wheelStateLabels[e.state])}
                    {e.state === 'resting' && e.restUntil ? ` ${e.restName ?? ''} ${t('till.wheel.until', { time: e.restUntil })}` : ''}
                  </Tag>
                </Space>
              </Card>
            </Dropdown>
          ))}
        </div>
      )}
      {moving && (
        <MoveModal
          entry={moving}
          size={queue.entries.length}
          busy={act.busy}
          onCancel={() => setMoving(null)}
          onOk={async (place, reason) => {
            const done = await act.run({ path: W.move, body: { row: queue.row, employeeId: moving.employeeId, place, reason } });
            if (done) setMoving(null);
          }}
        />
      )}
    </Card>
  );
}

function MoveModal({
  entry,
  size,
  busy,
  onCancel,
  onOk,
}: {
  entry: WheelEntry;
  size: number;
  busy: boolean;
  onCancel: () => void;
  onOk: (place: number | undefined, reason: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ place?: number | null; reason: string }>();
  return (
    <Modal
      open
      title={`${t('till.wheel.move')} · ${entry.name}`}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={async () => {
        const v = await form.validateFields();
        onOk(v.place ?? undefined, v.reason);
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="place" label={t('till.wheel.place')} extra={t('till.wheel.placeHint')}>
          <InputNumber min={1} max={size} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="reason" label={t('till.wheel.reason')} rules={[{ required: true, whitespace: true, max: 60 }]}>
          <Input maxLength={60} data-testid="wheel-move-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
