/**
 * Air waybills (4x6 in shipping labels) in three forms: a bulk PDF (one page per shipment), a 203 dpi
 * PNG for thermal printers, and a print-ready HTML page. All show the same content: delivery type,
 * Code 128 and QR of the tracking number, receiver and sender, packages, value, payment, dates.
 */
export { renderWaybillsPdf } from './pdf.js';
export { renderWaybillPng } from './image.js';
export { renderWaybillHtml, escapeHtml } from './html.js';
export {
  LABEL_DPI,
  LABEL_HEIGHT_PT,
  LABEL_HEIGHT_PX,
  LABEL_WIDTH_PT,
  LABEL_WIDTH_PX,
  type WaybillData,
  type WaybillPackage,
  type WaybillParty,
} from './types.js';
