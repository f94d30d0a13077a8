import { anyJson, route } from './route';

/** The contract itself: the OpenAPI 3.1 document built from every declaration. */
export const CONTRACT_ROUTES = [
  route({ method: 'GET', path: '/openapi.json', summary: 'This OpenAPI 3.1 document', tag: 'contract', auth: 'none', answer: anyJson }),
] as const;
