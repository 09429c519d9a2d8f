import { financeDictionaryRecords, landlordRecord } from '@headoffice/contract';
import { type MenuDef, recordMenu } from '../../platform/menus.js';

/** 财务管理: the finance dictionaries (财务字典) and the landlords. */
export const financeMenus: MenuDef[] = [
  {
    key: 'finance',
    name: '财务管理',
    nameEn: 'Finance',
    icon: 'AccountBookOutlined',
    children: [
      recordMenu(landlordRecord, 'HomeOutlined'),
      {
        key: 'finance.dict',
        name: '财务字典',
        nameEn: 'Finance dictionaries',
        icon: 'BookOutlined',
        children: financeDictionaryRecords.map((record) => recordMenu(record)),
      },
    ],
  },
];
