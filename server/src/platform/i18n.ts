import type { FastifyRequest } from 'fastify';

export type Lang = 'zh-CN' | 'en-US';

/** Server messages, each in both languages. `{name}` placeholders are filled from params. */
const messages: Record<string, readonly [string, string]> = {
  refNotFound: ['{entity}不存在（编号 {id}）', '{entity} not found (id {id})'],
  ok: ['成功', 'OK'],
  validation: ['提交的内容有误，请检查标出的字段', 'Some fields are not valid; please check the marked fields'],
  unauthorized: ['请先登录', 'Please sign in'],
  tokenExpired: ['登录已失效，请重新登录', 'Your session has ended; please sign in again'],
  forbidden: ['没有权限执行此操作', 'You do not have permission to do this'],
  shopForbidden: ['没有该门店的权限', 'You have no access to this shop'],
  selfServiceOnly: [
    '员工自助账号只能打卡、查看自己的排班和提成',
    "An employee's own account only signs in and shows the employee's own schedule and commission",
  ],
  notFound: ['记录不存在', 'Record not found'],
  routeNotFound: ['接口不存在：{path}', 'No such endpoint: {path}'],
  internal: [
    '服务器出错了，请稍后重试（请求编号 {requestId}）',
    'Something went wrong on the server; please try again (request {requestId})',
  ],
  tooLarge: ['文件太大，最大 {limit}', 'The file is too large; the limit is {limit}'],
  bodyTooLarge: ['请求内容太大，最大 {limit}', 'The request is too large; the limit is {limit}'],
  bodyTimeout: ['请求内容未在 {seconds} 秒内传完，已中断', 'The request did not arrive whole within {seconds} s and was cut off'],
  nulCharacter: ['不能包含空字符（\\0）', 'must not hold a NUL character (\\0)'],
  exportTooMany: [
    '符合条件的记录超过 {cap} 条，请缩小筛选范围后再导出',
    'More than {cap} records match; narrow the filters before exporting',
  ],
  tooManyRequests: ['尝试过于频繁，请 {after} 后再试', 'Too many attempts; please try again in {after}'],
  pageKeyInvalid: [
    '翻页位置无效或已过期，请回到第一页重新翻页',
    'The page key is not valid for this list; go back to the first page and page again',
  ],
  badValue: ['提交的内容含有无法保存的字符或超出范围的数值', 'The request holds characters or numbers that cannot be stored'],
  badJson: ['请求内容不是有效的 JSON', 'The request body is not valid JSON'],
  unsupportedMedia: ['不支持的内容类型', 'Unsupported content type'],
  uriTooLong: ['请求地址过长', 'The request address is too long'],
  duplicate: ['{field}“{value}”已存在', '{field} "{value}" already exists'],
  duplicateGeneric: ['记录已存在，不能重复', 'This record already exists'],
  referenced: ['不能删除：{entity}中还有记录在使用它', 'Cannot delete: it is still used by {entity}'],
  referencedBy: ['不能删除：正被{entity}“{name}”使用', 'Cannot delete: it is used by {entity} "{name}"'],
  staleVersion: ['记录已被他人修改，请刷新后重试', 'Someone else changed this record; please reload and try again'],
  missingReference: ['{field}不存在或已停用', '{field} does not exist or is disabled'],
  loginFailed: ['企业编码、用户名或密码不正确', 'Wrong company code, username or password'],
  userDisabled: ['该账号已停用，请联系管理员', 'This account is disabled; please contact your administrator'],
  appNotFound: ['应用不存在或未开通', 'This application does not exist or is not enabled'],
  appPasswordRequired: ['当前系统需要独立密码', 'This application needs its own password'],
  appPasswordWrong: ['独立密码不正确', 'Wrong application password'],
  fileType: [
    '不支持的文件类型，只能上传图片（JPG/PNG/GIF/WEBP）、PDF 或 Excel',
    'Unsupported file type; upload an image (JPG/PNG/GIF/WEBP), a PDF or an Excel file',
  ],
  fileMissing: ['请选择要上传的文件', 'Please choose a file to upload'],
  regionParentSelf: ['上级区域不能是自己或自己的下级', 'A region cannot be placed under itself'],
  regionTooDeep: ['区域最多两级：只能选择大区作为上级', 'Regions have two levels: only a top-level region can be a parent'],
  categoryTooDeep: [
    '产品分类最多两级：只能选择一级分类作为上级',
    'Product categories have two levels: only a first-level category can be a parent',
  ],
  hasChildren: ['不能删除：还有下级{entity}', 'Cannot delete: it still has child {entity}'],
  badCascade: ['省市区不匹配，请重新选择', 'Province, city and area do not match; please choose again'],
};

/** A message key: the platform's own above, or one a module added with `defineMessages`. */
export type MessageKey = string;

/** Adds a module's messages (zh-CN, en-US) to the catalogue; answers them for typed use. */
export function defineMessages<T extends Record<string, readonly [string, string]>>(added: T): T {
  // One key, one text: a module defining another's key would change that module's messages.
  for (const [key, text] of Object.entries(added)) {
    const had = messages[key];
    if (had && (had[0] !== text[0] || had[1] !== text[1])) throw new Error(`The message ${key} is defined twice`);
  }
  Object.assign(messages, added);
  return added;
}

/** Adds names of entities and fields (by table or field name) used to fill messages. */
export function defineLabels(added: Record<string, readonly [string, string]>) {
  Object.assign(labels, added);
}

/** Names of things, used to fill messages (entity and field labels). */
const labels: Record<string, readonly [string, string]> = {
  code: ['编码', 'Code'],
  name: ['名称', 'Name'],
  username: ['用户名', 'Username'],
  shops: ['门店', 'shops'],
  shop: ['门店', 'shop'],
  regions: ['区域', 'regions'],
  region: ['区域', 'region'],
  brands: ['品牌', 'brands'],
  brand: ['品牌', 'brand'],
  channels: ['渠道', 'channels'],
  branches: ['部门', 'departments'],
  positions: ['职位', 'positions'],
  position: ['职位', 'position'],
  position_levels: ['职级', 'position levels'],
  service_types: ['服务类型', 'service types'],
  product_categories: ['产品分类', 'product categories'],
  package_types: ['套餐类型', 'package types'],
  dist_channels: ['分销渠道', 'distribution channels'],
  member_statuses: ['会员状态', 'member statuses'],
  member_grades: ['会员等级', 'member grades'],
  users: ['用户', 'users'],
  roles: ['角色', 'roles'],
  user_roles: ['用户角色', 'user roles'],
  parent: ['上级', 'Parent'],
  record: ['引用的记录', 'The referenced record'],
};

export function langOf(req: FastifyRequest): Lang {
  const header = req.headers['accept-language'];
  return typeof header === 'string' && header.trim().toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

type Resolver = (key: string, lang: Lang) => string | undefined;
const resolvers: Resolver[] = [];

/** Adds a source of labels computed from a key (e.g. a document type's state names). */
export function defineLabelResolver(resolver: Resolver) {
  resolvers.push(resolver);
}

export function label(lang: Lang, key: string): string {
  for (const resolve of resolvers) {
    const found = resolve(key, lang);
    if (found !== undefined) return found;
  }
  const pair = labels[key];
  return pair ? pair[lang === 'en-US' ? 1 : 0] : key;
}

export function translate(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  const text: string = messages[key]?.[lang === 'en-US' ? 1 : 0] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
