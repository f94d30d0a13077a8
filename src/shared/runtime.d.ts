/**
 * src/shared runs in the browser, the service worker and Node alike, so its project
 * (tsconfig.shared.json) has neither DOM nor Node types: only what all three provide is
 * declared here, by hand, and nothing else may be used.
 */
declare function setTimeout(handler: () => void, ms?: number): unknown;
