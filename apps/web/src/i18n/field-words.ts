import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Fields as the forms' plain messages name them ("Enter the {field}"): the domain's English words
 * (packages/domain validation/plain-errors.ts fieldWordsOf: a schema's title, its vocabulary, or the key's words)
 * in the reader's language, lower case as they sit inside a sentence. A field missing here keeps its English words
 * inside the translated sentence: right for the words Filipino keeps (mobile number, barangay, promo code, email
 * address, password, rating, tracking number: docs/glossary-fil.md), and still followed by a Filipino reader for
 * any other.
 */
export const FIELD_WORDS: Record<string, MessageDescriptor> = {
  'contact name': msg`contact name`,
  'first name': msg`first name`,
  'last name': msg`last name`,
  province: msg`province`,
  'city or municipality': msg`city or municipality`,
  'street, building and house number': msg`street, building and house number`,
  '6-digit code': msg`6-digit code`,
  'business name': msg`business name`,
  reason: msg`reason`,
  'delivery type': msg`delivery type`,
  'payment method': msg`payment method`,
  payer: msg`payer`,
  box: msg`box`,
  'account type': msg`account type`,
  'pickup date': msg`pickup date`,
  'declared value': msg`declared value`,
  subject: msg`subject`,
  message: msg`message`,
  comment: msg`comment`,
  note: msg`note`,
  amount: msg`amount`,
  quantity: msg`quantity`,
  weight: msg`weight`,
  length: msg`length`,
  width: msg`width`,
  height: msg`height`,
  'item category': msg`item category`,
};
