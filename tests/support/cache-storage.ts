/**
 * Cache Storage as the browser keeps it, in memory: Node has none. Enough of the real API
 * (open, has, delete, keys, match, put) for the picture and pack code, with real Responses.
 */
class MemoryCache {
  readonly entries = new Map<string, { request: Request; body: ArrayBuffer; init: ResponseInit }>();

  private keyOf(request: RequestInfo | URL): string {
    return typeof request === 'string' ? new URL(request).href : request instanceof URL ? request.href : request.url;
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const entry = this.entries.get(this.keyOf(request));
    return entry && new Response(entry.body.slice(0), entry.init);
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const key = this.keyOf(request);
    const body = await response.arrayBuffer();
    this.entries.set(key, { request: new Request(key), body, init: { status: response.status, headers: response.headers } });
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(this.keyOf(request));
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.values()].map((e) => e.request);
  }
}

export function createMemoryCacheStorage(): CacheStorage & { caches: Map<string, MemoryCache> } {
  const caches = new Map<string, MemoryCache>();
  return {
    caches,
    async open(name: string) {
      if (!caches.has(name)) caches.set(name, new MemoryCache());
      return caches.get(name)! as unknown as Cache;
    },
    async has(name: string) {
      return caches.has(name);
    },
    async delete(name: string) {
      return caches.delete(name);
    },
    async keys() {
      return [...caches.keys()];
    },
    async match(request: RequestInfo | URL) {
      for (const cache of caches.values()) {
        const hit = await cache.match(request);
        if (hit) return hit;
      }
      return undefined;
    },
  } as CacheStorage & { caches: Map<string, MemoryCache> };
}
