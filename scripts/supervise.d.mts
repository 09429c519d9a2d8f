import type { SpawnOptions } from 'node:child_process';

/** Why a process ended, in words (see supervise.mjs). */
export function describeExit(code: number | null, signal: NodeJS.Signals | null): string;

export interface SuperviseOptions {
  command: string;
  args?: string[];
  options?: SpawnOptions;
  log?: (line: string) => void;
  quickMs?: number;
  maxQuick?: number;
  backoffMs?: number[];
  graceMs?: number;
  signals?: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
}

/** Runs the server and restarts it when it dies (see supervise.mjs). */
export function supervise(options: SuperviseOptions): { done: Promise<number>; stop(signal?: NodeJS.Signals): void };
