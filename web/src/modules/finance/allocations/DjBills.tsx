import { UploadOutlined } from '@ant-design/icons';
import { djBill, djConvertPath, djImportedLine } from '@headoffice/contract';
import { Button, type FormInstance, Tooltip, Upload } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../../platform/action';
import { BillDetail } from '../../../platform/bills/BillDetail';
import { BillList } from '../../../platform/bills/BillList';
import { request } from '../../../platform/http';
import { notify } from '../../../platform/notify';

const imported = z.array(djImportedLine);

/** What the reader reads for: the day form's day (`rq`), or the month form's month (`yearmonth`). */
export interface ReadFor {
  path: string;
  field: 'rq' | 'yearmonth';
}

/** saveSystemdj: a workbook's rows read into the form's lines for its day or month (nothing saved until the form is). */
export function ReadLines({ form, path = djConvertPath, field = 'rq' }: { form: FormInstance } & Partial<ReadFor>) {
  const { t } = useTranslation();
  const reading = useAction({
    run: async (file: File) => {
      const value = form.getFieldValue(field);
      const body = new FormData();
      body.append('file', file, file.name);
      const params = { [field]: dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : value || undefined };
      return imported.parse(await request<unknown>(path, { method: 'POST', form: body, params, timeout: 120_000 }));
    },
    success: (lines) => t('finance.dj.linesRead', { count: lines.length }),
    done: (lines) =>
      form.setFieldValue(
        'lines',
        lines.map((l) => ({ shopId: l.shopId, djItemId: l.djItemId, umoney: l.umoney / 100, memo: l.memo })),
      ),
  });
  return (
    <Tooltip title={t('finance.dj.readHelp')}>
      <Upload
        accept=".xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          if (form.getFieldValue(field)) reading.run(file);
          else notify.message.warning(t(field === 'rq' ? 'finance.dj.pickDayFirst' : 'finance.dj.pickMonthFirst'));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={reading.busy} style={{ marginBottom: 12 }}>
          {t('finance.dj.readLines')}
        </Button>
      </Upload>
    </Tooltip>
  );
}

/** 代缴单: the dj items of shops for a day, rendered from their definition, with lines read from a workbook. */
/** The form's head: the workbook reader. */
export const djFormSlots = { head: ({ form }: { form: FormInstance }) => <ReadLines form={form} /> };
export const DjBillsPage = () => <BillList def={djBill} form={djFormSlots} />;
export const DjBillPage = () => <BillDetail def={djBill} form={djFormSlots} />;
