import { describeRoute } from './openapi';

/**
 * One line per API route: the OpenAPI contract (/api/v1/openapi.json) is built from these, with
 * the very schemas the handlers parse with. tests/server/openapi.test.ts fails on a route the
 * app registers that is missing here (and on a line here that no route answers).
 */
export const API_ROUTES = [
  // Sellers
  // Gateways calling us (form posts from Africa's Talking and Arkesel)
];
