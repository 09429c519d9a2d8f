import type { FormRule } from 'antd';
import { t } from '../i18n';
import { readMoney } from '../money';
import { notify } from '../notify';

/** A price field's check: a negative or unreadable amount is refused where it is typed, never clamped to 0. */
export function moneyRule(label: string): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const entry = readMoney(value as number | string | null);
      if (entry.kind === 'negative') return Promise.reject(new Error(t('common.moneyNegative', { label })));
      if (entry.kind === 'invalid') return Promise.reject(new Error(t('common.moneyInvalid', { label })));
      return Promise.resolve();
    },
  };
}

/** Asks before a price is saved as ¥0.00 (free): true when the user confirms. */
export function confirmZeroPrice(labels: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    notify.modal.confirm({
      title: t('common.zeroPriceTitle'),
      content: t('common.zeroPriceConfirm', { fields: labels.join('、') }),
      okText: t('common.save'),
      cancelText: t('common.cancel'),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
