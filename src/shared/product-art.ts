/**
 * Flat, deterministic placeholder illustrations for seeded products.
 *
 * Output is a self-contained 800x600 SVG: no <text>, no fonts, no external
 * references, so sharp/librsvg can rasterise it on a machine without fonts.
 * `seed` and `variant` drive a small PRNG so listings do not look identical.
 */
import type { Category } from './catalogue';
import { lookOf, type Shape } from './product-looks';

const W = 800;
const H = 600;

type Rand = () => number;

/** mulberry32: tiny deterministic PRNG returning floats in [0, 1). */
function mulberry32(a: number): Rand {
  let s = a >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Palette {
  /** Background gradient, top to bottom. */
  bg: [string, string];
  /** Ground / accent band. */
  ground: string;
  /** Main shape colours to pick from. */
  main: string[];
  /** Secondary / detail colours. */
  accent: string[];
}

const PALETTES: Record<Category, Palette> = {
  Grains: { bg: ['#fde9a9', '#f2b84b'], ground: '#d99a2b', main: ['#f6d365', '#e9b949', '#f3c969', '#fff1c1'], accent: ['#c98a1e', '#a86b12'] },
  Tubers: { bg: ['#f3dcc0', '#b98553'], ground: '#8a5a32', main: ['#8b5a2b', '#a0693a', '#7a4b25', '#b07a4a'], accent: ['#5e3a1c', '#d9b48a'] },
  Vegetables: { bg: ['#e3f5d8', '#8fcf7a'], ground: '#5aa347', main: ['#e5412f', '#f2f0e6', '#7b3f8c', '#d62f2f', '#f08a24'], accent: ['#2f8a3a', '#46a64f'] },
  Fruits: { bg: ['#ffe3c4', '#ff9f5a'], ground: '#e0772e', main: ['#ff9f1c', '#ffcd3c', '#f46036', '#7cc242', '#ffb347'], accent: ['#3c8d2f', '#5aa83c'] },
  Herbs: { bg: ['#eaf7e4', '#a5d6a7'], ground: '#6fae6b', main: ['#3f8f47', '#5cab5a', '#2e7d32', '#7cbf6b'], accent: ['#c7a25c', '#8d6e3f'] },
  Livestock: { bg: ['#d8f0ff', '#9fd8a4'], ground: '#5fa34f', main: ['#8b5e3c', '#f1ede4', '#3e3a36', '#c48a52', '#d9c7a8'], accent: ['#2d2a26', '#f4d9c6'] },
  Poultry: { bg: ['#fff4dc', '#f7c88d'], ground: '#c98d4b', main: ['#fffaf0', '#f3dcc0', '#e8c49a', '#f9e8d2'], accent: ['#a86f36', '#d94f30'] },
  Fertilizers: { bg: ['#e4ecd9', '#9fb27c'], ground: '#6d7f4a', main: ['#f4f1e8', '#e7e1cf', '#dfe8f2', '#f2e6d0'], accent: ['#2f7d3a', '#2a66a8', '#c0392b'] },
  Seeds: { bg: ['#f0f7e1', '#c6dd8f'], ground: '#8fae4e', main: ['#f2c14e', '#6cb0d6', '#ef8354', '#9bc53d', '#c77dff'], accent: ['#3e8e41', '#8b5a2b'] },
  Agrochemicals: { bg: ['#e1f1f5', '#8cc5d3'], ground: '#4e97a8', main: ['#2a9d8f', '#e76f51', '#264653', '#e9c46a', '#4361ee'], accent: ['#f8f9fa', '#1b4332'] },
  Tools: { bg: ['#eceff1', '#b0bec5'], ground: '#78909c', main: ['#8d6e63', '#a1887f', '#795548'], accent: ['#607d8b', '#90a4ae', '#455a64'] },
  Other: { bg: ['#f5ebe0', '#d5bdaf'], ground: '#a98467', main: ['#e3d5ca', '#d6ccc2', '#f2cc8f', '#e07a5f'], accent: ['#6b705c', '#a5a58d'] },
};

/** Round to one decimal to keep the markup small. */
function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

function pick<T>(r: Rand, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)] as T;
}

function range(r: Rand, min: number, max: number): number {
  return min + r() * (max - min);
}

/** Shift a #rrggbb colour lighter (amt > 0) or darker (amt < 0). */
function shade(hex: string, amt: number): string {
  const v = parseInt(hex.slice(1), 16);
  const ch = (c: number) => Math.max(0, Math.min(255, Math.round(c + amt * 255)));
  const r = ch((v >> 16) & 255);
  const g = ch((v >> 8) & 255);
  const b = ch(v & 255);
  return '#' + ((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1);
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, rot = 0, extra = ''): string {
  const t = rot ? ` transform="rotate(${n(rot)} ${n(cx)} ${n(cy)})"` : '';
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${t}${extra}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;
}

function rect(x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = ''): string {
  const rr = rx ? ` rx="${n(rx)}"` : '';
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rr} fill="${fill}"${extra}/>`;
}

/** A leaf: pointed ellipse-ish path from (x, y) along angle `a` with length `len`. */
function leaf(x: number, y: number, len: number, a: number, fill: string): string {
  const w = len * 0.38;
  return `<path d="M0 0Q${n(len / 2)} ${n(-w)} ${n(len)} 0Q${n(len / 2)} ${n(w)} 0 0Z" fill="${fill}" transform="translate(${n(x)} ${n(y)}) rotate(${n(a)})"/>`;
}

// ------------------------------------------------------------------ motifs

function grains(r: Rand, p: Palette): string {
  let s = '';
  // a mound of grain in the middle
  const cx = range(r, 340, 460);
  s += ellipse(cx, 505, 270, 50, p.accent[0] as string);
  s += `<path d="M${n(cx - 250)} 505Q${n(cx - 120)} 300 ${n(cx)} 300Q${n(cx + 120)} 300 ${n(cx + 250)} 505Z" fill="${shade(p.main[1] as string, -0.05)}"/>`;
  // scattered kernels
  // two stalks with grain heads
  for (let i = 0; i < 2; i++) {
    const x = i ? range(r, 560, 700) : range(r, 100, 240);
    const tx = x + range(r, -30, 30);
    s += `<path d="M${n(x)} 560Q${n(x + range(r, -40, 40))} 380 ${n(tx)} 200" stroke="${p.accent[0]}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    for (let j = 0; j < 5; j++) {
      const y = 215 + j * 26;
      s += ellipse(tx - 13, y, 16, 9, p.main[1] as string, -35);
      s += ellipse(tx + 13, y, 16, 9, p.main[0] as string, 35);
    }
    s += ellipse(tx, 190, 9, 16, p.main[1] as string);
  }
  // scattered kernels, sharing one stroke
  s += `<g stroke="${p.accent[1]}" stroke-width="1.5">`;
  for (let i = 0; i < 24; i++) {
    const onHeap = i < 14;
    const x = onHeap ? cx + range(r, -170, 170) : range(r, 40, 760);
    const y = onHeap ? range(r, 360 + Math.abs(x - cx) * 0.5, 495) : range(r, 120, 300);
    const k = range(r, 13, 22);
    s += ellipse(x, y, k, k * 0.68, pick(r, p.main), range(r, 0, 180));
  }
  return s + '</g>';
}

function tubers(r: Rand, p: Palette): string {
  let s = ellipse(400, 520, 340, 60, shade(p.ground, -0.08));
  const count = 2 + Math.floor(r() * 2);
  for (let i = 0; i < count; i++) {
    const cx = 180 + (i * 440) / Math.max(1, count - 1) + range(r, -30, 30);
    const cy = range(r, 350, 420);
    const rx = range(r, 120, 170);
    const ry = range(r, 65, 90);
    const rot = range(r, -25, 25);
    const col = pick(r, p.main);
    s += ellipse(cx, cy + 12, rx, ry, shade(col, -0.15), rot);
    s += ellipse(cx, cy, rx, ry, col, rot);
    s += ellipse(cx - rx * 0.3, cy - ry * 0.35, rx * 0.35, ry * 0.2, shade(col, 0.12), rot);
    // eyes / root hairs
    for (let j = 0; j < 6; j++) {
      const a = range(r, 0, Math.PI * 2);
      s += circle(cx + Math.cos(a) * rx * 0.6, cy + Math.sin(a) * ry * 0.55, range(r, 3, 6), p.accent[0] as string);
    }
  }
  return s;
}

function vegetables(r: Rand, p: Palette): string {
  let s = ellipse(400, 520, 330, 55, shade(p.ground, -0.08));
  const count = 4 + Math.floor(r() * 3);
  for (let i = 0; i < count; i++) {
    const cx = 130 + (i * 540) / (count - 1) + range(r, -25, 25);
    const cy = range(r, 340, 450);
    const rad = range(r, 55, 90);
    const col = pick(r, p.main);
    s += leaf(cx, cy - rad * 0.85, rad * 0.8, range(r, -160, -110), p.accent[0] as string);
    s += leaf(cx, cy - rad * 0.85, rad * 0.7, range(r, -70, -20), p.accent[1] as string);
    s += circle(cx, cy, rad, col);
    s += ellipse(cx - rad * 0.35, cy - rad * 0.35, rad * 0.28, rad * 0.16, shade(col, 0.25), -35);
    s += ellipse(cx, cy - rad * 0.9, rad * 0.2, rad * 0.1, p.accent[0] as string);
  }
  return s;
}

function fruits(r: Rand, p: Palette): string {
  let s = ellipse(400, 520, 330, 55, shade(p.ground, -0.08));
  const count = 3 + Math.floor(r() * 3);
  for (let i = 0; i < count; i++) {
    const cx = 160 + (i * 480) / (count - 1) + range(r, -30, 30);
    const cy = range(r, 330, 430);
    const rad = range(r, 70, 110);
    const col = pick(r, p.main);
    const oval = range(r, 0.85, 1.1);
    s += ellipse(cx, cy, rad, rad * oval, col, range(r, -20, 20));
    s += ellipse(cx - rad * 0.35, cy - rad * 0.35, rad * 0.25, rad * 0.15, shade(col, 0.2), -35);
    s += rect(cx - 4, cy - rad * oval - 24, 8, 30, '#6b4423', 3);
    s += leaf(cx + 3, cy - rad * oval - 12, rad * 0.6, range(r, -40, -10), p.accent[0] as string);
  }
  return s;
}

function herbs(r: Rand, p: Palette): string {
  let s = ellipse(400, 540, 340, 50, shade(p.ground, -0.08));
  const stems = 4 + Math.floor(r() * 3);
  for (let i = 0; i < stems; i++) {
    const x = 140 + (i * 520) / (stems - 1) + range(r, -20, 20);
    const top = range(r, 120, 240);
    const bend = range(r, -50, 50);
    s += `<path d="M${n(x)} 540Q${n(x + bend)} ${n((540 + top) / 2)} ${n(x + bend * 0.6)} ${n(top)}" stroke="${p.accent[1]}" stroke-width="5" fill="none"/>`;
    for (let j = 0; j < 4; j++) {
      const t = 0.25 + j * 0.2;
      const y = 540 - (540 - top) * t;
      const lx = x + bend * t;
      s += leaf(lx, y, range(r, 55, 80), range(r, -60, -20), pick(r, p.main));
      s += leaf(lx, y, range(r, 55, 80), range(r, -160, -120), pick(r, p.main));
    }
  }
  return s;
}

function livestock(r: Rand, p: Palette): string {
  let s = `<path d="M0 430Q200 370 400 420T800 400V600H0Z" fill="${p.ground}"/>`;
  s += `<path d="M0 480Q250 440 500 480T800 470V600H0Z" fill="${shade(p.ground, -0.07)}"/>`;
  const col = pick(r, p.main);
  const dark = shade(col, -0.2);
  const flip = r() < 0.5;
  const cx = range(r, 360, 440);
  const cy = 350;
  const bw = range(r, 150, 190);
  const bh = range(r, 80, 100);
  let a = '';
  // legs
  for (const dx of [-0.65, -0.4, 0.4, 0.65]) {
    a += rect(cx + bw * dx - 11, cy + bh * 0.4, 22, range(r, 95, 115), dx < 0 ? dark : col, 8);
  }
  // body, tail, neck, head
  a += `<path d="M${n(cx - bw)} ${n(cy - 10)}q-35 30 -20 80" stroke="${dark}" stroke-width="8" fill="none" stroke-linecap="round"/>`;
  a += ellipse(cx, cy, bw, bh, col);
  if (r() < 0.5) a += ellipse(cx + range(r, -60, 40), cy - 10, range(r, 35, 55), range(r, 25, 40), p.accent[1] as string, range(r, -20, 20));
  a += ellipse(cx + bw * 0.85, cy - bh * 0.75, 45, 35, col, -40);
  a += ellipse(cx + bw + 35, cy - bh * 1.15, 52, 38, col, 15);
  a += ellipse(cx + bw + 70, cy - bh * 1.0, 24, 18, shade(col, 0.1), 15);
  a += ellipse(cx + bw + 5, cy - bh * 1.5, 28, 11, dark, -30);
  // horns
  a += `<path d="M${n(cx + bw + 20)} ${n(cy - bh * 1.5)}q-15 -45 25 -60" stroke="${p.accent[0]}" stroke-width="9" fill="none" stroke-linecap="round"/>`;
  a += circle(cx + bw + 48, cy - bh * 1.25, 6, p.accent[0] as string);
  s += flip ? `<g transform="translate(800 0) scale(-1 1)">${a}</g>` : a;
  return s;
}

/** An egg outline centred on (cx, cy). */
function egg(cx: number, cy: number, sz: number, fill: string, rot: number): string {
  const w = sz * 0.72;
  return `<path d="M0 ${n(-sz)}C${n(w)} ${n(-sz)} ${n(w)} ${n(sz * 0.7)} 0 ${n(sz * 0.7)}C${n(-w)} ${n(sz * 0.7)} ${n(-w)} ${n(-sz)} 0 ${n(-sz)}Z" fill="${fill}" stroke="#d2b48c" stroke-width="2" transform="translate(${n(cx)} ${n(cy)}) rotate(${n(rot)})"/>`;
}

function poultry(r: Rand, p: Palette): string {
  let s = '';
  // nest
  s += ellipse(400, 450, 300, 95, shade(p.accent[0] as string, -0.1));
  s += ellipse(400, 430, 270, 70, p.accent[0] as string);
  const count = 5 + Math.floor(r() * 3);
  for (let i = 0; i < count; i++) {
    const x = 190 + (i * 420) / (count - 1) + range(r, -15, 15);
    const y = 380 + range(r, -25, 25) + (i % 2) * 30;
    s += egg(x, y, range(r, 55, 70), pick(r, p.main), range(r, -25, 25));
  }
  // straw strands on the rim
  for (let i = 0; i < 10; i++) {
    const x = range(r, 120, 680);
    s += `<path d="M${n(x)} ${n(range(r, 455, 500))}l${n(range(r, -40, 40))} ${n(range(r, -20, 20))}" stroke="${shade(p.ground, 0.15)}" stroke-width="4" stroke-linecap="round"/>`;
  }
  // a chick perched on the rim
  const hx = r() < 0.5 ? range(r, 70, 100) : range(r, 700, 730);
  const hy = 505;
  const face = hx < 400 ? 1 : -1;
  s += ellipse(hx, hy, 48, 40, '#ffd23f');
  s += circle(hx + face * 32, hy - 42, 28, '#ffd23f');
  s += leaf(hx - face * 10, hy - 5, 40, face > 0 ? 200 : -20, '#f4b400');
  s += `<path d="M${n(hx + face * 56)} ${n(hy - 48)}l${n(face * 22)} 8l${n(-face * 22)} 8Z" fill="#f28c28"/>`;
  s += circle(hx + face * 40, hy - 50, 5, '#2d2a26');
  s += `<path d="M${n(hx + face * 28)} ${n(hy - 70)}q4 -14 10 -2q6 -14 10 2" fill="${p.accent[1]}"/>`;
  return s;
}

function fertilizers(r: Rand, p: Palette): string {
  let s = ellipse(400, 530, 300, 45, shade(p.ground, -0.1));
  const col = pick(r, p.main);
  const band = pick(r, p.accent);
  const cx = range(r, 370, 430);
  // sack body
  s += `<path d="M${n(cx - 150)} 520Q${n(cx - 175)} 330 ${n(cx - 120)} 190L${n(cx - 70)} 150Q${n(cx)} 175 ${n(cx + 70)} 150L${n(cx + 120)} 190Q${n(cx + 175)} 330 ${n(cx + 150)} 520Z" fill="${col}" stroke="${shade(col, -0.25)}" stroke-width="4"/>`;
  // tied top
  s += `<path d="M${n(cx - 70)} 150L${n(cx - 95)} 110L${n(cx - 30)} 135L${n(cx)} 100L${n(cx + 30)} 135L${n(cx + 95)} 110L${n(cx + 70)} 150Z" fill="${shade(col, -0.08)}"/>`;
  s += rect(cx - 80, 145, 160, 14, shade(col, -0.3), 6);
  // label band and emblem
  s += rect(cx - 150, 300, 300, 70, band);
  s += circle(cx, 335, 28, '#ffffff');
  s += leaf(cx - 2, 345, 40, -60, band);
  s += leaf(cx + 2, 345, 34, -125, band);
  // granules
  for (let i = 0; i < 22; i++) {
    s += circle(range(r, 120, 680), range(r, 520, 570), range(r, 4, 8), pick(r, ['#ffffff', '#dfe6e9', band]));
  }
  return s;
}

function seeds(r: Rand, p: Palette): string {
  let s = '';
  const col = pick(r, p.main);
  const x = range(r, 270, 330);
  const y = 110;
  const w = 240;
  const h = 340;
  const rot = range(r, -8, 8);
  let g = rect(x + 10, y + 12, w, h, shade(p.ground, -0.2), 10);
  g += rect(x, y, w, h, col, 10);
  // crimped top
  let zig = `M${n(x)} ${n(y + 30)}`;
  for (let i = 0; i <= 12; i++) zig += `L${n(x + (i * w) / 12)} ${n(y + (i % 2 ? 0 : 14))}`;
  zig += `L${n(x + w)} ${n(y + 30)}Z`;
  g += `<path d="${zig}" fill="${shade(col, -0.15)}"/>`;
  // window with a sprout
  const wx = x + w / 2;
  const wy = y + 170;
  g += circle(wx, wy, 80, '#fffdf5');
  g += `<path d="M${n(wx)} ${n(wy + 60)}V${n(wy - 10)}" stroke="${p.accent[0]}" stroke-width="7" stroke-linecap="round"/>`;
  g += leaf(wx, wy - 5, 55, -30, p.accent[0] as string);
  g += leaf(wx, wy + 10, 50, -150, shade(p.accent[0] as string, 0.1));
  g += ellipse(wx, wy + 62, 55, 10, p.accent[1] as string);
  g += rect(x + 30, y + h - 60, w - 60, 14, shade(col, -0.2), 7);
  g += rect(x + 60, y + h - 36, w - 120, 10, shade(col, -0.15), 5);
  s += `<g transform="rotate(${n(rot)} ${n(x + w / 2)} ${n(y + h / 2)})">${g}</g>`;
  // loose seeds
  for (let i = 0; i < 16; i++) {
    const sx = r() < 0.5 ? range(r, 60, 240) : range(r, 580, 760);
    s += ellipse(sx, range(r, 420, 560), range(r, 10, 15), range(r, 6, 9), pick(r, ['#8b5a2b', '#d4a373', '#6f4518']), range(r, 0, 180));
  }
  return s;
}

function agrochemicals(r: Rand, p: Palette): string {
  let s = ellipse(400, 530, 260, 40, shade(p.ground, -0.1));
  const col = pick(r, p.main);
  const cap = pick(r, p.main.filter((c) => c !== col));
  const cx = range(r, 360, 440);
  const bw = range(r, 180, 220);
  // body + shoulders + neck
  s += `<path d="M${n(cx - bw / 2)} 520V250Q${n(cx - bw / 2)} 200 ${n(cx - 40)} 185V150H${n(cx + 40)}V185Q${n(cx + bw / 2)} 200 ${n(cx + bw / 2)} 250V520Z" fill="${col}" stroke="${shade(col, -0.2)}" stroke-width="4"/>`;
  s += rect(cx - 48, 105, 96, 52, cap, 10);
  s += rect(cx - 48, 120, 96, 6, shade(cap, -0.2));
  // handle
  s += `<path d="M${n(cx + 40)} 200Q${n(cx + bw / 2 + 40)} 200 ${n(cx + bw / 2 - 5)} 290" stroke="${shade(col, -0.15)}" stroke-width="14" fill="none"/>`;
  // label with leaf emblem
  s += rect(cx - bw / 2 + 20, 300, bw - 40, 150, p.accent[0] as string, 10);
  s += circle(cx, 360, 38, p.accent[1] as string);
  s += leaf(cx - 10, 385, 55, -55, p.accent[0] as string);
  s += rect(cx - bw / 2 + 40, 415, bw - 80, 10, shade(col, 0), 5);
  s += ellipse(cx - bw / 2 + 25, 260, 10, 45, shade(col, 0.2));
  // droplets
  for (let i = 0; i < 6; i++) {
    const dx = r() < 0.5 ? range(r, 100, 250) : range(r, 560, 720);
    const dy = range(r, 140, 460);
    const d = range(r, 14, 24);
    s += `<path d="M${n(dx)} ${n(dy - d * 1.6)}Q${n(dx + d)} ${n(dy - d * 0.2)} ${n(dx)} ${n(dy + d * 0.6)}Q${n(dx - d)} ${n(dy - d * 0.2)} ${n(dx)} ${n(dy - d * 1.6)}Z" fill="${shade(p.bg[1], -0.15)}" opacity=".8"/>`;
  }
  return s;
}

function tools(r: Rand, p: Palette): string {
  let s = ellipse(400, 540, 320, 40, shade(p.ground, -0.1));
  const wood = pick(r, p.main);
  const metal = pick(r, p.accent);
  // hoe: long handle + blade
  const a1 = range(r, -38, -28);
  let hoe = rect(-10, -230, 20, 460, wood, 9);
  hoe += `<path d="M-18 -250L-18 -205L-110 -150Q-140 -130 -120 -105L-60 -120Q-20 -150 18 -210L18 -250Z" fill="${metal}" stroke="${shade(metal, -0.2)}" stroke-width="3"/>`;
  hoe += rect(-22, -262, 44, 30, shade(metal, -0.15), 6);
  s += `<g transform="translate(${n(range(r, 330, 380))} 320) rotate(${n(a1)})">${hoe}</g>`;
  // cutlass crossing it
  const a2 = range(r, 25, 40);
  let cut = rect(-14, 120, 28, 110, shade(wood, -0.15), 10);
  cut += `<path d="M-12 120L-12 -200Q10 -250 40 -235L20 120Z" fill="${shade(metal, 0.25)}" stroke="${shade(metal, -0.2)}" stroke-width="3"/>`;
  cut += circle(0, 150, 5, '#cfd8dc') + circle(0, 200, 5, '#cfd8dc');
  s += `<g transform="translate(${n(range(r, 430, 480))} 300) rotate(${n(a2)})">${cut}</g>`;
  return s;
}

function other(r: Rand, p: Palette): string {
  let s = ellipse(400, 530, 300, 45, shade(p.ground, -0.1));
  // a woven basket with round produce
  for (let i = 0; i < 6; i++) s += circle(range(r, 270, 530), range(r, 255, 300), range(r, 45, 65), pick(r, p.main.slice(2)));
  s += `<path d="M210 320H590L550 510H250Z" fill="${p.accent[1]}"/>`;
  for (let i = 0; i < 4; i++) s += rect(222 + i * 6, 350 + i * 40, 356 - i * 12, 10, p.accent[0] as string, 4);
  return s;
}

/** Plantain: long curved fingers hanging in hands from a stalk. */
function fingers(r: Rand, p: Palette): string {
  let s = ellipse(400, 530, 300, 45, shade(p.ground, -0.1));
  s += `<path d="M400 90Q410 200 400 330" stroke="#6b4423" stroke-width="22" fill="none" stroke-linecap="round"/>`;
  const count = 6 + Math.floor(r() * 3);
  for (let i = 0; i < count; i++) {
    const side = i % 2 === 0 ? -1 : 1;
    const y = 150 + Math.floor(i / 2) * 70 + range(r, -10, 10);
    const reach = range(r, 170, 240);
    const col = pick(r, p.main);
    const d = `M400 ${n(y)}Q${n(400 + side * reach * 0.45)} ${n(y + 150)} ${n(400 + side * reach)} ${n(y + range(r, 40, 90))}`;
    s += `<path d="${d}" stroke="${shade(col, -0.18)}" stroke-width="50" fill="none" stroke-linecap="round"/>`;
    s += `<path d="${d}" stroke="${col}" stroke-width="40" fill="none" stroke-linecap="round"/>`;
  }
  return s;
}

/** Okra, peppers: long thin pods lying on the ground, each with its cap. */
function pods(r: Rand, p: Palette): string {
  let s = ellipse(400, 520, 330, 55, shade(p.ground, -0.08));
  const count = 7 + Math.floor(r() * 4);
  for (let i = 0; i < count; i++) {
    const x = 150 + (i * 500) / (count - 1) + range(r, -20, 20);
    const y = range(r, 300, 430);
    const len = range(r, 120, 180);
    const col = pick(r, p.main);
    const tilt = range(r, -35, 35);
    // Drawn along its own axis, then turned: the cap stays at the pod's wide end.
    s += `<g transform="translate(${n(x - len / 2)} ${n(y)}) rotate(${n(tilt)})">`;
    s += `<path d="M0 -22C${n(len * 0.4)} -26 ${n(len * 0.8)} -12 ${n(len)} 0C${n(len * 0.8)} 8 ${n(len * 0.4)} 22 0 20Z" fill="${col}"/>`;
    s += `<path d="M4 -4Q${n(len * 0.5)} -10 ${n(len * 0.9)} -2" stroke="${shade(col, 0.2)}" stroke-width="5" fill="none"/>`;
    s += `${rect(-16, -16, 20, 32, '#3e7d2a', 6)}${rect(-34, -4, 22, 8, '#3e7d2a', 4)}</g>`;
  }
  return s;
}

/** Kontomire: a bunch of broad leaves on their stems. */
function leaves(r: Rand, p: Palette): string {
  let s = ellipse(400, 540, 320, 45, shade(p.ground, -0.1));
  const count = 7 + Math.floor(r() * 3);
  for (let i = 0; i < count; i++) {
    const a = -160 + (i * 140) / (count - 1) + range(r, -8, 8);
    const len = range(r, 230, 300);
    const col = pick(r, p.main);
    s += `<path d="M400 520L${n(400 + Math.cos((a * Math.PI) / 180) * 120)} ${n(520 + Math.sin((a * Math.PI) / 180) * 120)}" stroke="#7cb342" stroke-width="8"/>`;
    s += leaf(400 + Math.cos((a * Math.PI) / 180) * 110, 520 + Math.sin((a * Math.PI) / 180) * 110, len, a, col);
    s += leaf(400 + Math.cos((a * Math.PI) / 180) * 130, 520 + Math.sin((a * Math.PI) / 180) * 130, len * 0.8, a, shade(col, 0.12));
  }
  return s;
}

/** The motif of each look of product-looks.ts. */
const SHAPES: Record<Shape, (r: Rand, p: Palette) => string> = { round: vegetables, oval: fruits, fingers, pods, leaves };

const MOTIFS: Record<Category, (r: Rand, p: Palette) => string> = {
  Grains: grains,
  Tubers: tubers,
  Vegetables: vegetables,
  Fruits: fruits,
  Herbs: herbs,
  Livestock: livestock,
  Poultry: poultry,
  Fertilizers: fertilizers,
  Seeds: seeds,
  Agrochemicals: agrochemicals,
  Tools: tools,
  Other: other,
};

/**
 * Render an 800x600 SVG illustration for a product category, or for what the product's name
 * says it is (product-looks.ts) when given. The same arguments always yield the same document.
 */
export function renderProductArt(category: Category, seed: number, variant: number, name?: string): string {
  const look = name === undefined ? undefined : lookOf(name);
  const base = PALETTES[category] ?? PALETTES.Other;
  const p = look ? { ...base, main: look.colours } : base;
  const motif = look ? SHAPES[look.shape] : (MOTIFS[category] ?? other);
  const r = mulberry32(Math.imul((seed | 0) ^ 0x9e3779b9, 2654435761) + (variant | 0) * 7919);

  // slight tint shift per product so backgrounds differ a little
  const tint = range(r, -0.06, 0.06);
  const top = shade(p.bg[0], tint);
  const bottom = shade(p.bg[1], tint);
  const angle = variant % 2 === 0 ? 'x2="0" y2="1"' : 'x2="1" y2="1"';

  let body = `<defs><linearGradient id="bg" x1="0" y1="0" ${angle}><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`;
  body += `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  // soft decorative discs (sun / bokeh)
  body += circle(range(r, 560, 720), range(r, 70, 150), range(r, 50, 80), '#ffffff', ' opacity=".35"');
  for (let i = 0; i < 4; i++) {
    body += circle(range(r, 0, W), range(r, 0, 260), range(r, 15, 45), '#ffffff', ' opacity=".15"');
  }
  body += `<path d="M0 ${n(range(r, 470, 500))}Q400 ${n(range(r, 430, 470))} 800 ${n(range(r, 470, 500))}V600H0Z" fill="${p.ground}" opacity=".35"/>`;
  body += `<g data-look="${look?.shape ?? category}">${motif(r, p)}</g>`;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}
