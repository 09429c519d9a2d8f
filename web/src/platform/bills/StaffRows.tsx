import { Button, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

export interface DraftStaff {
  uid: string;
  employeeId: number | null;
  station: 1 | 2 | 3;
  appointed: boolean;
  /** Percent of the station's performance; null: an equal split of the station. */
  sharePct: number | null;
}

/** The staff credited with a bill's performance (the till's, a card sold in head office) as the API takes them (`lineStaff`): the filled-in rows. */
export const staffOf = (rows: DraftStaff[]) =>
  rows
    .filter((r) => r.employeeId)
    .map((r) => ({
      employeeId: r.employeeId as number,
      station: r.station,
      appointed: r.appointed,
      ...(r.sharePct ? { share: Math.round(r.sharePct * 100) } : {}),
    }));

/**
 * Staff by station (第一/第二/第三工位): employee, 指定/非指定 and an optional share of the station's
 * performance in percent (left empty: the station is split equally), one row each.
 */
export function StaffRows({
  rows,
  employees,
  onChange,
}: {
  rows: DraftStaff[];
  employees: { id: number; code: string; name: string }[];
  onChange: (next: DraftStaff[]) => void;
}) {
  const { t } = useTranslation();
  const patch = (i: number, change: Partial<DraftStaff>) => onChange(rows.map((x, j) => (j === i ? { ...x, ...change } : x)));
  return (
    <Space orientation="vertical">
      {rows.map((r, i) => (
        <Space key={r.uid}>
          <Select<1 | 2 | 3>
            style={{ width: 110 }}
            showSearch
            optionFilterProp="label"
            value={r.station}
            onChange={(v) => patch(i, { station: v })}
            options={([1, 2, 3] as const).map((s) => ({ value: s, label: t(`bill.staff.station.${s}`) }))}
            data-testid={`staff-station-${i}`}
          />
          <Select
            style={{ width: 180 }}
            showSearch
            optionFilterProp="label"
            value={r.employeeId}
            placeholder={t('bill.staff.employee')}
            onChange={(v) => patch(i, { employeeId: v })}
            options={employees.map((e) => ({ value: e.id, label: `${e.code} ${e.name}` }))}
            data-testid={`staff-employee-${i}`}
          />
          <Switch
            checked={r.appointed}
            onChange={(v) => patch(i, { appointed: v })}
            checkedChildren={t('bill.staff.appointed')}
            unCheckedChildren={t('bill.staff.notAppointed')}
          />
          <InputNumber
            min={1}
            max={100}
            precision={2}
            addonAfter="%"
            style={{ width: 130 }}
            value={r.sharePct}
            placeholder={t('bill.staff.equalShare')}
            onChange={(v) => patch(i, { sharePct: v })}
            data-testid={`staff-share-${i}`}
          />
          <Button type="link" size="small" onClick={() => onChange(rows.filter((_x, j) => j !== i))}>
            {t('bill.pay.remove')}
          </Button>
        </Space>
      ))}
      <Button
        onClick={() => onChange([...rows, { uid: crypto.randomUUID(), employeeId: null, station: 1, appointed: false, sharePct: null }])}
        data-testid="staff-add"
      >
        {t('bill.staff.add')}
      </Button>
    </Space>
  );
}
