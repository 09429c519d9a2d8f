import { defineMessages } from '../../platform/i18n.js';

/** Messages of members, their relations and their import (zh-CN, en-US). */
export const memberMessages = defineMessages({
  memberMobileTaken: [
    '手机号 {mobile} 已是会员“{name}”（{code}）的手机号',
    'The mobile {mobile} already belongs to member "{name}" ({code})',
  ],
  memberKeywordShort: [
    '请输入更多内容：完整手机号或后 4 位以上、会员编号、2 个以上汉字或 2 个以上拼音首字母',
    'Type more: the whole mobile or its last 4+ digits, a member number, 2+ Chinese characters or 2+ pinyin initials',
  ],
  memberOtherShop: [
    '会员“{name}”属于其他门店，只能由该门店或总部修改',
    'Member "{name}" belongs to another shop; only that shop or head office may change them',
  ],
  memberAlreadyFrozen: ['会员“{name}”已经是冻结状态', 'Member "{name}" is already frozen'],
  memberNotFrozen: ['会员“{name}”没有被冻结', 'Member "{name}" is not frozen'],
  memberCancelled: ['会员“{name}”已注销，不能办理此操作', 'Member "{name}" is cancelled; this cannot be done'],
  memberEmployeeMissing: ['员工不存在或已离职', 'The employee does not exist or has left'],
  memberImportType: [
    '目前只支持“仅导入会员”；带会员卡余额或套餐的导入请在会员资产模块上线后再做',
    'Only "members only" imports are taken for now; imports with card balances or packages come with the member assets module',
  ],
  memberImportShopInactive: ['所选门店不存在或已停用', 'The chosen shop does not exist or is disabled'],
});
