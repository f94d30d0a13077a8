/**
 * The company's own details, shown on the contact page and footer and used as the inbox for
 * contact messages. One place, so a change of number or address is one edit.
 */
export const COMPANY = {
  name: 'Akuafo Market',
  legalName: 'Akuafo Market Ltd.',
  founded: 2023,
  phone: '+233 30 225 4180',
  /** The same number as a tel: link target (no spaces). */
  phoneHref: 'tel:+233302254180',
  whatsapp: 'https://wa.me/233302254180',
  supportEmail: 'support@akuafomarket.com.gh',
  privacyEmail: 'privacy@akuafomarket.com.gh',
  address: {
    street: '14 Liberation Road, Airport Residential Area',
    city: 'Accra',
    region: 'Greater Accra',
    country: 'Ghana',
    /** Ghana Post GPS digital address. */
    digital: 'GA-145-3321',
  },
  hours: 'Monday to Saturday, 8:00 AM to 6:00 PM (GMT)',
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/akuafomarket' },
    { name: 'Instagram', url: 'https://www.instagram.com/akuafomarket' },
    { name: 'X', url: 'https://x.com/akuafomarket' },
  ],
} as const;

export const COMPANY_ADDRESS_LINE = `${COMPANY.address.street}, ${COMPANY.address.city}, ${COMPANY.address.country}`;
