import type { FormInstance } from 'antd';
import { isApiError } from './http';

/** The inputs where Enter finishes what was typed (a date, a time, a number) rather than the form. */
const FINISHES_ITSELF = '.ant-picker, .ant-input-number, input[type="date"], input[type="time"], input[type="number"]';

/**
 * Enter in a date, time or number field never submits the form around it. A browser submits a form on Enter in
 * any of its inputs when the form has a submit button (a drawer's hidden one, a search bar's) or a single input,
 * and the person pressing Enter in a date picker means "take this date": a shift was saved twice that way. The
 * picker and the number input still see the key (the typed date is taken, the number rounded); only the
 * browser's submission is cancelled. One listener on the document covers every form, the platform's and the
 * modules' own; it listens while capturing, so no handler that stops the key on its way can let it through.
 * Returns the function that removes it.
 */
export function keepEnterInFields(doc: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.target instanceof Element)) return;
    if (event.target.closest('form') && event.target.closest(FINISHES_ITSELF)) event.preventDefault();
  };
  doc.addEventListener('keydown', onKeyDown, true);
  return () => doc.removeEventListener('keydown', onKeyDown, true);
}

/** `lines.0.price` → `['lines', 0, 'price']`, the form's name of the field a server error names. */
const namePath = (path: string) => path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * Puts a refused save's field errors on the form's fields (a 400's, or a 409 naming the field whose value is
 * taken: "名称“早班”已存在" under 名称). The message was shown already; this says where. A path that is no field
 * of the form (`(root)`) is left to that message: the form sets errors only on the fields it has.
 */
export function showFieldErrors(form: FormInstance, error: unknown): void {
  if (!isApiError(error)) return;
  const placed = error.errors.filter((e) => e.path && e.path !== '(root)');
  if (placed.length) form.setFields(placed.map((e) => ({ name: namePath(e.path), errors: [e.message] })));
}
