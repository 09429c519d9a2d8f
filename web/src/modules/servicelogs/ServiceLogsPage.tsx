import {
  logStateLabels,
  memberGenderLabels,
  SERVICE_LOG_PATHS as P,
  SERVICE_LOG_PERMS as PERMS,
  rebookLabels,
  returnStateLabels,
  type ServiceLogRow,
  serviceLogPage,
} from '@headoffice/contract';
import { Button, Image, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { useLabel } from '../../platform/bills/labels';
import { companyToday } from '../../platform/clock';
import { http } from '../../platform/http';
import { atMinute, ListCard, ListTable, useFilters, usePaged } from '../../platform/list/ListParts';
import { useRemoteRows } from '../../platform/resource/options';
import { LogDrawer } from './LogDrawer';
import { DaysPicker, useDays } from './parts';

/** A photo of the log as a small picture that opens large. */
const photo = (url: string | undefined) => (url ? <Image src={url} width={36} height={36} style={{ objectFit: 'cover' }} /> : null);

/**
 * /admin/members/servicelogs — 服务日志: head office's list of the settled service bills of the shops the
 * user sees with their logs (未填写 until written), filtered by 消费日期 (today at first), 编辑时间, 回访时间,
 * shop, 服务人员 and the states; a row opens the bill's drawer, where the log and the review are written.
 */
export default function ServiceLogsPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const may = usePermission();
  const filters = useFilters([
    { kind: 'shop', placeholder: t('servicelogs.allShops') },
    { kind: 'select', param: 'logState', placeholder: t('servicelogs.logState'), width: 110, labels: logStateLabels },
    { kind: 'select', param: 'returnState', placeholder: t('servicelogs.returnState'), width: 110, labels: returnStateLabels },
    { kind: 'keyword', placeholder: t('servicelogs.keyword'), width: 200 },
  ]);
  const sale = useDays([companyToday(), companyToday()]);
  const edit = useDays();
  const visit = useDays();
  const [employeeId, setEmployeeId] = useState<number | undefined>();
  const staff = useRemoteRows('/api-chain/employee/listAll', filters.params.shopid ? { shopid: filters.params.shopid } : undefined);
  const params = {
    ...filters.params,
    ...sale.params('dateFrom', 'dateTo'),
    ...edit.params('editFrom', 'editTo'),
    ...visit.params('visitFrom', 'visitTo'),
    employeeId,
  };
  const paged = usePaged(['servicelogs', 'logs'], params, (p) => http.read(serviceLogPage, P.chainList, p));
  const [open, setOpen] = useState<ServiceLogRow | null>(null);
  return (
    <>
      <ListCard
        filters={filters}
        bar={
          <Space wrap>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 140 }}
              placeholder={t('servicelogs.staff')}
              value={employeeId}
              onChange={(v) => setEmployeeId(v ?? undefined)}
              options={((staff.data ?? []) as unknown as { id: number; name: string }[]).map((e) => ({ value: e.id, label: e.name }))}
            />
            <DaysPicker value={sale.days} onChange={sale.setDays} placeholder={t('servicelogs.saleDays')} />
            <DaysPicker value={edit.days} onChange={edit.setDays} placeholder={t('servicelogs.editDays')} />
            <DaysPicker value={visit.days} onChange={visit.setDays} placeholder={t('servicelogs.visitDays')} />
          </Space>
        }
      >
        <ListTable<ServiceLogRow>
          paged={paged}
          rowKey="billId"
          scrollX={1900}
          columns={[
            { title: t('servicelogs.name'), dataIndex: 'memberName', width: 90 },
            { title: t('servicelogs.mobile'), dataIndex: 'mobile', width: 120 },
            {
              title: t('servicelogs.sex'),
              dataIndex: 'sex',
              width: 60,
              render: (v: 0 | 1 | 2 | null) => (v === null ? '' : label(memberGenderLabels[v])),
            },
            { title: t('servicelogs.shop'), dataIndex: 'shopName', width: 120 },
            { title: t('servicelogs.billNo'), dataIndex: 'billNo', width: 170 },
            { title: t('servicelogs.settledAt'), dataIndex: 'settledAt', width: 140, render: atMinute },
            { title: t('servicelogs.items'), dataIndex: 'items', width: 140, ellipsis: true },
            { title: t('servicelogs.staff'), dataIndex: 'staffNames', width: 110, ellipsis: true },
            {
              title: t('servicelogs.logState'),
              dataIndex: 'logState',
              width: 90,
              render: (v: 1 | 2) => <Tag color={v === 2 ? 'green' : 'orange'}>{label(logStateLabels[v])}</Tag>,
            },
            { title: t('servicelogs.content'), dataIndex: 'content', width: 200, ellipsis: true },
            { title: t('servicelogs.problem'), dataIndex: 'problem', width: 140, ellipsis: true },
            {
              title: t('servicelogs.suggested'),
              dataIndex: 'suggested',
              width: 140,
              ellipsis: true,
              render: (v: ServiceLogRow['suggested']) => v.map((s) => s.name).join('、'),
            },
            { title: t('servicelogs.photo', { n: 1 }), key: 'photo1', width: 70, render: (_, r) => photo(r.photos[0]) },
            { title: t('servicelogs.photo', { n: 2 }), key: 'photo2', width: 70, render: (_, r) => photo(r.photos[1]) },
            {
              title: t('servicelogs.returnState'),
              dataIndex: 'returnState',
              width: 90,
              render: (v: 1 | 2 | 3 | null) => (v ? label(returnStateLabels[v]) : ''),
            },
            { title: t('servicelogs.returnAt'), dataIndex: 'returnAt', width: 140, render: atMinute },
            {
              title: t('servicelogs.rebook'),
              dataIndex: 'rebook',
              width: 90,
              render: (v: 1 | 2 | 3 | null) => (v ? label(rebookLabels[v]) : ''),
            },
            { title: t('servicelogs.editedAt'), dataIndex: 'editedAt', width: 140, render: atMinute },
            {
              title: t('servicelogs.actions'),
              key: 'actions',
              width: 80,
              fixed: 'right',
              render: (_, r) => (
                <Button type="link" size="small" data-testid={`log-open-${r.billId}`} onClick={() => setOpen(r)}>
                  {r.logState === 1 && may(PERMS.edit) ? t('servicelogs.write') : t('servicelogs.view')}
                </Button>
              ),
            },
          ]}
        />
      </ListCard>
      <LogDrawer row={open} onClose={() => setOpen(null)} />
    </>
  );
}
