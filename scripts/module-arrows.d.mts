/** The problems of the tree at `base` (the project's root by default) against its module drawing. */
export function checkModules(base?: string): Promise<{ problems: string[]; files: number }>;
