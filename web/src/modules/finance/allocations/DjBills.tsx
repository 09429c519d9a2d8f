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

/** saveSystemdj: a workbook's rows read into the form's lines for its day (nothing saved until the form is). */
function ReadLines({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const reading = useAction({
    run: async (file: File) => {
      const rq = form.getFieldValue('rq');
      const body = new FormData();
      body.append('file', file, file.name);
      const params = { rq: dayjs.isDayjs(rq) ? rq.format('YYYY-MM-DD') : undefined };
      return imported.parse(await request<unknown>(djConvertPath, { method: 'POST', form: body, params, timeout: 120_000 }));
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
          if (form.getFieldValue('rq')) reading.run(file);
          else notify.message.warning(t('finance.dj.pickDayFirst'));
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
