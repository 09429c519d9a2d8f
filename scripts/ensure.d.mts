/** Node flags of the server process (see ensure.mjs). */
export function serverNodeFlags(env?: Record<string, string | undefined>): string[];
