import { BOXES, type Box } from '../catalogue/boxes.js';
import type { PricingConfig } from './config.js';

/**
 * The box catalogue with the prices and limits of a pricing config (GET /boxes answers these, so what a
 * customer sees is what quotePrice charges):
 * - a catalogue box costs its negotiated box rate when there is one, otherwise its base price;
 * - its weight limit is the config's;
 * - Your Box shows its smallest charge (minimum chargeable kg × rate per kg), from that minimum, with the
 *   config's rate per kg and own-box surcharge.
 * Sizes, categories and ids stay the catalogue's.
 */
export function boxesInForce(config: PricingConfig): Box[] {
  return BOXES.map((box) => {
    if (box.name === 'Your Box') {
      return {
        ...box,
        basePriceInCents: config.yourBoxMinimumKg * config.yourBoxRatePerKgInCents,
        minWeightInGrams: config.yourBoxMinimumKg * 1000,
        perKgRateInCents: config.yourBoxRatePerKgInCents,
        surchargeInCents: config.ownBoxSurchargeInCents,
      };
    }
    const configured = config.boxes[box.name];
    return {
      ...box,
      basePriceInCents: config.boxRatesInCents[box.name] ?? configured.basePriceInCents,
      maxWeightInGrams: configured.maxWeightInGrams,
    };
  });
}
