import { loadLocale } from '../../src/shared/i18n';

// In the app a route loads its messages with its code (src/web/app/routes.tsx); a component
// test renders the page alone, so every English message is loaded first.
await loadLocale('en');
