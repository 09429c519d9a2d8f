import {
  SERVICE_LOG_PATHS as P,
  SERVICE_LOG_PERMS as PERMS,
  rebookLabels,
  returnStateLabels,
  reviewRateLabels,
  reviewRow,
  type ServiceLogRow,
  serviceLogDetail,
  serviceLogRow,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Drawer, Form, Input, Radio, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { useLabel } from '../../platform/bills/labels';
import { showFieldErrors } from '../../platform/forms';
import { http } from '../../platform/http';
import { CATALOG_ITEM_URLS } from '../../platform/ItemPicker';
import { atMinute } from '../../platform/list/ListParts';
import { ImageUpload } from '../../platform/resource/ImageUpload';
import { useRemoteRows } from '../../platform/resource/options';

interface LogValues {
  content: string;
  problem?: string | null;
  suggestedServiceIds?: number[];
  photos?: string[];
  returnState?: number | null;
  returnAt?: Dayjs | null;
  rebook?: number | null;
}
interface ReviewValues {
  employeeId: number;
  rate: number;
  comment?: string;
}

const optionsOf = (labels: Record<number, readonly [string, string]>, label: (l: readonly [string, string]) => string) =>
  Object.entries(labels).map(([value, l]) => ({ value: Number(value), label: label(l) }));

/** One bill's drawer: what was served, its log (written or changed here) and the customer's review with the shop's reply. */
export function LogDrawer({ row, onClose }: { row: ServiceLogRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={row ? t('servicelogs.drawerTitle', { billNo: row.billNo }) : ''}
      className="service-log-drawer"
    >
      {row && <DrawerBody billId={row.billId} />}
    </Drawer>
  );
}

function DrawerBody({ billId }: { billId: number }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['servicelogs', 'detail', billId],
    queryFn: () => http.read(serviceLogDetail, P.detail, { billId }),
  });
  if (!detail.data) return null;
  const { log, review } = detail.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('servicelogs.name')}>{log.memberName}</Descriptions.Item>
        <Descriptions.Item label={t('servicelogs.mobile')}>{log.mobile}</Descriptions.Item>
        <Descriptions.Item label={t('servicelogs.shop')}>{log.shopName}</Descriptions.Item>
        <Descriptions.Item label={t('servicelogs.settledAt')}>{atMinute(log.settledAt)}</Descriptions.Item>
        <Descriptions.Item label={t('servicelogs.items')}>{log.items}</Descriptions.Item>
        <Descriptions.Item label={t('servicelogs.staff')}>{log.staffNames}</Descriptions.Item>
      </Descriptions>
      <LogForm log={log} />
      <ReviewCard log={log} review={review} />
    </Space>
  );
}

function LogForm({ log }: { log: ServiceLogRow }) {
  const { t } = useTranslation();
  const label = useLabel();
  const may = usePermission();
  const [form] = Form.useForm<LogValues>();
  const services = useRemoteRows(CATALOG_ITEM_URLS.serviceAll);
  const serviceOptions = [
    ...log.suggested.map((s) => ({ value: s.id, label: s.name })),
    ...((services.data ?? []) as unknown as { id: number; name: string }[])
      .filter((s) => !log.suggested.some((x) => x.id === s.id))
      .map((s) => ({ value: s.id, label: s.name })),
  ];
  const save = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.send(serviceLogRow, P.save, {
        billId: log.billId,
        ...(log.version ? { version: log.version } : {}),
        content: v.content,
        problem: v.problem || null,
        suggestedServiceIds: v.suggestedServiceIds ?? [],
        photos: v.photos ?? [],
        returnState: v.returnState ?? null,
        returnAt: v.returnAt ? v.returnAt.toISOString() : null,
        rebook: v.rebook ?? null,
      });
    },
    success: 'servicelogs.logSaved',
    invalidates: [['servicelogs']],
    failed: (error) => showFieldErrors(form, error),
  });
  const editable = may(PERMS.edit);
  return (
    <Card size="small" title={t('servicelogs.logSection')}>
      <Form<LogValues>
        form={form}
        layout="vertical"
        disabled={!editable}
        initialValues={{
          content: log.content ?? '',
          problem: log.problem,
          suggestedServiceIds: log.suggested.map((s) => s.id),
          photos: log.photos,
          returnState: log.returnState,
          returnAt: log.returnAt ? dayjs(log.returnAt) : null,
          rebook: log.rebook,
        }}
      >
        <Form.Item name="content" label={t('servicelogs.content')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={3} maxLength={2000} data-testid="log-content" />
        </Form.Item>
        <Form.Item name="problem" label={t('servicelogs.problem')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Form.Item name="suggestedServiceIds" label={t('servicelogs.suggested')}>
          <Select mode="multiple" optionFilterProp="label" options={serviceOptions} maxCount={10} />
        </Form.Item>
        <Form.Item name="photos" label={t('servicelogs.photos')}>
          <ImageUpload multiple maxCount={3} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="returnState" label={t('servicelogs.returnState')}>
            <Select allowClear style={{ width: 140 }} options={optionsOf(returnStateLabels, label)} />
          </Form.Item>
          <Form.Item name="returnAt" label={t('servicelogs.returnAt')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="rebook" label={t('servicelogs.rebook')}>
            <Select allowClear style={{ width: 140 }} options={optionsOf(rebookLabels, label)} />
          </Form.Item>
        </Space>
        {editable && (
          <div>
            <Button type="primary" loading={save.busy} onClick={() => save.run()} data-testid="log-save">
              {t('servicelogs.saveLog')}
            </Button>
          </div>
        )}
      </Form>
    </Card>
  );
}

function ReviewCard({ log, review }: { log: ServiceLogRow; review: z.infer<typeof reviewRow> | null }) {
  const { t } = useTranslation();
  const label = useLabel();
  const may = usePermission();
  const [form] = Form.useForm<ReviewValues>();
  const [replyForm] = Form.useForm<{ reply: string }>();
  const staff = useRemoteRows('/api-chain/employee/listAll', { shopid: log.shopId });
  const saveReview = useAction({
    run: async () => http.send(reviewRow, P.reviewSave, { billId: log.billId, ...(await form.validateFields()) }),
    success: 'servicelogs.reviewSaved',
    invalidates: [['servicelogs']],
    failed: (error) => showFieldErrors(form, error),
  });
  const reply = useAction({
    run: async () => http.send(reviewRow, P.reviewReply, { id: review?.id, ...(await replyForm.validateFields()) }),
    success: 'servicelogs.replySaved',
    invalidates: [['servicelogs']],
    failed: (error) => showFieldErrors(replyForm, error),
  });
  if (!review)
    return (
      <Card size="small" title={t('servicelogs.review')}>
        {may(PERMS.reviewEdit) ? (
          <Form<ReviewValues> form={form} layout="vertical" initialValues={{ rate: 1 }}>
            <Form.Item name="employeeId" label={t('servicelogs.reviewed')} rules={[{ required: true }]}>
              <Select
                showSearch
                optionFilterProp="label"
                style={{ width: 200 }}
                data-testid="review-employee"
                options={((staff.data ?? []) as unknown as { id: number; name: string }[]).map((e) => ({ value: e.id, label: e.name }))}
              />
            </Form.Item>
            <Form.Item name="rate" label={t('servicelogs.rate')} rules={[{ required: true }]}>
              <Radio.Group options={optionsOf(reviewRateLabels, label)} />
            </Form.Item>
            <Form.Item name="comment" label={t('servicelogs.comment')}>
              <Input.TextArea rows={2} maxLength={1000} data-testid="review-comment" />
            </Form.Item>
            <Button type="primary" loading={saveReview.busy} onClick={() => saveReview.run()} data-testid="review-save">
              {t('servicelogs.saveReview')}
            </Button>
          </Form>
        ) : (
          <Typography.Text type="secondary">{t('servicelogs.noReview')}</Typography.Text>
        )}
      </Card>
    );
  return (
    <Card size="small" title={t('servicelogs.review')}>
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('servicelogs.rate')}>
          <Tag color={review.rate === 1 ? 'green' : review.rate === 3 ? 'red' : 'gold'}>
            {label(reviewRateLabels[review.rate as 1 | 2 | 3])}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('servicelogs.reviewed')}>{review.employeeName}</Descriptions.Item>
        <Descriptions.Item label={t('servicelogs.reviewedAt')}>{atMinute(review.reviewedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('servicelogs.replied')}>
          {review.replied ? t('servicelogs.yes') : t('servicelogs.no')}
        </Descriptions.Item>
        <Descriptions.Item label={t('servicelogs.comment')} span={2}>
          {review.comment}
        </Descriptions.Item>
        {review.reply && (
          <Descriptions.Item label={t('servicelogs.reply')} span={2}>
            {review.reply}
          </Descriptions.Item>
        )}
      </Descriptions>
      {may(PERMS.reviewReply) && (
        <Form form={replyForm} layout="inline" initialValues={{ reply: review.reply ?? '' }}>
          <Form.Item name="reply" rules={[{ required: true, whitespace: true }]} style={{ flex: 1 }}>
            <Input maxLength={1000} placeholder={t('servicelogs.reply')} data-testid="review-reply" />
          </Form.Item>
          <Button loading={reply.busy} onClick={() => reply.run()} data-testid="review-reply-save">
            {t('servicelogs.saveReply')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
