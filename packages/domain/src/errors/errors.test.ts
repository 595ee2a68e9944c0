import { describe, expect, it } from 'vitest';
import { assertRequiredParameter, requiredParameterError, waybillFileName } from './index.js';

describe('required parameters', () => {
  it('names the parameter and the call', () => {
    expect(requiredParameterError('trackingNumber', 'getPublicShipment').message).toBe(
      'Required parameter trackingNumber was null or undefined when calling getPublicShipment.',
    );
  });

  it('throws only for null or undefined', () => {
    expect(() => assertRequiredParameter(undefined, 'id', 'getShipment')).toThrow('Required parameter id was null or undefined when calling getShipment.');
    expect(() => assertRequiredParameter(null, 'id', 'getShipment')).toThrow();
    expect(() => assertRequiredParameter(0, 'page', 'listShipments')).not.toThrow();
    expect(() => assertRequiredParameter('', 'search', 'listShipments')).not.toThrow();
  });
});

describe('air waybill file names', () => {
  it('names one waybill after its tracking number and several by count', () => {
    expect(waybillFileName(['ND473124829PH'])).toBe('waybill-ND473124829PH.pdf');
    expect(waybillFileName(['A', 'B', 'C'])).toBe('waybills-3-items.pdf');
  });
});
