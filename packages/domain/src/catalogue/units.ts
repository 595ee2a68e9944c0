/** Money and unit constants of product.md §9. Defaults only: staff edit the live values in the pricing config. */

export const OWN_BOX_SURCHARGE_IN_CENTS = 2000;
export const SAME_DAY_FEE_IN_CENTS = 200000;
export const YOUR_BOX_RATE_PER_KG_IN_CENTS = 7500;
export const YOUR_BOX_MINIMUM_KG = 5;
/** Volumetric weight in kg = L × W × H (cm) / this divisor. */
export const VOLUMETRIC_DIVISOR = 3500;
/** Packages from this weight are Cargo (priced like Your Box). */
export const CARGO_MINIMUM_KG = 10;

export const CM_TO_INCHES = 0.393701;

export function centsToPesos(cents: number): number {
  return cents / 100;
}

/** Rounds to whole cents so that pesos typed with two decimals never leave a fraction of a centavo. */
export function pesosToCents(pesos: number): number {
  return Math.round(pesos * 100);
}

export function gramsToKg(grams: number): number {
  return grams / 1000;
}

export function kgToGrams(kg: number): number {
  return Math.round(kg * 1000);
}

export function cmToInches(cm: number): number {
  return cm * CM_TO_INCHES;
}
