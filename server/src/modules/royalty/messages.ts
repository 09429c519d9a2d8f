import { defineMessages } from '../../platform/i18n.js';

/** Messages of commission (zh-CN, en-US). */
export const royaltyMessages = defineMessages({
  royaltyShopTaken: [
    '门店已属于提成方案“{scheme}”，一个门店只能有一个方案',
    'A shop is already in the scheme "{scheme}"; a shop has one scheme',
  ],
  royaltyEmployeeTaken: ['员工已属于个人提成方案“{scheme}”', 'An employee already has the personal scheme "{scheme}"'],
  royaltyShopSchemeNoEmployees: ['门店方案不能指定员工，请用个人方案', 'A shop scheme has no employees; use a personal scheme'],
  royaltyPersonalNoShops: ['个人方案不能指定门店', 'A personal scheme has no shops'],
  royaltyNotPersonal: ['只有个人方案可以指定员工', 'Only a personal scheme has employees'],
  royaltyGroupMoved: ['分组不能移到另一个方案', 'A group cannot move to another scheme'],
  royaltyRateTooHigh: ['比例不能超过 100%', 'A percentage cannot exceed 100%'],
  royaltyTierTwice: ['档位 {level} 重复', 'Tier {level} appears twice'],
  royaltyNoEmployeeLink: [
    '当前账号没有关联员工档案，请联系管理员在用户管理中关联员工',
    'This account is not linked to an employee; ask an administrator to link it in user management',
  ],
  royaltyMonthLocked: [
    '{month} 的提成已锁定，后续更正计入当前未锁定月份',
    'The commission of {month} is locked; later corrections land in the open month',
  ],
  royaltyMonthNotOver: ['{month} 还没有结束，不能锁定', '{month} has not ended and cannot be locked yet'],
  royaltyLockAllShops: ['锁定月份需要全部门店的权限', 'Locking a month needs access to every shop'],
  awardUnknownCode: ['第 {row} 行：找不到{what}“{code}”', 'Row {row}: no {what} "{code}"'],
  royaltyOnlyOwn: ['只能查看本人的提成', 'You can only see your own commission'],
});
