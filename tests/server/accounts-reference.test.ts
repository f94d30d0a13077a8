import { describe, expect, it } from 'vitest';
import { GHANA_REGIONS } from '../../src/shared/catalogue';
import { internationalNumber, loadCountries } from '../../src/shared/reference/countries';
import { changePasswordFormSchema, passwordChecks, phoneSchema, signUpStepSchemas } from '../../src/shared/schemas/accounts';
import { parseWith } from '../../src/shared/schemas/parse';

describe('country reference data (the sign-up and address forms)', () => {
  it('lists every country with a dialling code, Ghana first with its 16 regions', async () => {
    const countries = await loadCountries();
    expect(countries.length).toBeGreaterThanOrEqual(245);
    expect(countries[0]).toMatchObject({ name: 'Ghana', code: 'GH', dialCode: '233' });
    expect(countries[0]!.regions.map((r) => r.name).sort()).toEqual([...GHANA_REGIONS].sort());
    expect(countries.every((c) => /^\d{1,4}$/.test(c.dialCode) && /^[A-Z]{2}$/.test(c.code) && c.regions.length > 0)).toBe(true);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    expect(countries.find((c) => c.code === 'NG')).toMatchObject({ name: 'Nigeria', dialCode: '234' });
  });

  it('builds the international number the server stores', () => {
    expect(internationalNumber('233', '024 123 4567')).toBe('233241234567');
    expect(internationalNumber('233', '241234567')).toBe('233241234567');
    expect(internationalNumber('233', '+233 24 123 4567')).toBe('233241234567');
    expect(internationalNumber('233', '')).toBe('');
    expect(parseWith(phoneSchema, internationalNumber('233', '0241234567')).ok).toBe(true);
  });
});

describe('client-only form rules', () => {
  it('sign-up step 2 wants the confirmation to match', () => {
    const result = parseWith(signUpStepSchemas[1], { password: 'Str0ng#Pass', confirmPassword: 'Str0ng#Pas' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.fieldErrors.confirmPassword).toBe('Passwords do not match');
    const missing = parseWith(signUpStepSchemas[1], { password: 'Str0ng#Pass', confirmPassword: '' });
    if (!missing.ok) expect(missing.error.fieldErrors.confirmPassword).toBe('Please confirm your password');
  });

  it("the change-password form says 'Passwords don't match'", () => {
    const result = parseWith(changePasswordFormSchema, { currentPassword: 'Old#Pass123', newPassword: 'New#Pass123', confirmPassword: 'New#Pass124' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.fieldErrors.confirmPassword).toBe("Passwords don't match");
  });

  it('the live checklist follows each rule', () => {
    expect(passwordChecks('abc')).toEqual({ length: false, uppercase: false, lowercase: true, number: false, special: false });
    expect(Object.values(passwordChecks('Abcdef1!')).every(Boolean)).toBe(true);
  });
});
