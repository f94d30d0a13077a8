/**
 * A short notice that outlives the page that raised it ('Signed in successfully' shows while
 * the app moves on to the next page). Plain DOM, outside React, so navigation cannot drop it.
 */
export function showToast(message: string, ms = 3000): void {
  const el = document.createElement('div');
  el.setAttribute('role', 'status');
  el.className = 'fixed inset-x-4 bottom-4 z-50 mx-auto max-w-sm rounded-lg bg-gray-900 px-4 py-3 text-center text-sm font-medium text-white shadow-lg';
  el.textContent = message;
  document.body.appendChild(el);
  setTimeout(() => el.remove(), ms);
}
