import { defineLabels, defineMessages, type Lang } from '../../platform/i18n.js';

/** Server messages of the pricing module (zh-CN, en-US). Money is shown as ¥1,234.50. */
export const pricingMessages = defineMessages({
  priceBelowMin: ['“{item}”价格 {price} 低于总部最低价 {min}', '"{item}": the price {price} is below the head-office minimum of {min}'],
  priceAboveMax: ['“{item}”价格 {price} 高于总部最高价 {max}', '"{item}": the price {price} is above the head-office maximum of {max}'],
  priceBelowMinAt: [
    '{shop}：“{item}”价格 {price} 低于总部最低价 {min}',
    '{shop}: "{item}" at {price} is below the head-office minimum of {min}',
  ],
  priceAboveMaxAt: [
    '{shop}：“{item}”价格 {price} 高于总部最高价 {max}',
    '{shop}: "{item}" at {price} is above the head-office maximum of {max}',
  ],
  priceNegative: ['“{item}”调整后的价格 {price} 小于 0', '"{item}": the new price {price} is below zero'],
  priceTooHigh: ['“{item}”调整后的价格 {price} 超出上限', '"{item}": the new price {price} is too high'],
  controlMinAboveMax: ['最低价 {min} 不能高于最高价 {max}', 'The minimum {min} cannot be above the maximum {max}'],
  controlNoBound: ['请至少填写最低价或最高价', 'Enter a minimum price, a maximum price or both'],
  controlDuplicate: ['“{item}”已经设置了价格管控', '"{item}" already has a price control'],
  templateStopped: ['价格模板“{name}”已停用，不能应用到门店', 'The price template "{name}" is stopped and cannot be applied to shops'],
  templateShopTaken: [
    '门店“{shop}”已在使用价格模板“{template}”，一个门店只能使用一个模板',
    'Shop "{shop}" already uses the price template "{template}"; a shop uses one template at a time',
  ],
  templateWrongLine: [
    '“{item}”不属于{line}项目，不能放入该系统模板',
    '"{item}" is not a {line} service and cannot go into this system template',
  ],
  templateNameRequired: ['新建模板时请填写名称', 'Enter a name for the new template'],
  templateSystemNotCopyTarget: [
    '系统模板只能通过保存总部默认模板修改',
    'A system template is changed only through its head-office default save',
  ],
  duplicateItem: ['“{item}”重复出现', '"{item}" appears more than once'],
  itemDisabled: ['“{item}”已停用，不能在门店销售', '"{item}" is disabled and cannot be sold in shops'],
  productNotSellable: [
    '“{item}”已停用或是内部耗材，不能在门店销售',
    '"{item}" is disabled or for internal use and cannot be sold in shops',
  ],
  required: ['必填', 'Required'],
  importBadPrice: [
    '“{value}”不是有效金额：请填写元，最多两位小数',
    '"{value}" is not a valid amount: enter yuan with at most two decimals',
  ],
  importDuplicateSpecial: ['与第 {first} 行是同一项目、门店和职级', 'Same service, shop and level as row {first}'],
});

export type PricingMessage = keyof typeof pricingMessages;

defineLabels({
  service_shop_prices: ['门店服务价格', 'shop service prices'],
  product_shop_prices: ['门店产品价格', 'shop product prices'],
  service_specials: ['职级特价', 'level prices'],
  service_card_prices: ['卡项价格', 'card prices'],
  price_templates: ['价格模板', 'price templates'],
  price_template_shops: ['价格模板门店', 'price template shops'],
  price_template_items: ['价格模板项目', 'price template items'],
  price_controls: ['价格管控', 'price controls'],
  'pricing.service': ['服务项目', 'Service'],
  'pricing.product': ['产品', 'Product'],
  'pricing.shop': ['门店', 'Shop'],
  'pricing.level': ['职级', 'Position level'],
  'pricing.template': ['价格模板', 'Price template'],
  'pricing.control': ['价格管控', 'Price control'],
  'pricing.priceRow': ['门店价格', 'Shop price'],
  'pricing.special': ['职级特价', 'Level price'],
  'pricing.cardPrice': ['卡项价格', 'Card price'],
  'pricing.cardType': ['卡项', 'Card type'],
  card_types: ['卡项', 'card types'],
  'pricing.line.mf': ['美发', 'hair'],
  'pricing.line.mr': ['美容', 'beauty'],
});

export const langIndex = (lang: Lang) => (lang === 'en-US' ? 1 : 0);
