/** What other modules may use of pricing: everything else in this folder is private to it. */

export { PRICING } from './api';
export { CardTypeSelect, useCardTypes } from './cardTypes';
export { PriceTrial } from './PriceTrial';
