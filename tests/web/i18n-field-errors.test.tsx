import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CountryRegionFields } from '../../src/web/pages/account/CountryRegionFields';
import { SelectField, TextAreaField } from '../../src/web/pages/sellers/fields';
import { ImagePicker } from '../../src/web/pages/sellers/ImagePicker';
import { inLocale } from '../support/pseudo-locale';

/**
 * Issue 27: the shared schemas' field errors that forms show under their own fields (not
 * through Field) read in the reader's language too: the country and region, the seller's
 * selects and text areas, the image picker.
 */
afterEach(async () => {
  cleanup();
  await inLocale('en');
});

describe("field errors outside Field, in the reader's language", () => {
  it('show the Twi of a schema sentence, values and all, and English word for word', async () => {
    await inLocale('ak');
    const { unmount } = render(
      <>
        <CountryRegionFields countries={[]} country="" region="" onCountry={() => {}} onRegion={() => {}} errors={{ country: 'Country is required', region: 'Region is required' }} />
        <SelectField label="Category" error="Unknown category"><option>x</option></SelectField>
        <TextAreaField label="Description" error="Description is required" />
        <ImagePicker files={[]} onChange={() => {}} onError={() => {}} error="File yam.jpg is not an image" />
      </>,
    );
    expect(screen.getByText('Ɛsɛ sɛ wokyerɛw ɔman')).toBeTruthy();
    expect(screen.getByText('Ɛsɛ sɛ wokyerɛw mantam')).toBeTruthy();
    expect(screen.getByText('Yɛnnim saa ekuw yi')).toBeTruthy();
    expect(screen.getByText('Ɛsɛ sɛ wokyerɛw nkyerɛmu')).toBeTruthy();
    expect(screen.getByText('Fael yam.jpg nyɛ mfonini')).toBeTruthy();
    unmount();

    await inLocale('en');
    render(<TextAreaField label="Description" error="Description is required" />);
    expect(screen.getByText('Description is required')).toBeTruthy();
  });
});
