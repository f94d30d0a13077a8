import sharp from 'sharp';
import { ensureAdmin } from '../../src/server/modules/admin/bootstrap';
import { createLogger } from '../../src/server/platform/logging';
import type { TestServer } from './server';
import { sessionToken } from './session';

/** A bearer token for a seeded (or test-made) user, without going through the login API. */
export async function tokenFor(server: TestServer, email: string): Promise<string> {
  const user = await server.deps.db.selectFrom('users').select(['id', 'user_type', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
  return (await sessionToken(server, user.id)).token;
}

export async function adminToken(server: TestServer): Promise<string> {
  await ensureAdmin(server.deps.db, { email: 'operator@akuafo.test', password: 'Operator#2026' }, createLogger('silent'));
  return tokenFor(server, 'operator@akuafo.test');
}

/** A real small PNG, made with sharp. */
export function pngImage(colour = '#2E8B57', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

export function productForm(fields: Record<string, string>, files: { name: string; data: Buffer | string; type?: string }[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('images', new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name);
  return form;
}

export const VALID_PRODUCT = {
  name: 'Fresh Kontomire Leaves',
  description: 'Tender cocoyam leaves picked this morning in Techiman.',
  category: 'Vegetables',
  price: '12.50',
  stockQuantity: '40',
  currency: 'GHS',
};
