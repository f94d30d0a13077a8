import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which lucide icons ship with the first screen. Every icon was one chunk, loaded on every first
 * visit although most are drawn only by later pages (account, seller, operator). Icons imported
 * by the shared parts (src/web outside pages/) and by the home and error pages go in the first
 * screen's `icons` chunk; the rest in `icons-pages`, fetched with the first page that draws one.
 * Read from the files' imports, so an icon added to the bar joins the first chunk by itself.
 */
const FIRST_SCREEN_PAGES = ['home', 'errors'];

export function firstScreenIconFiles(root: string): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(join(root, 'src/web'))) {
    const page = /[\\/]pages[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
    if (page && !FIRST_SCREEN_PAGES.includes(page)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g)) {
      for (const name of m[1]!.split(',')) if (name.trim() && !name.includes('type ')) names.add(name.trim());
    }
  }
  // lucide's index names each icon's file, aliases included ("AlertTriangle" is triangle-exclamation-point.mjs).
  const index = readFileSync(join(root, 'node_modules/lucide-react/dist/esm/lucide-react.mjs'), 'utf8');
  const files = new Set<string>();
  for (const m of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)'/g)) {
    if (m[1]!.split(',').some((part) => names.has(part.trim().replace(/^default as /, '')))) files.add(m[2]!);
  }
  return files;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
