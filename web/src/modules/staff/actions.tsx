import {
  CheckCircleFilled,
  DownloadOutlined,
  HolderOutlined,
  InboxOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { EMPLOYEE_ACCOUNT_PATH, type EmployeeRow, type ImportError } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Avatar,
  Button,
  Col,
  DatePicker,
  Drawer,
  Form,
  Input,
  Modal,
  Result,
  Row,
  Select,
  Space,
  Steps,
  Table,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { type DragEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { companyToday } from '../../platform/clock';
import { EmptyState } from '../../platform/Empty';
import { download, http, isApiError, request } from '../../platform/http';
import type { InvalidateTarget } from '../../platform/resource/invalidate';
import { useRemoteRows } from '../../platform/resource/options';
import { API, type BookableEmployee } from './api';
import { employeeDef } from './defs';
import { LevelPicker } from './pickers';

type Picked = Pick<EmployeeRow, 'id' | 'name'>[];

/** What a change of employees shows in: their list, the change stream, the pickers of unbound employees. */
const EMPLOYEE_CHANGES: InvalidateTarget[] = [employeeDef, ['stream'], ['options', '/api-chain/employee/getListUnbind']];

function Who({ rows }: { rows: Picked }) {
  const { t } = useTranslation();
  const names = rows.slice(0, 8).map((r) => r.name);
  return (
    <Typography.Paragraph type="secondary">
      {t('staff.employee.forWhom', { names: names.join('、'), count: rows.length })}
      {rows.length > names.length ? '…' : ''}
    </Typography.Paragraph>
  );
}

function Remote({
  url,
  value,
  onChange,
  label,
}: {
  url: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const q = useRemoteRows(url);
  const rows = (Array.isArray(q.data) ? q.data : []) as { id: number; name: string }[];
  return (
    <Select
      allowClear
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      loading={q.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('staff.employee.keep', { label })}
      options={rows.map((r) => ({ value: r.id, label: r.name }))}
      style={{ width: '100%' }}
    />
  );
}

interface TransferValues {
  shopId?: number | null;
  branchId?: number | null;
  positionId?: number | null;
  levelId?: number | null;
  effectiveDate: Dayjs;
  memo?: string;
}

/** Move employees to another shop, department, position or level from a date (today or later). */
export function TransferModal({ rows, onClose, onDone }: { rows: Picked; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TransferValues>();
  const [error, setError] = useState<string | null>(null);
  const saving = useAction<TransferValues>({
    run: (v) =>
      http.post(API.transfer, {
        employeeIds: rows.map((r) => r.id),
        effectiveDate: v.effectiveDate.format('YYYY-MM-DD'),
        // only what changes: an absent field keeps the employee's current value
        ...(v.shopId ? { shopId: v.shopId } : {}),
        ...(v.branchId ? { branchId: v.branchId } : {}),
        ...(v.positionId ? { positionId: v.positionId } : {}),
        ...(v.levelId ? { levelId: v.levelId } : {}),
        memo: v.memo?.trim() || null,
      }),
    success: (_r, v) =>
      v.effectiveDate.isAfter(companyToday(), 'day')
        ? t('staff.employee.transferScheduled', { date: v.effectiveDate.format('YYYY-MM-DD') })
        : t('staff.employee.transferred', { count: rows.length }),
    invalidates: EMPLOYEE_CHANGES,
    done: () => {
      onDone?.();
      onClose();
    },
  });
  const save = async () => {
    const v = await form.validateFields();
    if (!v.shopId && !v.branchId && !v.positionId && !v.levelId) {
      setError(t('staff.employee.transferNothing'));
      return;
    }
    setError(null);
    await saving.run(v);
  };
  return (
    <Modal
      open
      title={t('staff.employee.transferTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={save}
      onCancel={onClose}
      okButtonProps={{ loading: saving.busy }}
      width={640}
      destroyOnHidden
    >
      <Who rows={rows} />
      {error ? <Alert type="warning" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" initialValues={{ effectiveDate: companyToday() }}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="shopId" label={t('staff.employee.toShop')}>
              <Remote url={API.shopsAll} label={t('staff.employee.shop')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="branchId" label={t('staff.employee.toBranch')}>
              <Remote url={API.branchesAll} label={t('staff.employee.branch')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="positionId" label={t('staff.employee.toPosition')}>
              <Remote url={API.positionsAll} label={t('staff.employee.position')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="levelId" label={t('staff.employee.toLevel')}>
              <LevelPicker />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="effectiveDate"
              label={t('staff.employee.effectiveDate')}
              rules={[{ required: true, message: t('common.pleaseSelect', { label: t('staff.employee.effectiveDate') }) }]}
              tooltip={t('staff.employee.effectiveHelp')}
            >
              <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(companyToday(), 'day')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="memo" label={t('common.memo')}>
              <Input.TextArea rows={2} maxLength={500} showCount />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** Leave (status 0) or return to work (status 1) on a date. */
export function StatusModal({ rows, status, onClose, onDone }: { rows: Picked; status: 0 | 1; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ date: Dayjs; memo?: string }>();
  const label = status === 0 ? t('staff.employee.leaveDate') : t('staff.employee.rejoinDate');
  // 409 (already left / on the job): shown by the client
  const saving = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.post(API.status, { ids: rows.map((r) => r.id), status, date: v.date.format('YYYY-MM-DD'), memo: v.memo?.trim() || null });
    },
    success: () =>
      status === 0 ? t('staff.employee.leftDone', { count: rows.length }) : t('staff.employee.rejoinedDone', { count: rows.length }),
    invalidates: EMPLOYEE_CHANGES,
    done: () => {
      onDone?.();
      onClose();
    },
  });
  const save = () => saving.run();
  return (
    <Modal
      open
      title={status === 0 ? t('staff.employee.leaveTitle') : t('staff.employee.rejoinTitle')}
      okText={t('common.confirm')}
      okButtonProps={{ loading: saving.busy, danger: status === 0 }}
      cancelText={t('common.cancel')}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Who rows={rows} />
      {status === 0 ? <Alert type="warning" showIcon title={t('staff.employee.leaveHint')} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" initialValues={{ date: companyToday() }}>
        <Form.Item name="date" label={label} rules={[{ required: true, message: t('common.pleaseSelect', { label }) }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="memo" label={status === 0 ? t('staff.employee.leaveReason') : t('common.memo')}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Set (or clear) the skill level of several employees. */
export function SkillLevelModal({ rows, onClose, onDone }: { rows: Picked; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation();
  const q = useRemoteRows(API.skillLevelsAll);
  const [level, setLevel] = useState<number | null>(null);
  const saving = useAction({
    run: () => http.post(API.skillLevel, { ids: rows.map((r) => r.id), skillLevelId: level }),
    success: 'common.saved',
    invalidates: EMPLOYEE_CHANGES,
    done: () => {
      onDone?.();
      onClose();
    },
  });
  const save = () => saving.run();
  const options = ((Array.isArray(q.data) ? q.data : []) as { id: number; name: string }[]).map((r) => ({ value: r.id, label: r.name }));
  return (
    <Modal
      open
      title={t('staff.employee.skillTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={save}
      onCancel={onClose}
      okButtonProps={{ loading: saving.busy }}
      destroyOnHidden
    >
      <Who rows={rows} />
      <Select
        allowClear
        style={{ width: '100%' }}
        value={level ?? undefined}
        onChange={(v: number | undefined) => setLevel(v ?? null)}
        options={options}
        loading={q.isLoading}
        placeholder={t('staff.employee.skillClear')}
      />
    </Modal>
  );
}

/** 开通账号: the employee's own account (username and password; no role, no shop), opened for one employee without a user. */
export function AccountModal({ row, onClose }: { row: Pick<EmployeeRow, 'id' | 'name' | 'eecode'>; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ username: string; password: string }>();
  const saving = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.post<EmployeeRow>(EMPLOYEE_ACCOUNT_PATH, { id: row.id, username: v.username.trim(), password: v.password });
    },
    success: (saved) => t('staff.employee.accountOpened', { name: row.name, username: saved.username ?? '' }),
    invalidates: EMPLOYEE_CHANGES,
    // a username taken: said on its field too
    failed: (e) => {
      if (!isApiError(e)) return;
      for (const name of ['username', 'password'] as const) {
        const errors = e.errors.filter((x) => x.path === name).map((x) => x.message);
        if (errors.length) form.setFields([{ name, errors }]);
      }
    },
    done: onClose,
  });
  return (
    <Modal
      open
      title={t('staff.employee.accountTitle', { name: row.name })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={() => saving.run()}
      onCancel={onClose}
      okButtonProps={{ loading: saving.busy }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('staff.employee.openAccountHelp')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ username: row.eecode }}>
        <Form.Item
          name="username"
          label={t('staff.employee.accountUsername')}
          rules={[
            { required: true, message: t('common.pleaseEnter', { label: t('staff.employee.accountUsername') }) },
            { pattern: /^[A-Za-z0-9_.@-]{2,32}$/, message: t('identity.user.usernameInvalid') },
          ]}
        >
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('staff.employee.accountPassword')}
          extra={t('staff.employee.accountPasswordHelp')}
          rules={[
            { required: true, message: t('common.pleaseEnter', { label: t('staff.employee.accountPassword') }) },
            { min: 8, max: 64, message: t('staff.employee.accountPasswordHelp') },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type ImportState = { kind: 'idle' } | { kind: 'done'; count: number } | { kind: 'errors'; errors: ImportError[]; message: string };

/** Rows of a 400 answer of batchImport: `data.errors` by row and column (or the envelope's field errors). */
export function importErrors(e: unknown): ImportError[] {
  if (!isApiError(e)) return [];
  const data = e.data as { errors?: unknown } | null | undefined;
  const list = Array.isArray(data?.errors) ? (data.errors as Partial<ImportError>[]) : [];
  if (list.length) return list.map((x) => ({ row: Number(x.row ?? 0), column: String(x.column ?? ''), message: String(x.message ?? '') }));
  return e.errors.map((x) => {
    const m = /^(\d+)\.?(.*)$/.exec(x.path);
    return { row: m ? Number(m[1]) : 0, column: m ? (m[2] ?? '') : x.path, message: x.message };
  });
}

/** How many rows an import stored: a number, `{count}`, `{imported}` or a list. */
function importedCount(data: unknown): number {
  if (typeof data === 'number') return data;
  if (Array.isArray(data)) return data.length;
  if (data && typeof data === 'object') {
    const o = data as Record<string, unknown>;
    for (const k of ['count', 'imported', 'created', 'total']) if (typeof o[k] === 'number') return o[k] as number;
  }
  return 0;
}

/** Import employees from the Excel template: every row is checked first; either all are stored or none. */
export function ImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  // a refused sheet (400) is shown here, row by row, rather than as a message
  const uploading = useAction<File, unknown>({
    run: (file) => {
      setState({ kind: 'idle' });
      const form = new FormData();
      form.append('file', file, file.name);
      return request<unknown>(API.batchImport, { method: 'POST', form, timeout: 120_000, quiet: ['400'] });
    },
    invalidates: EMPLOYEE_CHANGES,
    done: (data) => setState({ kind: 'done', count: importedCount(data) }),
    failed: (e) => {
      if (isApiError(e) && e.status === 400) setState({ kind: 'errors', errors: importErrors(e), message: e.message });
    },
  });
  const upload = (file: File) => uploading.run(file);
  const busy = uploading.busy;

  const downloading = useAction({
    run: () => download(API.template, undefined, `${t('staff.employee.templateName')}.xlsx`, { body: {} }),
  });
  const template = () => downloading.run();

  return (
    <Modal open title={t('staff.employee.importTitle')} footer={null} onCancel={onClose} width={720} destroyOnHidden>
      <Steps
        size="small"
        style={{ margin: '8px 0 20px' }}
        current={state.kind === 'done' ? 2 : 1}
        status={state.kind === 'errors' ? 'error' : undefined}
        items={[
          { title: t('staff.employee.importStep1') },
          { title: t('staff.employee.importStep2') },
          { title: t('staff.employee.importStep3') },
        ]}
      />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          title={t('staff.employee.importHint')}
          action={
            <Button size="small" icon={<DownloadOutlined />} loading={downloading.busy} onClick={template}>
              {t('staff.employee.downloadTemplate')}
            </Button>
          }
        />
        {state.kind === 'done' ? (
          <Result
            status="success"
            icon={<CheckCircleFilled />}
            title={t('staff.employee.imported', { count: state.count })}
            extra={
              <Space>
                <Button onClick={() => setState({ kind: 'idle' })}>{t('staff.employee.importAgain')}</Button>
                <Button type="primary" onClick={onClose}>
                  {t('common.confirm')}
                </Button>
              </Space>
            }
          />
        ) : (
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{busy ? t('staff.employee.importing') : t('staff.employee.importDrop')}</p>
            <p className="ant-upload-hint">{t('staff.employee.importDropHint')}</p>
          </Upload.Dragger>
        )}
        {state.kind === 'errors' ? (
          <>
            <Alert type="error" showIcon title={state.message || t('staff.employee.importFailed', { count: state.errors.length })} />
            <Table<ImportError & { key: number }>
              size="small"
              rowKey="key"
              dataSource={state.errors.map((e, i) => ({ ...e, key: i }))}
              pagination={state.errors.length > 8 ? { pageSize: 8, size: 'small' } : false}
              columns={[
                {
                  key: 'row',
                  dataIndex: 'row',
                  title: t('staff.employee.importRow'),
                  width: 80,
                  render: (v: number) => (v ? t('staff.employee.rowN', { row: v }) : ''),
                },
                { key: 'column', dataIndex: 'column', title: t('staff.employee.importColumn'), width: 140 },
                { key: 'message', dataIndex: 'message', title: t('staff.employee.importMessage') },
              ]}
            />
          </>
        ) : null}
      </Space>
    </Modal>
  );
}

/** Booking order of one shop's bookable employees: drag to sort (first shows first). */
export function BookingOrderDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const shops = useRemoteRows(API.shopsAll);
  const shopRows = (Array.isArray(shops.data) ? shops.data : []) as { id: number; name: string; code?: string }[];
  const [shopId, setShopId] = useState<number | undefined>();
  const [order, setOrder] = useState<BookableEmployee[]>([]);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (shopId === undefined && shopRows[0]) setShopId(shopRows[0].id);
  }, [shopId, shopRows]);

  const q = useQuery({
    queryKey: ['employee', 'booking', shopId],
    queryFn: ({ signal }) =>
      http.get<BookableEmployee[] | { list: BookableEmployee[] }>(API.bookableOfShop, { shopid: shopId, bookable: 1 }, { signal }),
    enabled: !!shopId,
    gcTime: 0,
  });
  useEffect(() => {
    const rows = Array.isArray(q.data) ? q.data : (q.data?.list ?? []);
    setOrder(rows);
    setDirty(false);
  }, [q.data]);

  const move = (from: number, to: number) => {
    if (from === to || from < 0 || to < 0 || from >= order.length || to >= order.length) return;
    const next = [...order];
    const [x] = next.splice(from, 1);
    if (x) next.splice(to, 0, x);
    setOrder(next);
    setDirty(true);
  };

  const saving = useAction({
    run: () => http.post(API.bookingOrder, { ids: order.map((e) => e.id) }),
    success: 'staff.employee.orderSaved',
    invalidates: EMPLOYEE_CHANGES,
    done: () => setDirty(false),
  });
  const save = () => saving.run();

  const dragProps = (i: number) => ({
    draggable: true,
    onDragStart: (e: DragEvent) => {
      setDragging(i);
      e.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      if (over !== i) setOver(i);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      if (dragging !== null) move(dragging, i);
      setDragging(null);
      setOver(null);
    },
    onDragEnd: () => {
      setDragging(null);
      setOver(null);
    },
  });

  return (
    <Drawer
      open
      onClose={onClose}
      size={520}
      title={t('staff.employee.bookingOrder')}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" disabled={!dirty || !order.length} loading={saving.busy} onClick={save}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Select
          style={{ width: '100%' }}
          value={shopId}
          onChange={setShopId}
          loading={shops.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={shopRows.map((s) => ({ value: s.id, label: s.name }))}
          placeholder={t('common.pleaseSelect', { label: t('staff.employee.shop') })}
        />
        <Typography.Text type="secondary">{t('staff.employee.bookingOrderHint')}</Typography.Text>
        {q.isLoading ? null : !order.length ? (
          <EmptyState description={t('staff.employee.noBookable')} />
        ) : (
          <div className="ho-sort-list">
            {order.map((e, i) => (
              <div
                key={e.id}
                className={`ho-sort-item${dragging === i ? ' is-dragging' : ''}${over === i && dragging !== i ? ' is-over' : ''}`}
                {...dragProps(i)}
              >
                <HolderOutlined className="ho-sort-handle" />
                <span className="ho-sort-index">{i + 1}</span>
                <Avatar size={28} src={e.avatar || undefined} style={{ background: e.avatar ? undefined : '#adc6ff' }}>
                  {e.name.slice(0, 1)}
                </Avatar>
                <span className="ho-sort-name">
                  {e.name}
                  {e.positionName ? <Tag style={{ marginInlineStart: 8 }}>{e.positionName}</Tag> : null}
                </span>
                <Space size={0}>
                  <Tooltip title={t('staff.employee.moveTop')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<VerticalAlignTopOutlined />}
                      disabled={i === 0}
                      onClick={() => move(i, 0)}
                      aria-label={t('staff.employee.moveTop')}
                    />
                  </Tooltip>
                  <Tooltip title={t('staff.employee.moveBottom')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<VerticalAlignBottomOutlined />}
                      disabled={i === order.length - 1}
                      onClick={() => move(i, order.length - 1)}
                      aria-label={t('staff.employee.moveBottom')}
                    />
                  </Tooltip>
                </Space>
              </div>
            ))}
          </div>
        )}
      </Space>
    </Drawer>
  );
}
