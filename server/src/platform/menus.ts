import type { RecordDef } from '@headoffice/contract';

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
