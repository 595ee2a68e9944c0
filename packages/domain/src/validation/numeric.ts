import { z } from 'zod';
import { VALIDATION_MESSAGES } from './index.js';

export interface NumericFieldOptions {
  min?: number;
  max?: number;
  /** For amounts held in cents or counts: a fraction would be a typo. */
  integer?: boolean;
  messages?: Partial<{
    invalid: string;
    required: string;
    scientific: string;
    decimals: string;
    integer: string;
    min: string;
    max: string;
  }>;
}

export const NUMERIC_MESSAGES = {
  invalid: 'Enter a number',
  required: 'Required',
  integer: VALIDATION_MESSAGES.integer,
} as const;

// Plain decimal notation only: sign, digits, at most one point. "1e3", "0x10" and "1,000" are refused.
const DECIMAL_PATTERN = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

type Check = { ok: true; value: number } | { ok: false; message: string };

/** Applies the spec's numeric rules (product.md §5) to one raw value; shared by both schemas below. */
export function checkNumeric(raw: number | string, options: NumericFieldOptions = {}): Check {
  const m = options.messages ?? {};
  const text = typeof raw === 'number' ? String(raw) : raw.trim();
  if (typeof raw === 'string' && text === '') return { ok: false, message: m.required ?? NUMERIC_MESSAGES.required };
  // A JS number prints in exponent form only when huge or tiny, which a person cannot have typed as such.
  if (/e/i.test(text)) {
    return { ok: false, message: m.scientific ?? VALIDATION_MESSAGES.scientific };
  }
  if (typeof raw === 'string' && !DECIMAL_PATTERN.test(text)) return { ok: false, message: m.invalid ?? NUMERIC_MESSAGES.invalid };
  const value = typeof raw === 'number' ? raw : Number(text);
  if (!Number.isFinite(value)) return { ok: false, message: m.invalid ?? NUMERIC_MESSAGES.invalid };
  const decimals = text.split('.')[1]?.length ?? 0;
  if (options.integer && !Number.isInteger(value)) return { ok: false, message: m.integer ?? NUMERIC_MESSAGES.integer };
  if (decimals > 2) return { ok: false, message: m.decimals ?? VALIDATION_MESSAGES.decimals };
  if (options.min !== undefined && value < options.min) return { ok: false, message: m.min ?? VALIDATION_MESSAGES.min(options.min) };
  if (options.max !== undefined && value > options.max) return { ok: false, message: m.max ?? VALIDATION_MESSAGES.max(options.max) };
  // Normalises "-0" and "+5" so the output is a plain number.
  return { ok: true, value: value === 0 ? 0 : value };
}

/** A required number: accepts numbers or numeric strings (form inputs) and outputs a number. */
export function numericField(options: NumericFieldOptions = {}) {
  return z.union([z.number(), z.string()]).transform((raw, ctx) => {
    const result = checkNumeric(raw, options);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
}

/**
 * The optional variant: missing, null or blank becomes 0 (product.md §5). The 0 is not checked against
 * `min`, because an untouched optional fee or value means "none".
 */
export function optionalNumericField(options: NumericFieldOptions = {}) {
  return z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return 0;
      const result = checkNumeric(raw, options);
      if (result.ok) return result.value;
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    });
}
