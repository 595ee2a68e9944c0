import { findBox, type PricedBoxName } from '@hatid/domain';

/** The catalogue picture of a box (Cargo is a heavy own box and shares its picture). */
export function boxImageUrl(name: PricedBoxName): string {
  return `/boxes/${findBox(name === 'Cargo' ? 'Your Box' : name).id}.svg`;
}
