/**
 * A day's mix of requests against a running server, as a browsing buyer, a signed-in buyer and
 * a phone's sync would send them: pages, catalogue lists and searches, product pages, prices,
 * the sync feed, a cart. `npm run bench start` sends it before it reads the server's memory.
 */
interface Listing {
  id: string;
}

const REGIONS = ['Greater Accra', 'Ashanti', 'Northern', 'Bono East'];
const WORDS = ['maize', 'yam', 'rice', 'tomato', 'cassava', 'plantain', 'onion', 'pepper', 'beans', 'goat', 'fertiliser', 'groundnut'];

export async function sendMixedRequests(baseUrl: string, total: number, concurrency = 4): Promise<{ sent: number; failed: number }> {
  const api = `${baseUrl}/api/v1`;
  const listings = ((await (await fetch(`${api}/products?limit=100`)).json()) as { data: Listing[] }).data;
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'buyer@akuafo.demo', password: 'Akuafo#2026' }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const signedIn = { authorization: `Bearer ${token}` };
  const pick = <T,>(list: readonly T[], i: number) => list[i % list.length];
  const requests: ((i: number) => [string, RequestInit?])[] = [
    () => [`${baseUrl}/`],
    (i) => [`${baseUrl}/products?page=${(i % 4) + 1}`],
    (i) => [`${baseUrl}/product/${pick(listings, i).id}`],
    (i) => [`${api}/products?search=${pick(WORDS, i)}&page=${(i % 3) + 1}`],
    (i) => [`${api}/products?search=${pick(WORDS, i + 5)}&sortBy=price&sortDir=asc&maxPrice=${200 + (i % 50) * 20}`],
    (i) => [`${api}/products/${pick(listings, i * 7).id}`],
    (i) => [`${api}/products/${pick(listings, i * 3).id}/reviews`],
    () => [`${api}/products/featured`],
    () => [`${api}/categories`],
    () => [`${api}/warehouses`],
    (i) => [`${api}/sync/catalogue?since=0&limit=${50 + (i % 3) * 50}&region=${encodeURIComponent(pick(REGIONS, i))}`],
    () => [`${baseUrl}/prices`],
    () => [`${api}/shop/cart`, { headers: signedIn }],
    () => [`${api}/shop/customers/me/orders`, { headers: signedIn }],
    () => [`${api}/shop/customers/me`, { headers: signedIn }],
  ];
  let next = 0;
  let failed = 0;
  async function client() {
    for (let i = next++; i < total; i = next++) {
      const [url, init] = requests[i % requests.length](Math.floor(i / requests.length));
      const response = await fetch(url, { ...init, headers: { 'accept-encoding': 'gzip', ...init?.headers } });
      await response.arrayBuffer();
      if (response.status >= 500) failed += 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client));
  return { sent: total, failed };
}
