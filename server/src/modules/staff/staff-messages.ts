import { defineLabels, defineMessages } from '../../platform/i18n.js';

/** Messages of the employee register, transfers and the employee stream (zh-CN, en-US). */
export const staffMessages = defineMessages({
  employeeAlreadyLeft: [
    '员工“{name}”已经是离职状态，不能重复办理离职',
    'Employee "{name}" has already left; a leave cannot be recorded twice',
  ],
  employeeAlreadyOnJob: ['员工“{name}”在职，不需要办理复职', 'Employee "{name}" is on the job; there is nothing to rejoin'],
  transferLeft: ['员工“{name}”已离职，不能调动', 'Employee "{name}" has left and cannot be transferred'],
  transferNoChange: [
    '员工“{name}”已在所选的门店、部门、职位和职级，调动没有任何变化',
    'Nothing changes for employee "{name}": they are already in the chosen shop, department, position and level',
  ],
  transferNothing: [
    '请至少选择调入的门店、部门、职位或职级之一',
    'Choose at least one of the shop, department, position or level to transfer to',
  ],
  levelNotInPosition: ['职级“{level}”不属于职位“{position}”', 'The level "{level}" does not belong to the position "{position}"'],
  levelNeedsPosition: ['请先选择职位，再选择职级', 'Choose a position before choosing a level'],
  useTransfer: ['已建档员工的{field}只能通过“调动”修改', "An existing employee's {field} can only be changed by a transfer"],
  dateBeforeEntry: ['{field}不能早于入职日期 {entryDate}', '{field} cannot be before the entry date {entryDate}'],
  dateAfterLeave: ['入职日期不能晚于离职日期 {leaveDate}', 'The entry date cannot be after the leave date {leaveDate}'],
  dateBeforeLeave: ['复职日期不能早于离职日期 {leaveDate}', 'The return date cannot be before the leave date {leaveDate}'],
  bookableLeft: ['员工“{name}”已离职，不能开通在线预约', 'Employee "{name}" has left and cannot be booked online'],
  orderDuplicate: ['排序中同一员工出现了多次', 'An employee appears more than once in the order'],
  shopRequiredForUser: ['请选择门店：你只能管理自己门店的员工', 'Choose a shop: you can only manage employees of your own shops'],
  streamEntry: ['{date} 入职 {to}', 'On {date}, joined {to}'],
  streamLeave: ['{date} 从 {from} 离职', 'On {date}, left {from}'],
  streamRejoin: ['{date} 复职 {to}', 'On {date}, rejoined {to}'],
  streamTransfer: ['{date} 从 {from} 调至 {to}', 'On {date}, transferred from {from} to {to}'],
  streamPending: ['{text}（待生效）', '{text} (pending)'],
  headOffice: ['总部', 'Head office'],
  noPosition: ['未设职位', 'No position'],
  none: ['无', 'none'],
  kindEntry: ['入职', 'Entry'],
  kindTransfer: ['调动', 'Transfer'],
  kindLeave: ['离职', 'Leave'],
  kindRejoin: ['复职', 'Rejoin'],
});

defineLabels({
  eecode: ['员工编号', 'Employee code'],
  employees: ['员工', 'employees'],
  employee: ['员工', 'employee'],
  employee_stream: ['员工异动', 'staff changes'],
  skill_levels: ['技术等级', 'skill levels'],
  skillLevel: ['技术等级', 'skill level'],
  branch: ['部门', 'department'],
  level: ['职级', 'level'],
  shopField: ['门店', 'Shop'],
  branchField: ['部门', 'Department'],
  positionField: ['职位', 'Position'],
  levelField: ['职级', 'Level'],
  entryDate: ['入职日期', 'Entry date'],
  leaveDate: ['离职日期', 'Leave date'],
  rejoinDate: ['复职日期', 'Return date'],
  effectiveDate: ['生效日期', 'Effective date'],
});
