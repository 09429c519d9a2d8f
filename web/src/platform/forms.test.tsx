import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, InputNumber } from 'antd';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { calls, fakeApi, fetchMock, reply, serve, wrap } from '../test/api';
import { keepEnterInFields } from './forms';
import { setLang } from './i18n';
import { ResourceForm } from './resource/ResourceForm';
import type { ResourceDef } from './resource/types';

fakeApi();
setLang('zh-CN');

let release: () => void;
beforeAll(() => {
  release = keepEnterInFields();
});
afterAll(() => release());

/**
 * Enter pressed in an input, then what a browser does unless the key's default was prevented (HTML's implicit
 * submission, which happy-dom leaves out): a form with a submit button, or with this input alone, is submitted.
 */
async function pressEnter(input: Element) {
  const proceeds = fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  const form = input.closest('form');
  const alone = form?.querySelectorAll('input:not([type="hidden"])').length === 1;
  await act(async () => {
    if (proceeds && form && (form.querySelector('[type="submit"]') || alone)) form.requestSubmit();
  });
}

interface Shift {
  id: number;
  name: string;
  day: string;
  at: string;
  minutes: number;
  price: number;
}

const def: ResourceDef<Shift> = {
  key: 'shift-form',
  title: 'common.name',
  basePath: '/api-test/shift',
  fields: [
    { key: 'name', title: 'common.name', form: { required: true } },
    { key: 'day', title: 'common.date', type: 'date', form: {} },
    { key: 'at', title: 'common.time', type: 'time', form: {} },
    { key: 'minutes', title: 'common.quantity', type: 'number', form: {} },
    { key: 'price', title: 'common.amount', type: 'money', form: {} },
  ],
};

const saves = () => calls('/api-test/shift').filter(([, init]) => init?.method === 'POST');
const input = (key: string) => document.querySelector(`.ant-drawer-open #${key}`) as HTMLInputElement;

describe('Enter in a date, time or number field', () => {
  it('never saves the drawer form; Enter in a text field still does', async () => {
    serve({ '/api-test/shift': () => ({ id: 1 }) });
    wrap(<ResourceForm def={def} open onClose={() => undefined} />);
    await waitFor(() => expect(input('name')).toBeTruthy());
    fireEvent.change(input('name'), { target: { value: '早班' } });
    for (const key of ['day', 'at', 'minutes', 'price']) {
      input(key).focus();
      await pressEnter(input(key));
    }
    // the form's own work (the check of the required name) would have run by now
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saves()).toHaveLength(0);

    await pressEnter(input('name'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(JSON.parse(String(saves()[0]?.[1]?.body))).toMatchObject({ name: '早班' });
  });

  it('never submits a module’s own form with a submit button or a single number field', async () => {
    const added = vi.fn();
    wrap(
      <>
        <Form onFinish={added}>
          <Form.Item name="amount">
            <InputNumber aria-label="amount" />
          </Form.Item>
          <Button htmlType="submit">add</Button>
        </Form>
        <Form onFinish={added}>
          <Form.Item name="count">
            <InputNumber aria-label="count" />
          </Form.Item>
        </Form>
      </>,
    );
    for (const label of ['amount', 'count']) {
      const field = screen.getByLabelText(label);
      fireEvent.change(field, { target: { value: '12' } });
      await pressEnter(field);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(added).not.toHaveBeenCalled();
  });
});

describe('a name that must be unique', () => {
  it('refused as repeated (409), is said under its field in the drawer, which stays open', async () => {
    serve({});
    const taken = { resp_code: '409', resp_msg: '名称“早班”已存在', data: null, errors: [{ path: 'name', message: '名称“早班”已存在' }] };
    fetchMock.mockImplementation(async (url, init) =>
      String(url).startsWith('/api-test/shift') && init?.method === 'POST'
        ? new Response(JSON.stringify(taken), { status: 409, headers: { 'Content-Type': 'application/json' } })
        : reply({}),
    );
    const onClose = vi.fn();
    wrap(<ResourceForm def={def} open onClose={onClose} />);
    await waitFor(() => expect(input('name')).toBeTruthy());
    fireEvent.change(input('name'), { target: { value: '早班' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    await waitFor(() =>
      expect(input('name').closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent).toBe('名称“早班”已存在'),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
