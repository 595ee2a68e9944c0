// Shipments after booking: /packages, /packages/$trackingNumber, /track (public), /air-waybill.
export const packagesRoutes = [];
