import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLang } from '../../platform/i18n';
import { TabContext } from '../../platform/pages';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import { CARDS } from './api';
import CardTypesPage from './CardTypesPage';

fakeApi();
setLang('zh-CN');

const tab = { key: '/admin/cards/types', params: {}, setTitle: () => undefined, open: () => undefined, close: () => undefined };

function renderPage() {
  serve({
    [CARDS.typeNewCode]: () => '007',
    [CARDS.typeList]: () => ({ list: [], total: 0, page: 1, pageSize: 20 }),
    [CARDS.typeSave]: () => ({ id: 9 }),
  });
  wrap(
    <TabContext.Provider value={tab}>
      <CardTypesPage />
    </TabContext.Provider>,
  );
}

/** An input of the open drawer's form, by its field's key. */
const field = (key: string) => waitFor(() => document.querySelector(`.ant-drawer-open #${key}`) ?? Promise.reject(new Error(`no #${key}`)));

const saves = () => calls(CARDS.typeSave).filter(([url, init]) => String(url) === CARDS.typeSave && init?.method === 'POST');

describe('the card type’s save', () => {
  it('does not ask about a ¥0.00 price for a ¥1,000 card whose gift, threshold and cost are left empty', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /新\s*建/ }, { timeout: 5000 }));
    fireEvent.change(await field('name'), { target: { value: '充1000送200' } });
    fireEvent.change(await field('openAmount'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(JSON.parse(String(saves()[0]?.[1]?.body))).toMatchObject({ name: '充1000送200', openAmount: 100_000 });
    expect(screen.queryByText('价格为 ¥0.00')).toBeNull();
  });

  it('asks before a card is sold for ¥0.00', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /新\s*建/ }, { timeout: 5000 }));
    fireEvent.change(await field('name'), { target: { value: '体验卡' } });
    fireEvent.change(await field('openAmount'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findAllByText('价格为 ¥0.00')).not.toHaveLength(0);
    expect(screen.getByText(/开卡金额为 ¥0.00/)).toBeTruthy();
    expect(saves()).toHaveLength(0);
  });
});
