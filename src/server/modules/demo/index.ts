/** The demo's market history and traders, seeded through deps.ts. */
export { seedMarketHistory } from './market-history';
