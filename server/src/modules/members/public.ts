/** What other modules may use of members: everything else in this folder is private to it. */
export { applicableRule, cardTypeSellableAt, giftOf, rechargeGift } from './card-rules.js';
export { registerMemberImport } from './import.js';
export { cardHolders, findMembers, firstCardOpener, memberKeyword, memberScope, nextMemberCodes } from './members.js';
export { cardRules, cardSystems, cardTypeShops, cardTypes, members } from './schema.js';
export { countSmsAudience, type SmsAudience, smsAudienceAfter } from './sms-audience.js';
export { keepVisitFigures, type VisitFigures } from './visits.js';
