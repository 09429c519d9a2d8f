import { defineLabels, defineMessages } from '../../platform/i18n.js';

/** Messages of attendance (zh-CN, en-US). */
export const attendanceMessages = defineMessages({
  shiftNotInShop: ['班次“{name}”不属于该门店', 'The shift "{name}" does not belong to this shop'],
  shiftDisabled: ['班次“{name}”已停用', 'The shift "{name}" is disabled'],
  employeeNotInShop: ['员工“{name}”不在该门店', 'Employee "{name}" does not work in this shop'],
  employeeLeft: ['员工“{name}”已离职', 'Employee "{name}" has left'],
  dateRangeOrder: ['结束日期不能早于开始日期', 'The end date cannot be before the start date'],
  dateRangeTooLong: ['一次最多排 62 天', 'At most 62 days can be scheduled at once'],
  pastDay: [
    '{date} 已经过去，请在考勤记录中用“改班次”更正并填写原因',
    '{date} has passed; correct it in the attendance records ("change shift") with a reason',
  ],
  sameMonth: ['复制的来源月份和目标月份不能相同', 'The month to copy from and the month to copy to must differ'],
  monthHasSchedule: [
    '{month} 已有 {count} 条排班，确认覆盖后再复制',
    '{month} already has {count} scheduled days; confirm overwriting before copying',
  ],
  nothingToCopy: ['{month} 没有可复制的排班', '{month} has no schedule to copy'],
  noEmployeeLink: [
    '当前账号没有关联员工档案，不能打卡。请联系管理员在用户管理中关联员工',
    'This account is not linked to an employee and cannot sign in; ask an administrator to link it in user management',
  ],
  signInTooEarly: [
    '班次“{shift}” {start} 开始，提前打卡不超过 {limit} 分钟：请在 {earliest} 之后签到',
    'The shift "{shift}" starts at {start} and a sign-in counts at most {limit} minutes ahead: sign in from {earliest}',
  ],
  noShop: ['员工“{name}”没有所属门店，不能打卡', 'Employee "{name}" has no shop and cannot sign in'],
  methodOff: ['门店“{shop}”未开启{method}打卡', 'Shop "{shop}" does not take sign-ins by {method}'],
  qrInvalid: [
    '二维码无效或已过期，请重新扫描门店当前的二维码',
    "The QR code is invalid or has expired; scan the shop's current code again",
  ],
  qrOtherShop: ['这是“{shop}”的二维码，你的所属门店不是该店', 'This is the QR code of "{shop}", which is not your shop'],
  tooFar: [
    '当前位置距离最近的考勤地点 {distance} 米，超出允许范围 {limit} 米',
    'You are {distance} m from the nearest sign-in place, beyond its {limit} m',
  ],
  locationRequired: ['请允许获取位置后再打卡', 'Allow the location to be read, then sign in'],
  wifiUnknown: ['当前连接的无线网络不是门店的考勤无线网络', "The Wi-Fi you are connected to is not the shop's sign-in Wi-Fi"],
  wifiRequired: ['没有读到当前连接的无线网络', 'The connected Wi-Fi could not be read'],
  alreadySignedIn: ['今天已经签到过了', 'You have already signed in today'],
  signOutBeforeIn: ['签退时间不能早于签到时间', 'The sign-out cannot be before the sign-in'],
  noPunch: ['该员工当天没有{type}记录，请用补卡', 'The employee has no {type} that day; add it as a make-up punch'],
  futureDay: ['不能给未来的日期补卡', 'A make-up punch cannot be added for a future day'],
  punchExists: [
    '该员工当天已有{type}记录（{time}），请用“改状态”更正',
    'The employee already has a {type} that day ({time}); correct its status instead',
  ],
  nothingChanged: ['没有任何改动', 'Nothing changes'],
  signInNotEarly: ['签到不能是早退', 'A sign-in cannot be an early leave'],
  signOutNotLate: ['签退不能是迟到', 'A sign-out cannot be late'],
  signIn: ['签到', 'sign-in'],
  signOut: ['签退', 'sign-out'],
  placesRequired: ['开启定位打卡时请至少添加一个考勤地点', 'Add at least one place to sign in by location'],
  wifisRequired: ['开启无线网络打卡时请至少添加一个无线网络', 'Add at least one Wi-Fi to sign in by Wi-Fi'],
  duplicateRule: ['规则重复：{type}超过 {value} 分钟出现了两次', 'Duplicate rule: {type} over {value} minutes appears twice'],
});

defineLabels({
  checkClass: ['班次', 'Shift'],
  check_classes: ['班次', 'shifts'],
  check_records: ['考勤记录', 'attendance records'],
  check_corrections: ['考勤更正', 'attendance corrections'],
  attendance_configs: ['考勤设置', 'attendance settings'],
  check_rules: ['考勤规则', 'attendance rules'],
});
