/**
 * Countries with their regions and international dialling codes, for address forms. The
 * data (about 70 KB) is loaded on demand with a dynamic import, so screens that never show a
 * country select do not download it.
 */
export interface Region {
  name: string;
  code: string;
}

export interface Country {
  name: string;
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** Without the plus sign, e.g. "233". */
  dialCode: string;
  regions: Region[];
}

export const DEFAULT_COUNTRY = 'Ghana';

let loaded: Promise<Country[]> | undefined;

/** Every country, Ghana first, the rest by name. */
export function loadCountries(): Promise<Country[]> {
  loaded ??= import('./countries-data').then(({ COUNTRY_DATA }) => parseCountries(COUNTRY_DATA));
  return loaded;
}

export function parseCountries(data: string): Country[] {
  return data.split('\n').map((line) => {
    const [name = '', code = '', dialCode = '', regions = ''] = line.split('\t');
    return {
      name,
      code,
      dialCode,
      regions: regions ? regions.split('|').map((r) => {
        const [regionName = '', regionCode = ''] = r.split('~');
        return { name: regionName, code: regionCode };
      }) : [],
    };
  });
}

/**
 * The number to send: the dialling code followed by the national number without its
 * leading trunk zero ("024 123 4567" in Ghana becomes "233241234567"). A number already
 * starting with the dialling code is kept as it is.
 */
export function internationalNumber(dialCode: string, typed: string): string {
  const digits = typed.replace(/\D/g, '');
  if (!digits) return '';
  if (!dialCode || (digits.startsWith(dialCode) && digits.length > 10)) return digits;
  return dialCode + digits.replace(/^0+/, '');
}
