import { djMonthBill, djMonthConvert } from '@headoffice/contract';
import type { FormInstance } from 'antd';
import { BillDetail } from '../../../platform/bills/BillDetail';
import { BillList } from '../../../platform/bills/BillList';
import { ReadLines } from './DjBills';

/** The form's head: the day form's workbook reader, reading for the month. */
export const djMonthFormSlots = {
  head: ({ form }: { form: FormInstance }) => <ReadLines form={form} path={djMonthConvert.path} field="yearmonth" />,
};

/** 收支变动维护单: the 代扣代缴 items of shops for a month, rendered from their definition, with lines read from a workbook. */
export const DjMonthBillsPage = () => <BillList def={djMonthBill} form={djMonthFormSlots} />;
export const DjMonthBillPage = () => <BillDetail def={djMonthBill} form={djMonthFormSlots} />;
