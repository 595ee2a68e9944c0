import { isValidTrackingNumber, normalizeTrackingNumber, TRACKING_NUMBER_MESSAGE } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translateReason } from '../../../i18n/server-messages';
import { fieldErrorMessage, isApiError } from '../../../lib/api-client';

export interface NumberProblem {
  trackingNumber: string;
  message: string;
}

/** Pasted text → tracking numbers (one per line, or separated by commas, semicolons or spaces), without repeats. */
export function parseTrackingNumbers(text: string): string[] {
  const numbers = text
    .split(/[\s,;]+/)
    .map((n) => normalizeTrackingNumber(n))
    .filter(Boolean);
  return [...new Set(numbers)];
}

/** The typos among pasted numbers, each named, before anything is sent. */
export function typosIn(numbers: readonly string[]): NumberProblem[] {
  const message = translateReason('tracking.typo', undefined, TRACKING_NUMBER_MESSAGE);
  return numbers.filter((n) => !isValidTrackingNumber(n)).map((n) => ({ trackingNumber: n, message }));
}

const NOT_FOUND = msg`Not found among your shipments`;

/**
 * Per-number problems from the server's answer: a 404 names the numbers it could not find
 * ("Shipment not found: A, B"); a 400 names them by position ("trackingNumbers.1"). Anything else is
 * not about one number, and gives an empty list.
 */
export function problemsFromError(error: unknown, sent: readonly string[]): NumberProblem[] {
  if (!isApiError(error)) return [];
  if (error.statusCode === 404) {
    const listed = /not found:\s*(.+)$/i.exec(error.message)?.[1];
    const missing = listed ? listed.split(/[\s,]+/).filter(Boolean) : [];
    const message = i18n._(NOT_FOUND);
    return missing.map((trackingNumber) => ({ trackingNumber, message }));
  }
  const problems: NumberProblem[] = [];
  for (const detail of error.details ?? []) {
    const index = /trackingNumbers\.(\d+)/.exec(detail.field)?.[1];
    const trackingNumber = index === undefined ? undefined : sent[Number(index)];
    if (trackingNumber) problems.push({ trackingNumber, message: fieldErrorMessage(detail) });
  }
  return problems;
}
