import { defineLabels, defineMessages } from '../../platform/i18n.js';

export const cashierMessages = defineMessages({
  payCodeFormat: ['支付方式编码须为两位数字', 'A pay type code is two digits'],
  payTypeSystem: [
    '「{name}」是收银依赖的系统支付方式，不能删除或修改编码',
    '"{name}" is a system pay type the till depends on; it cannot be deleted or have its code changed',
  ],
  payTypeDuplicate: ['支付方式重复：{name}', 'Pay type listed twice: {name}'],
  payTypeUnknown: ['支付方式不存在', 'No such pay type'],
  stationPositionUnknown: ['岗位不存在', 'No such position'],
  wheelShopTaken: [
    '门店「{shop}」已使用轮牌方案「{scheme}」，一个门店只能使用一个方案',
    'Shop "{shop}" already follows wheel scheme "{scheme}"; a shop follows one scheme',
  ],
  wheelShopType: ['门店「{shop}」的门店类型与方案不符', 'Shop "{shop}" is not of the scheme\'s shop type'],
  wheelRowPost: ['同一工位下的行名称重复：{name}', 'Row name used twice: {name}'],
  handTagRange: ['手牌号范围须从小到大，且最多 100 个号', 'The hand-tag range runs from low to high and holds at most 100 numbers'],
  shopRequired: ['请选择门店', 'Choose a shop'],
  revisionStale: ['设置已被他人修改，请刷新后再保存', 'Someone else changed these settings; reload before saving'],
  mtSecretRequired: ['请填写密钥', 'Enter the secret'],
});

defineLabels({
  pay_classes: ['支付类别', 'pay classes'],
  pay_types: ['支付方式', 'pay types'],
  pay_templates: ['支付模板', 'pay templates'],
  pay_template_items: ['支付模板', 'pay templates'],
  pay_template_shops: ['支付模板门店', 'pay template shops'],
  stations: ['工位设置', 'stations'],
  wheel_schemes: ['轮牌方案', 'wheel schemes'],
  wheel_scheme_shops: ['轮牌方案门店', 'wheel scheme shops'],
  wheel_rests: ['轮牌临休', 'wheel rest kinds'],
  cashier_bill_configs: ['收银开单设置', 'cashier bill settings'],
  mt_keys: ['美团账号', 'Meituan accounts'],
  mt_shops: ['美团门店', 'Meituan shops'],
  dy_shops: ['抖音门店', 'Douyin shops'],
  open_shop_uuid: ['美团门店编号', 'Meituan shop id'],
  poi_id: ['抖音门店编号', 'Douyin POI id'],
  account: ['账号', 'Account'],
});
