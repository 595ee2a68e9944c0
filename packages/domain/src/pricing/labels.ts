import { formatMoney } from '../format/index.js';
import type { PricedPackage } from './result.js';

/** The breakdown line of a package (product.md §2), so web and printed documents use the same words. */
export function packageBreakdownLabel(line: PricedPackage): string {
  switch (line.priceKind) {
    case 'box_rate':
      return `Box Rate (${formatMoney(line.unitPriceInCents)} x ${line.quantity})`;
    case 'chargeable_weight':
      return 'Chargeable weight fee';
    case 'base_delivery_fee':
      return `Base Delivery Fee (${formatMoney(line.baseDeliveryFeeInCents)} x ${line.quantity})`;
  }
}
