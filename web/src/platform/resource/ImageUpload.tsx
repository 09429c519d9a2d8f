import { PlusOutlined } from '@ant-design/icons';
import { Image, Upload, type UploadFile, type UploadProps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../http';
import { notify } from '../notify';

const MAX_BYTES = 5 * 1024 * 1024;

interface Props {
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  /** true: a list of URLs; false: one URL */
  multiple?: boolean;
  maxCount?: number;
  disabled?: boolean;
}

const toList = (v: Props['value']): string[] => (Array.isArray(v) ? v : v ? [v] : []);

/**
 * Picture upload posting multipart `file` to /api-file/files-anon with the token; the form value is the
 * URL (or the URL list), never the file objects.
 */
export function ImageUpload({ value, onChange, multiple, maxCount, disabled }: Props) {
  const { t } = useTranslation();
  const urls = toList(value);
  const latest = useRef(urls);
  latest.current = urls;
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  const limit = multiple ? (maxCount ?? 12) : 1;

  const emit = (next: string[]) => {
    latest.current = next;
    onChange?.(multiple ? next : (next[next.length - 1] ?? null));
  };

  const fileList: UploadFile[] = [
    ...urls.map((u, i) => ({
      uid: `url-${i}-${u}`,
      name: decodeURIComponent(u.split('/').pop() ?? u),
      status: 'done' as const,
      url: u,
      thumbUrl: u,
    })),
    ...pending,
  ];

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!file.type.startsWith('image/')) {
      notify.message.error(t('upload.imageOnly'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > MAX_BYTES) {
      notify.message.error(t('upload.tooLarge', { size: '5MB' }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = async (options) => {
    const file = options.file as File & { uid?: string };
    const uid = file.uid ?? `${Date.now()}`;
    setPending((p) => [...p, { uid, name: file.name, status: 'uploading', percent: 50 }]);
    try {
      const saved = await uploadFile(file);
      setPending((p) => p.filter((x) => x.uid !== uid));
      emit(multiple ? [...latest.current, saved.url].slice(0, limit) : [saved.url]);
      options.onSuccess?.(saved);
    } catch (e) {
      setPending((p) => p.filter((x) => x.uid !== uid));
      options.onError?.(e instanceof Error ? e : new Error(String(e)));
    }
  };

  return (
    <>
      <Upload
        accept="image/*"
        listType="picture-card"
        multiple={!!multiple}
        disabled={disabled}
        fileList={fileList}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onRemove={(file) => {
          if (file.url) emit(latest.current.filter((u) => u !== file.url));
          return true;
        }}
        onPreview={(file) => setPreview(file.url ?? file.thumbUrl ?? null)}
      >
        {fileList.length >= limit || disabled ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('upload.add')}</div>
          </button>
        )}
      </Upload>
      {preview ? (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview(null) }}
        />
      ) : null}
    </>
  );
}
