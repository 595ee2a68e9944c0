import type { CollectionSource } from '@hatid/domain';

/** The add collection modal's fields; the ticked shipments are `trackingNumbers`. */
export interface CollectionFormValues {
  collectedFromId: string;
  source: CollectionSource | '';
  trackingNumbers: string[];
  location: string;
  remarks: string;
}

const FIELDS: readonly (keyof CollectionFormValues)[] = ['collectedFromId', 'source', 'trackingNumbers', 'location', 'remarks'];

/**
 * The form field a server error detail belongs on: "body.trackingNumbers.2" (one shipment refused) is
 * shown with the shipments, "collectedFromId" on the person, and so on; anything else has no field.
 */
export function collectionFieldOf(apiField: string): keyof CollectionFormValues | null {
  const field = apiField.replace(/^(body|query)\./, '').replace(/[.[].*$/, '');
  return (FIELDS as readonly string[]).includes(field) ? (field as keyof CollectionFormValues) : null;
}
