import { ClusterOutlined, CreditCardOutlined, DeleteOutlined, EditOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { type InPackageAnswer, inPackageAnswer, type ServiceRow } from '@headoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { notify } from '../../platform/notify';
import { useTab } from '../../platform/pages';
import { ImportModal } from '../../platform/resource/ImportModal';
import { invalidateResource } from '../../platform/resource/invalidate';
import { useOptions } from '../../platform/resource/options';
import { ResourceList } from '../../platform/resource/ResourceList';
import { CATALOG } from './api';
import { BatchCardsModal } from './BatchCardsModal';
import { SERVICE_LINES } from './defs';
import { ServiceGroupsModal } from './ServiceGroupsModal';
import { serviceDef, serviceDetailPath } from './serviceDef';

type Changes = {
  serviceTypeId?: number;
  branchId?: number;
  line?: 'mf' | 'mr';
  durationMinutes?: number;
  status?: 0 | 1;
  positionIds?: number[];
};

/** The same changes on many services at once (updateInfos); empty fields are left as they are. */
function BatchEdit({ services, onClose }: { services: ServiceRow[] | null; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Changes>();
  const types = useOptions({ kind: 'remote', url: CATALOG.serviceTypeAll });
  const branches = useOptions({ kind: 'remote', url: CATALOG.branchAll });
  const positions = useOptions({ kind: 'remote', url: CATALOG.positionAll });
  const lines = useOptions(SERVICE_LINES);

  const saving = useAction<Record<string, unknown>>({
    run: (changes) => http.post(CATALOG.serviceUpdateInfos, { ids: (services ?? []).map((s) => s.id), changes }),
    success: 'common.saved',
    invalidates: [serviceDef],
    done: () => {
      form.resetFields();
      onClose(true);
    },
  });

  const submit = async () => {
    const v = form.getFieldsValue();
    const changes = Object.fromEntries(
      Object.entries(v).filter(([, x]) => x !== undefined && x !== null && !(Array.isArray(x) && x.length === 0)),
    );
    if (!Object.keys(changes).length) {
      notify.message.warning(t('catalog.service.nothingToChange'));
      return;
    }
    await saving.run(changes);
  };

  return (
    <Modal
      open={!!services}
      title={t('catalog.service.batchEditTitle', { count: services?.length ?? 0 })}
      onCancel={() => onClose(false)}
      onOk={submit}
      confirmLoading={saving.busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="serviceTypeId" label={t('catalog.service.type')}>
          <Select allowClear options={types.options} placeholder={t('catalog.service.keep')} />
        </Form.Item>
        <Form.Item name="line" label={t('catalog.service.line')}>
          <Select allowClear options={lines.options} placeholder={t('catalog.service.keep')} />
        </Form.Item>
        <Form.Item name="branchId" label={t('catalog.service.branch')}>
          <Select allowClear options={branches.options} placeholder={t('catalog.service.keep')} />
        </Form.Item>
        <Form.Item name="durationMinutes" label={t('catalog.service.duration')}>
          <InputNumber min={5} max={1440} step={5} style={{ width: '100%' }} placeholder={t('catalog.service.keep')} />
        </Form.Item>
        <Form.Item name="positionIds" label={t('catalog.service.positions')}>
          <Select mode="multiple" allowClear options={positions.options} placeholder={t('catalog.service.keep')} />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')}>
          <Select
            allowClear
            placeholder={t('catalog.service.keep')}
            options={[
              { value: 1, label: t('common.enabled') },
              { value: 0, label: t('common.disabled') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/catalog/services — service items: list, form, batch edit, import, groups; names open the detail. */
export default function ServicesPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [importing, setImporting] = useState(false);
  const [groups, setGroups] = useState(false);
  const [batch, setBatch] = useState<{ rows: ServiceRow[]; clear: () => void } | null>(null);
  const [cards, setCards] = useState<{ rows: ServiceRow[]; clear: () => void } | null>(null);
  // 409 (sold or in a package): shown by the client
  const removal = useAction<ServiceRow>({
    run: (row) => http.get(CATALOG.serviceDelete, { id: row.id }),
    success: 'common.deleted',
    invalidates: [serviceDef],
  });

  const remove = async (row: ServiceRow) => {
    let used: InPackageAnswer | null = null;
    try {
      used = await http.read(inPackageAnswer, CATALOG.serviceInPackage(row.id));
    } catch {
      return;
    }
    if (used?.inPackage) {
      modal.warning({
        title: t('catalog.service.cannotDelete'),
        content: t('catalog.service.inPackages', { name: row.name, packages: used.packages.join('、') }),
        okText: t('common.confirm'),
      });
      return;
    }
    modal.confirm({
      title: t('common.delete'),
      content: t('common.deleteConfirm', { name: row.name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => removal.run(row),
    });
  };

  return (
    <>
      <ResourceList<ServiceRow, 'keyword' | 'who' | 'positionIds' | 'employeeIds'>
        def={serviceDef}
        selectable
        actionsWidth={220}
        toolbar={(ctx) =>
          ctx.canEdit ? (
            <>
              <Button
                icon={<EditOutlined />}
                disabled={!ctx.selected.length}
                onClick={() => setBatch({ rows: ctx.selected, clear: ctx.clearSelection })}
              >
                {t('catalog.service.batchEdit')}
              </Button>
              <Button
                icon={<CreditCardOutlined />}
                disabled={!ctx.selected.length}
                onClick={() => setCards({ rows: ctx.selected, clear: ctx.clearSelection })}
              >
                {t('pricing.cardBatch.button')}
              </Button>
              <Button icon={<ClusterOutlined />} onClick={() => setGroups(true)}>
                {t('catalog.group.button')}
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('importer.button')}
              </Button>
            </>
          ) : (
            <Button icon={<ClusterOutlined />} onClick={() => setGroups(true)}>
              {t('catalog.group.button')}
            </Button>
          )
        }
        rowActions={(row, ctx) => (
          <>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => tab.open(serviceDetailPath(row.id))}>
              {t('common.detail')}
            </Button>
            {ctx.canEdit ? (
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(row)}>
                {t('common.delete')}
              </Button>
            ) : null}
          </>
        )}
      />
      <BatchEdit
        services={batch?.rows ?? null}
        onClose={(done) => {
          if (done) batch?.clear();
          setBatch(null);
        }}
      />
      <BatchCardsModal
        services={cards?.rows ?? null}
        onClose={(done) => {
          if (done) cards?.clear();
          setCards(null);
        }}
      />
      <ServiceGroupsModal open={groups} onClose={() => setGroups(false)} />
      <ImportModal
        open={importing}
        onClose={() => setImporting(false)}
        entity="catalog.service.title"
        templatePath={CATALOG.serviceTemplate}
        importPath={CATALOG.serviceImport}
        onDone={() => void invalidateResource(qc, serviceDef)}
      />
    </>
  );
}
