import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { DATE_FORMATS } from '../../platform/clock';

/** From and to; an open end is null. */
export type Days = [Dayjs | null, Dayjs | null] | null;

/** A range of days with its own pair of query keys (消费日期, 编辑时间, 回访时间...), either end open. */
export function useDays(initial: Days = null) {
  const [days, setDays] = useState<Days>(initial);
  const params = (from: string, to: string) => ({
    [from]: days?.[0]?.format('YYYY-MM-DD'),
    [to]: days?.[1]?.format('YYYY-MM-DD'),
  });
  return { days, setDays, params };
}

export function DaysPicker({ value, onChange, placeholder }: { value: Days; onChange: (v: Days) => void; placeholder: string }) {
  return (
    <DatePicker.RangePicker
      value={value}
      format={DATE_FORMATS}
      allowEmpty={[true, true]}
      placeholder={[placeholder, placeholder]}
      style={{ width: 260 }}
      onChange={(v) => {
        const [from, to] = [v?.[0] ?? null, v?.[1] ?? null];
        onChange(from || to ? [from, to] : null);
      }}
    />
  );
}
