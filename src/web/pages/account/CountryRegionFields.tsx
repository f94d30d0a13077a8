import { useEffect, useId, useState } from 'react';
import { loadCountries, type Country } from '../../../shared/reference/countries';
import { useT } from '../../i18n/language';
import { useApiText } from '../../components/ui/forms';

/** Loads the country list on first use (its own chunk), Ghana first. */
export function useCountries(): Country[] | undefined {
  const [countries, setCountries] = useState<Country[]>();
  useEffect(() => {
    let live = true;
    void loadCountries().then((list) => live && setCountries(list));
    return () => {
      live = false;
    };
  }, []);
  return countries;
}

interface Props {
  countries: Country[] | undefined;
  country: string;
  region: string;
  onCountry: (name: string) => void;
  onRegion: (name: string) => void;
  errors: { country?: string; region?: string };
}

/**
 * Country and region selects. The region select is disabled until a country is chosen and
 * is cleared when the country changes; a country without listed regions gets a text field.
 */
export function CountryRegionFields({ countries, country, region, onCountry, onRegion, errors }: Props) {
  const t = useT();
  // The shared schema's messages, in the reader's language.
  const apiText = useApiText();
  const countryId = useId();
  const regionId = useId();
  const regions = countries?.find((c) => c.name === country)?.regions ?? [];
  return (
    <>
      <div>
        <label htmlFor={countryId} className="mb-1 block text-sm font-medium text-gray-800">{t('countryRegion.country')}</label>
        <select
          id={countryId}
          className="input"
          value={country}
          disabled={!countries}
          onChange={(e) => {
            onCountry(e.target.value);
            onRegion('');
          }}
          aria-invalid={errors.country ? true : undefined}
        >
          <option value="">{countries ? t('countryRegion.chooseCountry') : t('countryRegion.loadingCountries')}</option>
          {countries?.map((c) => (
            <option key={c.code} value={c.name}>{c.name}</option>
          ))}
        </select>
        {errors.country && <p className="mt-1 text-sm text-red-700">{apiText(errors.country)}</p>}
      </div>
      <div>
        <label htmlFor={regionId} className="mb-1 block text-sm font-medium text-gray-800">{t('countryRegion.region')}</label>
        {country && countries && regions.length === 0 ? (
          <input id={regionId} className="input" value={region} onChange={(e) => onRegion(e.target.value)} aria-invalid={errors.region ? true : undefined} />
        ) : (
          <select id={regionId} className="input" value={region} disabled={!country || !countries} onChange={(e) => onRegion(e.target.value)} aria-invalid={errors.region ? true : undefined}>
            <option value="">{t('countryRegion.chooseRegion')}</option>
            {regions.map((r) => (
              <option key={r.code + r.name} value={r.name}>{r.name}</option>
            ))}
          </select>
        )}
        {errors.region && <p className="mt-1 text-sm text-red-700">{apiText(errors.region)}</p>}
      </div>
    </>
  );
}
