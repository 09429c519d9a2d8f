import type { App } from 'antd';
import { Modal, type ModalFuncProps, message as staticMessage } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;
export type MessageApi = Pick<AppApi['message'], 'error' | 'warning' | 'success' | 'info'>;
export interface ModalApi {
  confirm: (config: ModalFuncProps) => unknown;
  error: (config: ModalFuncProps) => unknown;
  info: (config: ModalFuncProps) => unknown;
  warning: (config: ModalFuncProps) => unknown;
  success: (config: ModalFuncProps) => unknown;
}

type Notify = {
  message: MessageApi;
  modal: ModalApi;
  navigate: (to: string) => void;
};

const unbound: Notify = {
  message: staticMessage,
  modal: Modal,
  navigate: (to) => window.location.assign(to),
};

/**
 * Messages and navigation for code that runs outside React components (the HTTP client). The root
 * component binds the context-aware antd instances and the router's navigate; until then the static
 * antd functions and a full page load are used.
 */
export const notify: Notify = { ...unbound };

export function bindNotify(api: Partial<Notify>): void {
  Object.assign(notify, api);
}

/** Back to the static functions and full page loads (the web tests: each file binds its own). */
export function unbindNotify(): void {
  Object.assign(notify, unbound);
}

const recent = new Map<string, number>();
/** Show an error once even when several parallel requests fail the same way. */
export function showError(text: string): void {
  const now = Date.now();
  const last = recent.get(text);
  if (last && now - last < 2000) return;
  recent.set(text, now);
  notify.message.error(text);
}
