import { defineLabels, defineMessages } from '../../platform/i18n.js';

/** Messages of bookings (zh-CN, en-US). */
export const bookingMessages = defineMessages({
  bookingInPast: ['预约时间已过', 'The booking time has passed'],
  bookingOutsideHours: ['只能预约 {stime}–{etime} 之间的时间', 'Bookings must fall between {stime} and {etime}'],
  bookingTooFar: ['最多只能预约 {days} 天内', 'Bookings can be made at most {days} days ahead'],
  bookingDaysAhead: ['需提前 {days} 天预约', 'Book at least {days} days ahead'],
  bookingMinutesAhead: ['当天预约需提前 {minutes} 分钟', 'A same-day booking must be at least {minutes} minutes ahead'],
  bookingNoServices: ['请选择预约项目或填写时长', 'Choose the services or enter the minutes'],
  bookingDayLimit: ['该顾客当天已有 {count} 个预约，已达上限', 'This customer already has {count} bookings that day, the limit'],
  bookingBlockedMisses: [
    '该顾客 {days} 天内爽约 {count} 次，暂不能预约',
    'This customer missed {count} bookings in {days} days and cannot book for now',
  ],
  bookingOnlineRestricted: ['该顾客已爽约 {count} 次，不能在线预约', 'This customer missed {count} bookings and cannot book online'],
  stylistNotScheduled: ['{name} {date} 没有排班', '{name} is not scheduled on {date}'],
  stylistOffShift: ['{name} 的班次是 {start}–{end}', "{name}'s shift is {start}–{end}"],
  stylistOnLeave: ['{name} 该时段请假', '{name} is on leave at that time'],
  stylistBooked: ['{name} 在 {time} 已有预约', '{name} already has a booking at {time}'],
  employeeNotInShop: ['员工“{name}”不在该门店', 'Employee "{name}" does not work in this shop'],
  revisionRequired: ['缺少预约的版本号（revision）', "The booking's revision is missing"],
  bookingRevision: ['预约已被他人修改，请刷新后重试', 'Someone else changed this booking; please reload and try again'],
  serviceNotBookable: ['项目不存在或已停用', 'The service does not exist or is disabled'],
  channelNotFound: ['渠道不存在或已停用', 'The channel does not exist or is disabled'],
  depositNotPaid: ['定金支付失败：{reason}', 'The deposit was not paid: {reason}'],
  stylistNotOnline: ['该发型师不接受在线预约', 'This stylist does not take online bookings'],
  onlineSlotTaken: ['该时间已约满，请选择其他时间', 'That time is taken; please choose another'],
  depositRefundFailed: ['定金退还失败：{reason}', 'The deposit was not refunded: {reason}'],
});

defineLabels({ booking: ['预约单', 'booking'], yyconfig: ['预约设置', 'booking settings'] });
