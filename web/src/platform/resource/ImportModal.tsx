import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Steps, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../action';
import { download, isApiError, request } from '../http';

/** One problem of the uploaded sheet: the row as Excel numbers it (header = row 1) and the column. */
export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

/** Server errors come as `{row, column, message}` or as `{path: "rows.3.pcode", message}`. */
export function toRowErrors(errors: unknown[]): ImportRowError[] {
  return errors.map((e) => {
    const x = (e ?? {}) as { row?: unknown; column?: unknown; path?: unknown; message?: unknown };
    if (typeof x.row === 'number') return { row: x.row, column: String(x.column ?? ''), message: String(x.message ?? '') };
    const path = typeof x.path === 'string' ? x.path : '';
    const m = /(\d+)\.?([^.]*)$/.exec(path);
    return { row: m ? Number(m[1]) : 0, column: m?.[2] ?? path, message: String(x.message ?? '') };
  });
}

export interface ImportModalProps {
  open: boolean;
  onClose: () => void;
  /** i18n key of the entity (产品). */
  entity: string;
  templatePath: string;
  templateMethod?: 'GET' | 'POST';
  importPath: string;
  /** Called after a successful import with the server's answer. */
  onDone?: (result: unknown) => void;
}

function importedCount(data: unknown): number | null {
  if (typeof data === 'number') return data;
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    for (const k of ['imported', 'count', 'created', 'total']) if (typeof d[k] === 'number') return d[k] as number;
  }
  return null;
}

/**
 * Excel import: download the template, fill it in, upload it. The server validates every row first and
 * stores all or nothing; problems come back by row and column and are listed here.
 */
export function ImportModal({ open, onClose, entity, templatePath, templateMethod = 'POST', importPath, onDone }: ImportModalProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<ImportRowError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const name = t(entity);

  const reset = () => {
    setFile(null);
    setErrors([]);
    setFailure(null);
    setDone(null);
  };

  const downloading = useAction({
    run: () => download(templatePath, undefined, `${t('importer.template', { name })}.xlsx`, templateMethod === 'POST' ? { body: {} } : {}),
  });
  const template = () => downloading.run();

  // a refused sheet (400) is shown here, row by row, rather than as a message
  const uploading = useAction<File, unknown>({
    run: (picked) => {
      setErrors([]);
      setFailure(null);
      const form = new FormData();
      form.append('file', picked, picked.name);
      return request<unknown>(importPath, { method: 'POST', form, timeout: 120_000, quiet: ['400'] });
    },
    done: (data) => {
      setDone(importedCount(data) ?? 0);
      onDone?.(data);
    },
    failed: (e) => {
      if (!isApiError(e) || e.code !== '400') return;
      const data = e.data as { errors?: unknown[] } | unknown[] | undefined;
      const list = Array.isArray(data) ? data : Array.isArray(data?.errors) ? data.errors : e.errors;
      setErrors(toRowErrors(list as unknown[]));
      setFailure(e.message);
    },
  });
  const upload = () => (file ? uploading.run(file) : undefined);

  const step = done !== null ? 2 : file ? 1 : 0;

  return (
    <Modal
      open={open}
      title={t('importer.title', { name })}
      width={720}
      onCancel={() => {
        reset();
        onClose();
      }}
      destroyOnHidden
      footer={
        done !== null ? (
          <Button
            type="primary"
            onClick={() => {
              reset();
              onClose();
            }}
          >
            {t('common.confirm')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" disabled={!file} loading={uploading.busy} onClick={upload}>
              {t('importer.start')}
            </Button>
          </Space>
        )
      }
    >
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 16 }}
        items={[{ title: t('importer.step1') }, { title: t('importer.step2') }, { title: t('importer.step3') }]}
      />
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          title={t('importer.hint')}
          action={
            <Button size="small" icon={<DownloadOutlined />} loading={downloading.busy} onClick={template}>
              {t('importer.download')}
            </Button>
          }
        />
        {done !== null ? (
          <Alert type="success" showIcon title={t('importer.done', { count: done })} />
        ) : (
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              setErrors([]);
              setFailure(null);
              return false;
            }}
            onRemove={() => reset()}
            fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('importer.drop')}</p>
            <p className="ant-upload-hint">{t('importer.dropHint')}</p>
          </Upload.Dragger>
        )}
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
        {errors.length ? (
          <Table<ImportRowError & { key: number }>
            size="small"
            pagination={errors.length > 8 ? { pageSize: 8, size: 'small' } : false}
            dataSource={errors.map((e, i) => ({ ...e, key: i }))}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('importer.row'), width: 80 },
              { key: 'column', dataIndex: 'column', title: t('importer.column'), width: 140 },
              { key: 'message', dataIndex: 'message', title: t('importer.problem') },
            ]}
          />
        ) : null}
      </Space>
    </Modal>
  );
}
