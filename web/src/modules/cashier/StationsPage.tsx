import { CASHIER_PATHS as P, type Station, station, stationBusinessTypeLabels } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Input, Row, Skeleton, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { useLabel } from '../../platform/bills/labels';
import { http } from '../../platform/http';
import { NamedMultiSelect } from './common';

type Rows = Station['rows'];

function StationCard({ station, editable }: { station: Station; editable: boolean }) {
  const { t } = useTranslation();
  const label = useLabel();
  const [rows, setRows] = useState<Rows>(station.rows);
  useEffect(() => setRows(station.rows), [station.rows]);
  const save = useAction({
    run: () =>
      http.post<Station>(P.stationSave, {
        id: station.id,
        version: station.version,
        rows: rows.map(({ postion, name, positionIds }) => ({ postion, name, positionIds })),
      }),
    success: 'cashier.saved',
    invalidates: [['stations']],
  });
  const type = stationBusinessTypeLabels[station.businessType as 1 | 2 | 3];
  return (
    <Card
      size="small"
      title={
        <Space>
          {station.name}
          {type && label(type) !== station.name ? <Tag>{label(type)}</Tag> : null}
        </Space>
      }
      extra={
        editable ? (
          <Button type="primary" size="small" loading={save.busy} onClick={() => save.run()}>
            {t('cashier.save')}
          </Button>
        ) : null
      }
    >
      {rows.map((r, i) => (
        <Row key={r.postion} gutter={8} style={{ marginBottom: 8 }} align="middle">
          <Col span={7}>
            <Input
              value={r.name}
              disabled={!editable}
              maxLength={32}
              aria-label={t('cashier.station.rows')}
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            />
          </Col>
          <Col span={17}>
            <NamedMultiSelect
              kind="position"
              value={r.positionIds}
              disabled={!editable}
              placeholder={t('cashier.station.positions')}
              onChange={(ids) => setRows(rows.map((x, j) => (j === i ? { ...x, positionIds: ids } : x)))}
            />
          </Col>
        </Row>
      ))}
    </Card>
  );
}

/** /admin/cashier/stations — the stations of each business type (美发/美容/综合) and the positions that fill each. */
export default function StationsPage() {
  const editable = usePermission()('cashier.station.edit');
  const stations = useQuery({ queryKey: ['stations'], queryFn: () => http.read(z.array(station), P.stationAll) });
  if (!stations.data) return <Skeleton active />;
  return (
    <Row gutter={[12, 12]} className="ho-stations">
      {stations.data.map((s) => (
        <Col span={12} key={s.id}>
          <StationCard station={s} editable={editable} />
        </Col>
      ))}
    </Row>
  );
}
