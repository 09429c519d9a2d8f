import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http';
import { setLang } from '../i18n';
import { bindNotify } from '../notify';
import { FormDialog } from './FormDialog';

const message = { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() };
bindNotify({ message: message as never });
setLang('zh-CN');

afterEach(() => vi.clearAllMocks());

interface Values {
  name: string;
}

/** A list with its editor: `send` records what it got; the list's query counts its fetches. */
function Page({ send, rowsFetched }: { send: (v: Values) => Promise<unknown>; rowsFetched: () => Promise<string[]> }) {
  const [editing, setEditing] = useState<{ name: string } | 'new' | null>(null);
  useQuery({ queryKey: ['rows'], queryFn: rowsFetched });
  const row = editing === 'new' ? undefined : (editing ?? undefined);
  return (
    <>
      {editing === null && <span>closed</span>}
      <button type="button" onClick={() => setEditing({ name: '甲' })}>
        open-row
      </button>
      <button type="button" onClick={() => setEditing('new')}>
        open-new
      </button>
      <FormDialog<Values>
        open={editing !== null}
        title={row ? '编辑' : '新增'}
        initialValues={{ name: row?.name }}
        send={send}
        invalidates={[['rows']]}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请输入名称' }]}>
          <Input />
        </Form.Item>
      </FormDialog>
    </>
  );
}

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const send = vi.fn(async (v: Values) => ({ id: 1, ...v }));
  const rowsFetched = vi.fn(async () => ['甲']);
  render(
    <QueryClientProvider client={qc}>
      <Page send={send} rowsFetched={rowsFetched} />
    </QueryClientProvider>,
  );
  return { send, rowsFetched };
}

const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));

describe('FormDialog', () => {
  it('opens with the row’s values, saves them, says so, refetches and closes', async () => {
    const { send, rowsFetched } = renderPage();
    await waitFor(() => expect(rowsFetched).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByText('open-row'));
    const input = await screen.findByLabelText('名称');
    expect(screen.getByText('编辑')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('甲');
    fireEvent.change(input, { target: { value: '乙' } });
    ok();
    await waitFor(() => expect(send).toHaveBeenCalledWith({ name: '乙' }));
    await waitFor(() => expect(message.success).toHaveBeenCalledWith('保存成功'));
    await waitFor(() => expect(rowsFetched).toHaveBeenCalledTimes(2));
    await screen.findByText('closed');
  });

  it('does not send while a rule fails', async () => {
    const { send } = renderPage();
    fireEvent.click(screen.getByText('open-new'));
    await screen.findByLabelText('名称');
    expect(screen.getByText('新增')).toBeTruthy();
    ok();
    expect(await screen.findByText('请输入名称')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    expect(screen.queryByText('closed')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消|Cancel/ }));
    await screen.findByText('closed');
    expect(send).not.toHaveBeenCalled();
  });

  it('carries its class and says what the answer tells', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const send = vi.fn(async (v: Values) => ({ billNo: `B-${v.name}` }));
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={qc}>
        <FormDialog<Values, { billNo: string }>
          open
          title="开卡"
          className="ho-open-card"
          initialValues={{ name: '丙' }}
          send={send}
          success={(answer) => `已开单 ${answer.billNo}`}
          invalidates={[]}
          onClose={onClose}
        >
          <Form.Item name="name" label="名称">
            <Input />
          </Form.Item>
        </FormDialog>
      </QueryClientProvider>,
    );
    await screen.findByLabelText('名称');
    expect(document.querySelector('.ant-modal.ho-open-card')).not.toBeNull();
    ok();
    await waitFor(() => expect(message.success).toHaveBeenCalledWith('已开单 B-丙'));
    expect(send).toHaveBeenCalledWith({ name: '丙' });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('shows a refused save’s field error on its field and stays open', async () => {
    const taken = new ApiError(409, '409', '名称“早班”已存在', [{ path: 'name', message: '名称“早班”已存在' }]);
    const send = vi.fn(async () => Promise.reject(taken));
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FormDialog<Values> open title="班次" initialValues={{ name: '早班' }} send={send} invalidates={[]} onClose={onClose}>
          <Form.Item name="name" label="名称">
            <Input />
          </Form.Item>
        </FormDialog>
      </QueryClientProvider>,
    );
    await screen.findByLabelText('名称');
    ok();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const item = (await screen.findByLabelText('名称')).closest('.ant-form-item');
    await waitFor(() => expect(item?.querySelector('.ant-form-item-explain-error')?.textContent).toBe('名称“早班”已存在'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
