import { definedEntityLabels } from '../../platform/audit.js';
import { defineMessages } from '../../platform/i18n.js';

defineMessages({
  serviceLogMemberOrShop: ['请选择会员、门店或服务人员', 'Choose a member, a shop or an employee'],
  serviceLogBillRevoked: ['单据 {billNo} 已撤单，不能填写日志或评价', 'Bill {billNo} was revoked: it takes no log or review'],
  serviceLogBillNotSettled: ['单据 {billNo} 尚未结账，不能填写日志或评价', 'Bill {billNo} is not settled: it takes no log or review yet'],
  serviceLogNoService: ['单据 {billNo} 没有服务项目，不能填写服务日志', 'Bill {billNo} has no service: it takes no service log'],
  serviceLogUnknownService: ['铺垫项目中有不存在的项目', 'A suggested service does not exist'],
  serviceLogDateRange: ['结束日期不能早于开始日期', 'The end date cannot be before the start date'],
  reviewExists: ['单据 {billNo} 已有顾客评价', 'Bill {billNo} already has a review'],
  reviewEmployeeNotOnBill: ['点评对象须是为本单服务的员工', 'The employee reviewed must be one who served this bill'],
});

definedEntityLabels.set('servicelog', ['服务日志', 'service log']);
definedEntityLabels.set('servicereview', ['顾客评价', 'customer review']);
