import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from './http';
import { notify, showError } from './notify';
import { type InvalidateTarget, invalidate } from './resource/invalidate';

/** One write a button or a modal starts: what it does and what follows it. */
export interface ActionSpec<V, R> {
  /** The write itself (a form's validation may come first: its rejection is silent). */
  run: (vars: V) => Promise<R>;
  /** Success message: an i18n key, or a function giving the text (null: none this time); none when left out. */
  success?: string | ((result: R, vars: V) => string | null);
  /** What the write changes: refetched (with the counts of it) before `done` runs. */
  invalidates?: readonly InvalidateTarget[] | ((result: R, vars: V) => readonly InvalidateTarget[]);
  /** After success and the refetch (close the modal, clear the selection). */
  done?: (result: R, vars: V) => void | Promise<void>;
  /** After a failure, which has been shown already (e.g. to put the server's field errors on a form). */
  failed?: (error: unknown, vars: V) => void;
}

export interface Action<V, R> {
  /** Start the write; resolves with its result, or undefined when it failed (the failure is shown). */
  run: (...vars: undefined extends V ? [vars?: V] : [vars: V]) => Promise<R | undefined>;
  /** A run is in progress (the button's `loading`). */
  busy: boolean;
  /** A run for these variables is in progress (which row's switch spins). */
  busyFor: (match: (vars: V) => boolean) => boolean;
}

/** A form's own validation failure (antd `validateFields`): the fields already show it. */
const isFormValidation = (e: unknown) => typeof e === 'object' && e !== null && 'errorFields' in e;

/**
 * Shows a failure once: the HTTP client has already shown an API failure (or was told to be quiet);
 * anything else (a bug, a failed upload in the browser) is shown here.
 */
export function reportFailure(error: unknown): void {
  if (isApiError(error) || isFormValidation(error)) return;
  console.error(error);
  showError(error instanceof Error && error.message ? error.message : String(error));
}

/**
 * The one way the web performs a write from a button or a modal: busy state, the success message,
 * the failure shown once, and the caches of what changed refetched.
 */
export function useAction<V = void, R = unknown>(spec: ActionSpec<V, R>): Action<V, R> {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const mutation = useMutation<R, unknown, V>({
    mutationFn: spec.run,
    onSuccess: async (result, vars) => {
      const text = typeof spec.success === 'function' ? spec.success(result, vars) : spec.success && t(spec.success);
      if (text) notify.message.success(text);
      const targets = typeof spec.invalidates === 'function' ? spec.invalidates(result, vars) : spec.invalidates;
      if (targets?.length) await invalidate(qc, targets);
      await spec.done?.(result, vars);
    },
  });
  const { mutateAsync, isPending, variables } = mutation;
  return {
    run: async (...args) => {
      const vars = args[0] as V;
      try {
        return await mutateAsync(vars);
      } catch (error) {
        reportFailure(error);
        spec.failed?.(error, vars);
        return undefined;
      }
    },
    busy: isPending,
    busyFor: (match) => isPending && match(variables as V),
  };
}
