import { ACCOUNTING_PATHS as P } from '@headoffice/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import DataSettingsPage from './DataSettingsPage';

fakeApi();

const saved = { accountingAdapter: 'file', accountingUrl: null, retentionDays: 365, exportMaskedFields: ['mobile'] };

describe('数据管理', () => {
  it('shows the saved settings and saves them back', async () => {
    serve({ [P.dataSave]: (init) => JSON.parse(String(init?.body)), [P.dataGet]: () => saved });
    wrap(<DataSettingsPage />);
    expect(await screen.findByText('本地凭证文件')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: '手机号' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '银行账号' }));
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(calls(P.dataSave)).toHaveLength(1));
    expect(JSON.parse(String(calls(P.dataSave)[0][1]?.body))).toEqual({ ...saved, exportMaskedFields: ['mobile', 'bankAccount'] });
  });

  it('asks for the URL before saving the HTTP endpoint', async () => {
    serve({ [P.dataSave]: () => saved, [P.dataGet]: () => ({ ...saved, accountingAdapter: 'http', accountingUrl: null }) });
    wrap(<DataSettingsPage />);
    expect(await screen.findByText('网络接口')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(screen.getByPlaceholderText('会计系统接收凭证的地址').getAttribute('aria-invalid')).toBe('true'));
    expect(calls(P.dataSave)).toHaveLength(0);
  });
});
