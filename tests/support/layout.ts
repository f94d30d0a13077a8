import type { Page } from 'playwright-core';
import { injectAxe } from './browser';

/**
 * What breaks a 360 px screen, found in the page: sideways scroll, elements past or wider than the screen, prices wrapped or cut.
 * Runs in the page (page.evaluate(layoutProblems)): it uses nothing from outside itself.
 */
export function layoutProblems(): string[] {
  const width = window.innerWidth;
  const name = (el: Element) => {
    const testId = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 4).join('.') : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${testId ? ` data-testid=${testId}` : ''}${cls ? ` .${cls}` : ''}> "${text}"`;
  };
  const clips = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
  /** Whether an ancestor that itself fits the screen clips the element (a sideways shelf, not a spill). */
  const clippedInside = (el: Element) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (!clips(a)) continue;
      const r = a.getBoundingClientRect();
      if (r.left >= -0.5 && r.right <= width + 0.5) return true;
    }
    return false;
  };
  const visible = (el: Element) => {
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && style.position !== 'fixed';
  };

  const problems: string[] = [];
  if (document.documentElement.scrollWidth > width) problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide on a ${width} px screen`);
  const reported = new Set<Element>();
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    const wider = r.width > width + 0.5;
    const outside = r.left < -0.5 || r.right > width + 0.5;
    if (!wider && !outside) continue;
    // Under 2 px: the visually hidden (sr-only) parts, which sit a pixel off the page on purpose.
    if (r.width < 2 || r.height < 2 || !visible(el)) continue;
    if (!wider && clippedInside(el)) continue;
    // The outermost offender says where to look; its children would repeat it.
    if (el.parentElement && reported.has(el.parentElement)) {
      reported.add(el);
      continue;
    }
    reported.add(el);
    problems.push(`${name(el)} spans ${Math.round(r.left)}..${Math.round(r.right)} px${wider ? ` (${Math.round(r.width - width)} px wider than the screen)` : ''}`);
  }

  // Names and labels cut short with "…" (truncate, line-clamp): a product or the logo the reader
  // cannot finish. A paragraph may be a summary cut on purpose (a card's description).
  for (const el of document.body.querySelectorAll(':not(p)')) {
    if (el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1) continue;
    if (el.getBoundingClientRect().width < 2) continue; // visually hidden (sr-only)
    const style = getComputedStyle(el);
    const clamped = style.textOverflow === 'ellipsis' || /^\d+$/.test(style.webkitLineClamp);
    if (clamped && visible(el) && !el.closest('[hidden]')) problems.push(`text cut short: ${name(el)}`);
  }

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.includes('GH₵')) continue;
    const parent = node.parentElement;
    if (!parent || !visible(parent) || parent.closest('[hidden], .sr-only, option, select, title')) continue;
    for (const match of (node.textContent ?? '').matchAll(/-?GH₵ [\d,]+\.\d\d/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
      if (rects.length === 0) continue;
      const tops = new Set(rects.map((rect) => Math.round(rect.top)));
      if (tops.size > 1) problems.push(`the price "${match[0]}" wraps across lines in ${name(parent)}`);
      const last = rects[rects.length - 1]!;
      for (let a: Element | null = parent; a && a !== document.body; a = a.parentElement) {
        if (!clips(a)) continue;
        const box = a.getBoundingClientRect();
        if (last.right > box.right + 1 && getComputedStyle(a).overflowX !== 'auto' && getComputedStyle(a).overflowX !== 'scroll') {
          problems.push(`the price "${match[0]}" is cut off by ${name(a)}`);
          break;
        }
      }
    }
  }
  return problems;
}

/** Serious and critical axe-core findings on the page as it is now. */
export async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await injectAxe(page);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(d: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    // Violations only: axe then skips collecting what passed, a good part of its time.
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

