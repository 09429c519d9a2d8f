import {
  ONLINE_PATHS,
  onlineBookBody,
  onlineBooking,
  onlineCancelled,
  onlineKeyParams,
  onlineLink,
  onlineLinkBody,
  onlineLinkQuery,
  onlinePayBody,
  onlineShop,
  onlineSmsBody,
  onlineSmsSent,
  onlineTimes,
  onlineTimesQuery,
  onlineTokenParams,
} from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { assertShopVisible } from '../../platform/auth.js';
import { publicRoute, route } from '../../platform/route.js';
import {
  bookOnline,
  cancelOnline,
  newShopLink,
  onlineBookingOf,
  onlineShopOf,
  onlineTimesOf,
  payOnline,
  sendOnlineCode,
  shopLink,
} from './online.js';

/** Paths with their parameters as Fastify names them. */
const KEY = ':key';
const TOKEN = ':token';

/** The customer's booking page (no sign-in) and head office's link to it. */
export function onlineRoutes(app: FastifyInstance) {
  const publicNote = 'No sign-in: the shop is named by its public key (`<tenant>-<random>`), a booking by its token.';
  publicRoute(
    app,
    'GET',
    ONLINE_PATHS.shop(KEY),
    {
      summary: "A shop's online booking page: services, stylists, rules",
      description: publicNote,
      params: onlineKeyParams,
      response: onlineShop,
    },
    ({ db, params }) => onlineShopOf(db, params.key),
  );
  publicRoute(
    app,
    'GET',
    ONLINE_PATHS.times(KEY),
    {
      summary: 'The free start times of a day for the chosen services, with a stylist or any (不指定)',
      description: publicNote,
      params: onlineKeyParams,
      query: onlineTimesQuery,
      response: onlineTimes,
    },
    ({ db, params, query }) => onlineTimesOf(db, params.key, query),
  );
  publicRoute(
    app,
    'POST',
    ONLINE_PATHS.sms(KEY),
    {
      summary: "Text a code to the customer's mobile",
      description: `${publicNote} One a minute per mobile, five an hour per mobile, twenty in ten minutes per address (429).`,
      params: onlineKeyParams,
      body: onlineSmsBody,
      response: onlineSmsSent,
    },
    ({ db, params, body, req }) => sendOnlineCode(db, params.key, body.mobile, req.ip),
  );
  publicRoute(
    app,
    'POST',
    ONLINE_PATHS.book(KEY),
    {
      summary: 'Book online with the texted code: 待支付 when the shop asks a deposit, else 预约中',
      description: `${publicNote} A wrong or expired code is 400 (the try counts); a slot taken meanwhile is 409.`,
      params: onlineKeyParams,
      body: onlineBookBody,
      response: onlineBooking,
    },
    ({ db, params, body }) => bookOnline(db, params.key, body),
  );
  publicRoute(
    app,
    'GET',
    ONLINE_PATHS.mine(TOKEN),
    { summary: 'A booking as its customer sees it', description: publicNote, params: onlineTokenParams, response: onlineBooking },
    ({ db, params }) => onlineBookingOf(db, params.token),
  );
  publicRoute(
    app,
    'POST',
    ONLINE_PATHS.pay(TOKEN),
    {
      summary: "Pay a booking's deposit through the payment adapter (the sandbox pays at once): 待支付 → 预约中",
      description: publicNote,
      params: onlineTokenParams,
      body: onlinePayBody,
      response: onlineBooking,
    },
    ({ db, params, body }) => payOnline(db, params.token, body.payType),
  );
  publicRoute(
    app,
    'POST',
    ONLINE_PATHS.cancel(TOKEN),
    {
      summary: 'The customer cancels (顾客取消): a paid deposit back until `canceltime` minutes before the slot, kept after',
      description: publicNote,
      params: onlineTokenParams,
      response: onlineCancelled,
    },
    ({ db, params }) => cancelOnline(db, params.token),
  );

  route(
    app,
    'GET',
    ONLINE_PATHS.link,
    {
      summary: "A shop's online booking link (null until made)",
      perm: 'bookings.config.view',
      query: onlineLinkQuery,
      response: onlineLink,
    },
    ({ tx, auth, query }) => {
      assertShopVisible(auth, query.shopId);
      return shopLink(tx, auth.tenantId, query.shopId);
    },
  );
  route(
    app,
    'POST',
    ONLINE_PATHS.resetLink,
    {
      summary: "Make a shop's online booking link, or a new one: the old one stops working",
      perm: 'bookings.config.edit',
      body: onlineLinkBody,
      entity: 'yyconfig',
      verb: 'update',
      response: onlineLink,
    },
    ({ tx, auth, body }) => {
      assertShopVisible(auth, body.shopId);
      return newShopLink(tx, auth.tenantId, body.shopId);
    },
  );
}
