import type { BillDef, RecordDef } from '@headoffice/contract';

/** How a module declares its applications' menus; identity stores them per tenant. */
export interface MenuAction {
  key: string;
  name: string;
  nameEn: string;
  perm: string;
}

export interface MenuDef {
  key: string;
  name: string;
  nameEn: string;
  icon?: string;
  /** Web route of a page. */
  url?: string;
  /** Permission to open the page (and call its read routes). */
  perm?: string;
  children?: MenuDef[];
  actions?: MenuAction[];
}

export interface AppDef {
  appId: string;
  name: string;
  nameEn: string;
  icon: string;
  url: string | null;
  sort: number;
  menus: MenuDef[];
}

/** `view`/`edit` actions for a page whose permission keys share a prefix. */
export function viewEdit(prefix: string, extra: MenuAction[] = []): Pick<MenuDef, 'perm' | 'actions'> {
  return {
    perm: `${prefix}.view`,
    actions: [{ key: `${prefix}.edit`, name: '新增/编辑/删除', nameEn: 'Add, edit, delete', perm: `${prefix}.edit` }, ...extra],
  };
}

/** The menu entry of a record type's page, with its view/edit permissions. */
export function recordMenu(record: Pick<RecordDef, 'perm' | 'label' | 'page'>, icon?: string): MenuDef {
  return { key: record.perm, name: record.label[0], nameEn: record.label[1], icon, url: record.page, ...viewEdit(record.perm) };
}

/**
 * The menu entry of a bill type's page: its view/edit rights and one action per other right its
 * transitions, after-approval fields and named actions name, then the rights to take a department's
 * step for every department (全部门审批).
 */
export function billMenu(def: BillDef, icon?: string): MenuDef {
  const extra = new Map<string, MenuAction>();
  const everyDepartment = Object.values(def.transitions).flatMap((t) => (t.department ? [t.department.every] : []));
  for (const t of [
    ...Object.values(def.transitions),
    ...Object.values(def.after ?? {}),
    ...Object.values(def.actions ?? {}),
    ...everyDepartment,
  ])
    if (t.perm !== `${def.perm}.edit` && !extra.has(t.perm))
      extra.set(t.perm, { key: t.perm, name: t.label[0], nameEn: t.label[1].replace(/^./, (c) => c.toUpperCase()), perm: t.perm });
  return { key: def.perm, name: def.label[0], nameEn: def.label[1], icon, url: def.webPath, ...viewEdit(def.perm, [...extra.values()]) };
}
