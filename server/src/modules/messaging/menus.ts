import { INAPP_PERM, INAPP_URL, SMS_PERM, SMS_URL } from '@headoffice/contract';
import type { MenuDef } from '../../platform/menus.js';

const action = (perm: string, name: string, nameEn: string) => ({ key: perm, name, nameEn, perm });

/** 短信与消息: the SMS allowance (buy, assign), templates, campaigns and their statistics; in-app messages. */
export const messagingMenus: MenuDef[] = [
  {
    key: 'messaging',
    name: '短信与消息',
    nameEn: 'Messaging',
    icon: 'MessageOutlined',
    children: [
      {
        key: 'messaging.sms',
        name: '短信管理',
        nameEn: 'SMS',
        icon: 'MailOutlined',
        url: SMS_URL,
        perm: SMS_PERM.view,
        actions: [
          action(SMS_PERM.buy, '短信充值', 'Buy messages'),
          action(SMS_PERM.assign, '短信分配', 'Assign messages to shops'),
          action(SMS_PERM.send, '短信群发', 'Send campaigns'),
          action(SMS_PERM.template, '短信模板', 'Edit templates'),
        ],
      },
      // The key the publishing right had as an action of the SMS page: roles that held it keep it.
      {
        key: INAPP_PERM,
        name: '站内消息',
        nameEn: 'In-app messages',
        icon: 'NotificationOutlined',
        url: INAPP_URL,
        perm: INAPP_PERM,
      },
    ],
  },
];
