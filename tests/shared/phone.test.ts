import { describe, expect, it } from 'vitest';
import { formatPhone, networkOf, parseGhanaMobile } from '../../src/shared/phone';
import { checkoutRequestSchema, mobileNumberProblem } from '../../src/shared/schemas/checkout';
import { parseWith } from '../../src/shared/schemas/parse';

describe('Ghana mobile numbers', () => {
  it('reads 0XXXXXXXXX and +233XXXXXXXXX, ignoring spaces and dashes', () => {
    expect(parseGhanaMobile('0241234567')).toEqual({ national: '0241234567', international: '+233241234567', network: 'MTN' });
    expect(parseGhanaMobile('+233 20 123 4567')?.national).toBe('0201234567');
    expect(parseGhanaMobile('027-123-4567')?.network).toBe('AIRTEL_TIGO');
    for (const bad of ['', '241234567', '02412345678', '+2330241234567', '233241234567', '0141234567', 'abcdefghij']) {
      expect(parseGhanaMobile(bad), bad).toBeUndefined();
    }
  });

  it('names the network from the prefix', () => {
    const cases: [string, string | undefined][] = [
      ['024', 'MTN'], ['025', 'MTN'], ['053', 'MTN'], ['054', 'MTN'], ['055', 'MTN'], ['059', 'MTN'],
      ['020', 'VODAFONE'], ['050', 'VODAFONE'],
      ['026', 'AIRTEL_TIGO'], ['027', 'AIRTEL_TIGO'], ['056', 'AIRTEL_TIGO'], ['057', 'AIRTEL_TIGO'],
      ['023', undefined], ['030', undefined],
    ];
    for (const [prefix, network] of cases) expect(networkOf(`${prefix}1234567`), prefix).toBe(network);
    expect(formatPhone('+233551234567')).toBe('055 123 4567');
  });

  it('explains what is wrong with a mobile-money number', () => {
    expect(mobileNumberProblem('', 'MTN')).toBe('Please enter your mobile money number');
    expect(mobileNumberProblem('0231234567', 'MTN')).toMatch(/not on MTN, Telecel or AT/);
    expect(mobileNumberProblem('0561234567', 'VODAFONE')).toBe('This number is on AT, not Telecel. Choose AT Money or enter a number on Telecel.');
    expect(mobileNumberProblem('0501234567', 'VODAFONE')).toBeUndefined();
  });
});

describe('checkout request schema', () => {
  it('reports every field at once, with the spec messages', () => {
    const result = parseWith(checkoutRequestSchema, { pickupLocationId: '', mobileMoneyNumber: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.fieldErrors).toEqual({
      pickupLocationId: 'Please select a shipping address',
      mobileMoneyNumber: 'Please enter your mobile money number',
    });
  });

  it('accepts the select\'s text id and fills the defaults', () => {
    const result = parseWith(checkoutRequestSchema, { pickupLocationId: '3', mobileMoneyNumber: ' 0241234567 ' });
    expect(result).toEqual({ ok: true, value: { pickupLocationId: 3, paymentMethod: 'MOBILE_MONEY', mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567', notes: '' } });
  });
});
