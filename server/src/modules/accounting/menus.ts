import {
  ACCOUNTING_SYNC_EDIT_PERM,
  ACCOUNTING_SYNC_PERM,
  ACCOUNTING_SYNC_URL,
  DATA_SETTINGS_EDIT_PERM,
  DATA_SETTINGS_PERM,
  DATA_SETTINGS_URL,
} from '@headoffice/contract';
import type { MenuDef } from '../../platform/menus.js';

/** 凭证同步: the bills pushed to the accounting system, and the chain's data settings. */
export const accountingMenus: MenuDef[] = [
  {
    key: 'accounting',
    name: '凭证同步',
    nameEn: 'Accounting sync',
    icon: 'SyncOutlined',
    children: [
      {
        key: 'accounting.sync',
        name: '单据同步',
        nameEn: 'Bill sync',
        icon: 'CloudUploadOutlined',
        url: ACCOUNTING_SYNC_URL,
        perm: ACCOUNTING_SYNC_PERM,
        actions: [{ key: ACCOUNTING_SYNC_EDIT_PERM, name: '重新推送', nameEn: 'Push again', perm: ACCOUNTING_SYNC_EDIT_PERM }],
      },
      {
        key: 'accounting.data',
        name: '数据管理',
        nameEn: 'Data settings',
        icon: 'DatabaseOutlined',
        url: DATA_SETTINGS_URL,
        perm: DATA_SETTINGS_PERM,
        actions: [{ key: DATA_SETTINGS_EDIT_PERM, name: '编辑', nameEn: 'Edit', perm: DATA_SETTINGS_EDIT_PERM }],
      },
    ],
  },
];
