/** What other modules may use of assets: everything else in this folder is private to it. */

export { MemberCouponStateTag, memberCouponColumns } from './couponColumns';
export { default as MemberAssets } from './MemberAssets';
