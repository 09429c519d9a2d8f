import { memberLookupRow, type ServiceBillDetail, serviceBillDetail, TILL_PATHS as T, type TillSetup } from '@headoffice/contract';
import { App, Button, Card, Input, InputNumber, type InputRef, Radio, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { settleKeyOf } from './pending';

type Member = z.infer<typeof memberLookupRow>;
/** One choice of the lookup: a member with one of their cards (or none). */
type Choice = { member: Member; cardId: number | null };

const choicesOf = (members: Member[]): Choice[] =>
  members.flatMap((m): Choice[] => {
    const usable = m.cards.filter((c) => c.status === 1);
    return usable.length ? usable.map((c) => ({ member: m, cardId: c.cardId })) : [{ member: m, cardId: null }];
  });

/**
 * 开单, by keyboard: the focus starts in the lookup; Enter finds the member by mobile (or its last 4+
 * digits) or card number, ↑/↓ choose among the members and cards found, Enter again opens the bill for
 * the choice (Enter on an empty lookup: a walk-in). A hand tag may be typed, else the next free one.
 */
export function OpenBill({ setup, onOpened }: { setup: TillSetup; onOpened: (bill: ServiceBillDetail) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<InputRef>(null);
  const [q, setQ] = useState('');
  const [found, setFound] = useState<{ q: string; choices: Choice[] } | null>(null);
  const [chosen, setChosen] = useState(0);
  const [handTag, setHandTag] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    input.current?.focus();
  }, []);
  const choice = found?.choices[chosen];
  const find = async (value: string) => {
    const rows = await http.read(z.array(memberLookupRow), T.member, { shopid: setup.shopId, q: value });
    setFound({ q: value, choices: choicesOf(rows) });
    setChosen(0);
  };
  const open = async (pick: Choice | undefined) => {
    if (busy) return;
    setBusy(true);
    try {
      const bill = await http.send(serviceBillDetail, T.open, {
        shopId: setup.shopId,
        memberId: pick?.member.memberId,
        cardId: pick?.cardId ?? undefined,
        handTag: handTag ?? undefined,
      });
      settleKeyOf(bill.id);
      message.success(t('till.opened', { tag: bill.handTag }));
      onOpened(bill);
    } finally {
      setBusy(false);
    }
  };
  const enter = () => {
    const value = q.trim();
    if (!value) void open(undefined);
    else if (found && found.q === value && choice) void open(choice);
    else if (value.length >= 4) void find(value);
  };
  const move = (step: number) => {
    if (!found?.choices.length) return;
    setChosen((chosen + step + found.choices.length) % found.choices.length);
  };
  const walkIn = () => {
    setFound(null);
    setQ('');
    input.current?.focus();
  };
  return (
    <Card title={t('till.open')} style={{ maxWidth: 720 }}>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Space.Compact style={{ width: '100%' }}>
          <Input
            ref={input}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('till.findMember')}
            onPressEnter={enter}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                move(e.key === 'ArrowDown' ? 1 : -1);
              }
            }}
            data-testid="till-member-search"
          />
          <Button type="primary" onClick={() => q.trim().length >= 4 && find(q.trim())}>
            {t('till.find')}
          </Button>
        </Space.Compact>
        <Typography.Text type="secondary">{t('till.lookupHelp')}</Typography.Text>
        {found && !found.choices.length && <Typography.Text type="secondary">{t('till.noMember')}</Typography.Text>}
        {found && found.choices.length > 0 && (
          <Radio.Group value={chosen} onChange={(e) => setChosen(e.target.value)} data-testid="till-member-choices">
            <Space orientation="vertical">
              {found.choices.map((c, i) => {
                const card = c.member.cards.find((x) => x.cardId === c.cardId);
                return (
                  <Radio key={`${c.member.memberId}-${c.cardId}`} value={i}>
                    <Typography.Text strong>{c.member.name}</Typography.Text> · {c.member.mobile}
                    {card
                      ? ` · ${card.cardNo} ${card.cardTypeName} · ${t('till.balance', {
                          principal: formatMoney(card.principal),
                          gift: formatMoney(card.gift),
                        })}`
                      : ` · ${t('till.noCard')}`}
                  </Radio>
                );
              })}
            </Space>
          </Radio.Group>
        )}
        <Space>
          {t('till.handTag')}
          <InputNumber
            min={1}
            max={9999}
            value={handTag}
            onChange={setHandTag}
            placeholder={setup.handTags.isAutoNo ? t('till.handTagAuto') : ''}
          />
          <Button type="primary" loading={busy} onClick={() => open(choice)} data-testid="till-open">
            {choice ? t('till.openFor', { name: choice.member.name }) : t('till.openWalkIn')}
          </Button>
          {choice && <Button onClick={walkIn}>{t('till.walkIn')}</Button>}
        </Space>
      </Space>
    </Card>
  );
}
