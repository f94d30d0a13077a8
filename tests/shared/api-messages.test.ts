import { describe, expect, it } from 'vitest';
import { apiMessage } from '../../src/shared/i18n/api-messages';
import { CART_MESSAGES, MAX_CART_QUANTITY } from '../../src/shared/schemas/cart';
import { networkMismatchMessage } from '../../src/shared/schemas/checkout';
import { NOTIFICATION_MESSAGES } from '../../src/shared/schemas/notifications';
import { payoutNetworkProblem, payoutNetworkWarning } from '../../src/shared/payout';
import { ORDER_MESSAGES } from '../../src/shared/schemas/orders';

/** The shared functions that write sentences with values must give their templates' words exactly. */
describe('API message templates', () => {
  it('recognise every sentence the shared functions write, with its values', () => {
    expect(apiMessage(CART_MESSAGES.onlyLeft(3))).toEqual({ id: 'api.cartOnlyLeft', values: { n: '3' } });
    expect(apiMessage(`Quantity must be a whole number from 1 to ${MAX_CART_QUANTITY}`)).toEqual({ id: 'api.cartQuantityRange', values: { min: '1', max: String(MAX_CART_QUANTITY) } });
    expect(apiMessage(networkMismatchMessage('MTN', 'AIRTEL_TIGO'))).toMatchObject({ id: 'api.checkoutNetworkMismatch', values: { network: 'MTN', chosen: 'AT' } });
    expect(apiMessage(ORDER_MESSAGES.numberNotFound('AK-1'))).toEqual({ id: 'api.orderNumberNotFound', values: { number: 'AK-1' } });
    expect(apiMessage(payoutNetworkProblem('0241234567', 'VODAFONE', false)!)).toEqual({ id: 'api.payoutNetworkMismatch', values: { network: 'MTN', chosen: 'Telecel', label: 'MTN Mobile Money' } });
    expect(apiMessage(payoutNetworkWarning('0201234567', 'MTN')!)).toEqual({ id: 'api.payoutNetworkWarning', values: { network: 'Telecel', chosen: 'MTN' } });
    expect(apiMessage(NOTIFICATION_MESSAGES.notSwitch('sms'))).toEqual({ id: 'api.notificationsNotSwitch', values: { channel: 'sms' } });
  });

  it('leaves a sentence it does not know alone, and a repeated name must repeat its value', () => {
    expect(apiMessage('Only a few left')).toBeUndefined();
    expect(apiMessage('This number is on MTN, not AT. Choose MTN Mobile Money or enter a number on Telecel.')).toBeUndefined();
  });
});
