/**
 * Builds the SVG of a generated demo picture: a calm interior (warm wall gradient, window light, floor)
 * with a simple silhouette of what the picture shows. Pure string building; product-images.ts rasterises
 * it. Every number comes from the image's kind, shape and variant, so the same image always looks the same.
 */
import type { DemoImage, DemoImageKind, DemoImageShape } from './demo-content.types';

/** Width ÷ height of each shape. */
export const IMAGE_SHAPE_RATIO: Readonly<Record<DemoImageShape, number>> = {
  product: 4 / 3,
  category: 1,
  banner: 16 / 7,
  wide: 2,
  tall: 3 / 4,
  article: 3 / 2,
};

const WALLS: ReadonlyArray<readonly [string, string]> = [
  ['#f3ece3', '#e4d6c4'],
  ['#ece6dc', '#d8cdbd'],
  ['#e8e7df', '#d3d8cf'],
  ['#f2e8de', '#e2cbb8'],
  ['#ecebe7', '#d8d3cb'],
  ['#f0e5d5', '#dcc6aa'],
  ['#e5e9e6', '#cbd3ce'],
  ['#f5efe7', '#e8dccd'],
];
const FLOORS = [
  '#c9ae8e',
  '#b99b7b',
  '#d6c3ab',
  '#a88a6d',
  '#cbb89f',
  '#bfa487',
  '#d2bfa6',
  '#b3977a',
] as const;
const BODIES = [
  '#5b6770',
  '#8a6f5a',
  '#b89c7d',
  '#7d8a6e',
  '#c9b8a3',
  '#a36b4f',
  '#6b7f8e',
  '#d9cfc2',
  '#4a5157',
  '#9c8575',
] as const;
const METALS = ['#2f3133', '#b8955a', '#8c8f91', '#3b3b3b'] as const;

interface Palette {
  wall: readonly [string, string];
  floor: string;
  body: string;
  bodyDark: string;
  bodyLight: string;
  wood: string;
  metal: string;
  accent: string;
}

function at<T>(list: readonly T[], index: number): T {
  return list[((index % list.length) + list.length) % list.length] as T;
}

/** Mixes a #rrggbb colour towards black (amount < 0) or white (amount > 0). */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    const target = amount < 0 ? 0 : 255;
    return Math.round(c + (target - c) * Math.abs(amount));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

function paletteFor(image: DemoImage): Palette {
  const v = image.variant;
  const body = at(BODIES, v * 3 + image.kind.length);
  return {
    wall: at(WALLS, v + image.key.length),
    floor: at(FLOORS, v * 5 + 1),
    body,
    bodyDark: shade(body, -0.25),
    bodyLight: shade(body, 0.22),
    wood: at(['#8a6a4f', '#b08d69', '#6e5440', '#c3a37f'], v + 1),
    metal: at(METALS, v),
    accent: at(BODIES, v * 7 + 4),
  };
}

const r = (x: number, y: number, w: number, h: number, fill: string, rx = 0) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"/>`;
const e = (cx: number, cy: number, rx: number, ry: number, fill: string) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"/>`;
const p = (d: string, fill: string) => `<path d="${d}" fill="${fill}"/>`;
const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number) =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"/>`;

/** A drawing in local units: floor at y = 0, centred on x = 0, and its bounding size. */
interface Drawing {
  svg: string;
  width: number;
  height: number;
  /** Hung on the wall (true) or standing on the floor. */
  onWall?: boolean;
}

function sofa(c: Palette, v: number, seats: number): Drawing {
  const w = seats === 1 ? 110 : 200;
  const half = w / 2;
  let s = r(-half + 8, -12, 6, 12, c.wood) + r(half - 14, -12, 6, 12, c.wood);
  s += r(-half, -48, w, 38, c.bodyDark, 8);
  s += r(-half + 6, -108 + (v % 2) * 6, w - 12, 66, c.body, 14);
  const cushions = seats === 1 ? 1 : 3 - (v % 2);
  const cw = (w - 44) / cushions;
  for (let i = 0; i < cushions; i++) {
    s += r(-half + 22 + i * cw + 2, -62, cw - 4, 20, c.bodyLight, 6);
    s += r(-half + 22 + i * cw + 4, -100 + (v % 2) * 6, cw - 8, 40, shade(c.body, 0.1), 10);
  }
  s += r(-half - 4, -78, 24, 68, c.body, 10) + r(half - 20, -78, 24, 68, c.body, 10);
  if (v % 3 === 0) s += r(half - 60, -84, 26, 24, c.accent, 6);
  return { svg: s, width: w + 8, height: 110 };
}

function chair(c: Palette): Drawing {
  let s = line(-22, 0, -18, -45, c.wood, 4) + line(22, 0, 18, -45, c.wood, 4);
  s += line(-18, -45, -22, -110, c.wood, 4) + line(18, -45, 22, -110, c.wood, 4);
  s += r(-26, -52, 52, 10, c.body, 4) + r(-24, -108, 48, 34, c.body, 8);
  return { svg: s, width: 60, height: 112 };
}

function bed(c: Palette, v: number): Drawing {
  let s = r(-104, -120, 208, 92, c.body, 12);
  if (v % 2 === 0) for (let i = 0; i < 4; i++) s += r(-96 + i * 48, -112, 44, 76, c.bodyLight, 8);
  s += r(-108, -38, 216, 30, c.bodyDark, 6) + r(-100, -10, 8, 10, c.wood) + r(92, -10, 8, 10, c.wood);
  s += r(-102, -58, 204, 24, '#f4f1ec', 6);
  s += r(-90, -74, 70, 24, '#fbf9f6', 10) + r(20, -74, 70, 24, '#fbf9f6', 10);
  s += p('M-104 -50 Q-60 -62 10 -54 L104 -54 L104 -30 L-104 -30 Z', c.accent);
  return { svg: s, width: 216, height: 122 };
}

function mattress(c: Palette): Drawing {
  let s = p('M-110 -44 L-70 -70 L110 -70 L70 -44 Z', '#f6f3ee');
  s += p('M70 -44 L110 -70 L110 -50 L70 -20 Z', '#ddd6cc');
  s += r(-110, -44, 180, 24, '#ebe6de');
  for (let i = 1; i < 6; i++) s += line(-110 + i * 30, -42, -110 + i * 30, -22, '#d3cbbf', 1);
  s += r(-110, -22, 180, 4, c.body);
  return { svg: s, width: 220, height: 72 };
}

function table(c: Palette, v: number, height: number, width: number): Drawing {
  const half = width / 2;
  let s = '';
  if (v % 2 === 0) s += r(-half + 8, -height, 6, height, c.wood) + r(half - 14, -height, 6, height, c.wood);
  else
    s +=
      line(-half + 14, 0, -half + 26, -height, c.metal, 4) +
      line(half - 14, 0, half - 26, -height, c.metal, 4);
  s += r(-half, -height - 8, width, 9, c.wood, 3);
  return { svg: s, width, height: height + 9 };
}

function diningTable(c: Palette, v: number): Drawing {
  const t = table(c, v, 72, 190);
  const ch = (x: number) =>
    `<g transform="translate(${x} 0)">${r(-18, -48, 36, 8, c.body, 3)}${r(-16, -100, 32, 30, c.body, 6)}${line(-14, 0, -14, -48, c.metal, 3)}${line(14, 0, 14, -48, c.metal, 3)}</g>`;
  const vase =
    e(30, -92, 8, 12, c.accent) +
    line(30, -104, 24, -128, '#7d8a6e', 2) +
    line(30, -104, 38, -124, '#7d8a6e', 2);
  return { svg: ch(-60) + ch(60) + t.svg + vase, width: 200, height: 130 };
}

function coffeeTable(c: Palette, v: number): Drawing {
  const round = v % 2 === 1;
  let s = round
    ? line(-40, 0, -30, -40, c.metal, 4) + line(40, 0, 30, -40, c.metal, 4) + e(0, -44, 80, 12, c.wood)
    : r(-80, -12, 160, 4, c.wood) +
      r(-78, -44, 6, 44, c.wood) +
      r(72, -44, 6, 44, c.wood) +
      r(-86, -50, 172, 9, c.wood, 3);
  s += r(-30, -60, 34, 8, c.accent, 2) + r(-26, -66, 26, 6, c.bodyLight, 2);
  s += e(40, -58, 10, 6, '#f3efe8');
  return { svg: s, width: 176, height: 70 };
}

function consoleTable(c: Palette, v: number): Drawing {
  let s = table(c, v, 82, 170).svg + r(-78, -30, 156, 5, c.wood);
  s += p('M-52 -92 L-44 -128 L-20 -128 L-12 -92 Z', c.bodyLight) + line(-32, -128, -32, -150, c.metal, 2);
  s += p('M-50 -150 L-14 -150 L-20 -172 L-44 -172 Z', '#f6efe4');
  s += e(40, -104, 14, 18, c.accent) + r(60, -100, 30, 8, c.body, 2);
  return { svg: s, width: 172, height: 174 };
}

function dresser(c: Palette, v: number): Drawing {
  const w = 170;
  let s = r(-w / 2 + 8, -12, 6, 12, c.wood) + r(w / 2 - 14, -12, 6, 12, c.wood);
  s += r(-w / 2, -104, w, 94, c.body, 4);
  const rows = 3 + (v % 2);
  const rh = 88 / rows;
  for (let i = 0; i < rows; i++) {
    s += r(-w / 2 + 5, -100 + i * rh, w - 10, rh - 3, c.bodyLight, 2);
    s += e(0, -100 + i * rh + rh / 2 - 1, 4, 2.5, c.metal);
  }
  s += e(-40, -118, 12, 16, c.accent) + r(20, -124, 44, 20, '#f3efe8', 1) + r(24, -121, 36, 14, c.wood, 1);
  return { svg: s, width: w, height: 134 };
}

function wardrobe(c: Palette, v: number): Drawing {
  const doors = 2 + (v % 2);
  const w = doors * 60;
  let s = r(-w / 2, -220, w, 214, c.body, 3) + r(-w / 2 + 4, -6, w - 8, 6, c.bodyDark);
  for (let i = 0; i < doors; i++) {
    s += r(-w / 2 + 4 + i * 60, -216, 52, 206, c.bodyLight, 2);
    s += r(-w / 2 + (i % 2 === 0 ? 50 : 8) + i * 60, -130, 3, 30, c.metal, 1);
  }
  return { svg: s, width: w, height: 222 };
}

function shelf(c: Palette, v: number): Drawing {
  const w = 130;
  let s = r(-w / 2, -200, 6, 200, c.wood) + r(w / 2 - 6, -200, 6, 200, c.wood);
  const books = ['#a36b4f', '#6b7f8e', '#d9cfc2', '#7d8a6e', '#5b6770', '#c9b8a3'];
  for (let i = 0; i < 5; i++) {
    const y = -200 + i * 48;
    s += r(-w / 2, y, w, 5, c.wood);
    if (i === 4) continue;
    let x = -w / 2 + 10 + ((i + v) % 3) * 6;
    for (let b = 0; b < 5 + ((i + v) % 3); b++) {
      const bh = 26 + ((b * 7 + i * 3 + v) % 14);
      s += r(x, y + 48 - bh, 9 + (b % 2) * 3, bh, at(books, b + i + v), 1);
      x += 13 + (b % 2) * 3;
    }
    if (i % 2 === 1) s += e(w / 2 - 22, y + 36, 10, 12, c.accent);
  }
  return { svg: s, width: w, height: 202 };
}

function glow(x: number, y: number, radius: number): string {
  return `<circle cx="${x}" cy="${y}" r="${radius}" fill="url(#glow)"/>`;
}

function lamp(c: Palette, arc: boolean): string {
  let s = e(0, -3, 22, 5, c.metal);
  if (arc) {
    s += `<path d="M0 -3 L0 -120 Q0 -180 70 -170" stroke="${c.metal}" stroke-width="4" fill="none"/>`;
    s += glow(70, -150, 60) + p('M50 -150 L90 -150 L82 -172 L58 -172 Z', '#e2cfae');
  } else {
    s += line(0, -3, 0, -150, c.metal, 4) + glow(0, -160, 70);
    s += p('M-30 -150 L30 -150 L22 -190 L-22 -190 Z', '#e2cfae');
  }
  return s;
}

function floorLamp(c: Palette, v: number): Drawing {
  const arc = v % 2 === 1;
  let s = lamp(c, arc);
  const chairDrawing = sofa(c, v, 1);
  s += `<g transform="translate(${arc ? -70 : 90} 0) scale(0.8)">${chairDrawing.svg}</g>`;
  return { svg: s, width: 230, height: 192 };
}

function chandelier(c: Palette, v: number): Drawing {
  let s = line(0, -240, 0, -190, c.metal, 2) + glow(0, -160, 110);
  const arms = 3 + (v % 3);
  s += e(0, -180, 10, 8, c.metal);
  for (let i = 0; i < arms; i++) {
    const x = -80 + (160 / (arms - 1)) * i;
    s += `<path d="M0 -180 Q${x / 2} -150 ${x} -168" stroke="${c.metal}" stroke-width="3" fill="none"/>`;
    s += p(`M${x - 16} -146 L${x + 16} -146 L${x + 9} -172 L${x - 9} -172 Z`, '#e2cfae');
  }
  s += diningTable(c, v).svg;
  return { svg: s, width: 200, height: 242 };
}

function onSideTable(c: Palette, v: number, item: string): Drawing {
  const t = table(c, v, 60, 110);
  return { svg: `${t.svg}<g transform="translate(0 -69)">${item}</g>`, width: 110, height: 180 };
}

function vase(c: Palette, v: number): Drawing {
  const tall = v % 2 === 0;
  const h = tall ? 80 : 56;
  const body = p(
    `M-10 0 C-34 ${-h * 0.3} -22 ${-h * 0.75} -8 ${-h} L8 ${-h} C22 ${-h * 0.75} 34 ${-h * 0.3} 10 0 Z`,
    c.accent,
  );
  let stems = '';
  for (let i = 0; i < 5; i++) {
    const dx = -30 + i * 15;
    stems += `<path d="M0 ${-h} Q${dx / 2} ${-h - 30} ${dx} ${-h - 46 - (i % 2) * 10}" stroke="#7d8a6e" stroke-width="2" fill="none"/>`;
    stems += e(dx, -h - 48 - (i % 2) * 10, 5, 8, i % 2 === 0 ? '#9aa88a' : '#e9d9c6');
  }
  const small = e(36, -14, 12, 14, c.bodyLight);
  return onSideTable(c, v, stems + body + small);
}

function wallMirror(c: Palette, v: number): Drawing {
  const round = v % 2 === 0;
  let s = round
    ? `<circle cx="0" cy="-160" r="58" fill="${c.metal}"/><circle cx="0" cy="-160" r="52" fill="url(#glass)"/>`
    : r(-44, -250, 88, 150, c.metal, 44) + r(-39, -245, 78, 140, 'url(#glass)', 39);
  s += table(c, v, 82, 170).svg + r(-78, -30, 156, 5, c.wood) + e(56, -104, 12, 16, c.accent);
  return { svg: s, width: 172, height: round ? 220 : 252 };
}

function clock(c: Palette, v: number): Drawing {
  let s = `<circle cx="0" cy="-170" r="44" fill="${c.metal}"/><circle cx="0" cy="-170" r="39" fill="#f8f5ef"/>`;
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    s += line(
      Math.sin(a) * 32,
      -170 - Math.cos(a) * 32,
      Math.sin(a) * 36,
      -170 - Math.cos(a) * 36,
      '#3b3b3b',
      2,
    );
  }
  s += line(0, -170, 18, -180, '#3b3b3b', 3) + line(0, -170, -6, -196, '#3b3b3b', 2);
  s += dresser(c, v).svg;
  return { svg: s, width: 170, height: 216 };
}

function frames(c: Palette, v: number): Drawing {
  let s = '';
  const art = (x: number, y: number, w: number, h: number, i: number) =>
    r(x, y, w, h, c.metal) +
    r(x + 5, y + 5, w - 10, h - 10, '#f8f5ef') +
    e(x + w / 2, y + h * 0.55, w * 0.28, h * 0.22, at(BODIES, v + i * 3)) +
    p(
      `M${x + 10} ${y + h - 12} Q${x + w / 2} ${y + h * 0.45} ${x + w - 10} ${y + h - 12} Z`,
      at(BODIES, v + i + 5),
    );
  s += art(-90, -240, 70, 90, 0) + art(-10, -220, 100, 70, 1);
  s += dresser(c, v).svg;
  return { svg: s, width: 190, height: 242 };
}

function plant(c: Palette, v: number): Drawing {
  let s = '';
  const leaves = 7 + (v % 4);
  for (let i = 0; i < leaves; i++) {
    const a = -70 + (140 / (leaves - 1)) * i;
    const len = 70 + ((i * 13 + v * 7) % 40);
    s += `<g transform="translate(0 -60) rotate(${a})"><path d="M0 0 Q${len * 0.25} ${-len * 0.5} 0 ${-len} Q${-len * 0.25} ${-len * 0.5} 0 0 Z" fill="${i % 2 ? '#6f8a62' : '#86a077'}"/></g>`;
  }
  s += p('M-34 -62 L34 -62 L26 0 L-26 0 Z', c.accent) + r(-36, -66, 72, 8, shade(c.accent, -0.15), 2);
  return { svg: s, width: 150, height: 160 };
}

function rugShape(c: Palette): string {
  let s = p('M-150 0 L-100 -60 L100 -60 L150 0 Z', c.body);
  s += p('M-134 -6 L-94 -54 L94 -54 L134 -6 Z', c.bodyLight);
  s += p('M-100 -12 L-74 -46 L74 -46 L100 -12 Z', c.accent);
  for (let i = 0; i < 5; i++) s += line(-80 + i * 40, -14, -58 + i * 29, -44, c.bodyLight, 3);
  return s;
}

function rug(c: Palette, v: number): Drawing {
  const s = rugShape(c);
  const pouf = v % 2 === 0 ? r(60, -96, 60, 44, c.bodyDark, 18) : e(-70, -66, 36, 26, c.bodyDark);
  return { svg: s + pouf, width: 300, height: 100 };
}

function textile(c: Palette, v: number): Drawing {
  let s = r(-90, -46, 180, 10, c.wood, 3) + r(-84, -36, 8, 36, c.wood) + r(76, -36, 8, 36, c.wood);
  const colours = [c.body, c.accent, c.bodyLight, '#efe9e1', c.bodyDark];
  for (let i = 0; i < 4; i++)
    s += r(-64 + (i % 2) * 4, -62 - i * 14, 128 - (i % 2) * 8, 15, at(colours, i + v), 7);
  s += p('M40 -104 L64 -104 L70 -40 L46 -40 Z', shade(c.accent, 0.1));
  return { svg: s, width: 180, height: 110 };
}

function pillows(c: Palette, v: number): Drawing {
  const base = sofa(c, v + 1, 3);
  const cushion = (x: number, fill: string, size: number) =>
    p(
      `M${x - size} -70 Q${x} -${76 + size * 0.2} ${x + size} -70 Q${x + size * 1.15} -${70 + size} ${x + size} -${70 + size * 2} Q${x} -${64 + size * 2.2} ${x - size} -${70 + size * 2} Q${x - size * 1.15} -${70 + size} ${x - size} -70 Z`,
      fill,
    );
  return {
    svg:
      base.svg +
      cushion(-50, c.accent, 22) +
      cushion(0, '#efe9e1', 20) +
      cushion(48, shade(c.accent, -0.2), 22),
    width: base.width,
    height: 120,
  };
}

function tableware(c: Palette, v: number): Drawing {
  const t = table(c, v, 72, 180);
  let s = t.svg;
  const top = -81;
  s +=
    e(-40, top - 3, 34, 6, '#f7f4ef') +
    e(-40, top - 8, 28, 5, '#ffffff') +
    e(-40, top - 12, 20, 4, c.bodyLight);
  s +=
    r(16, top - 26, 18, 24, '#f7f4ef', 3) +
    `<path d="M34 ${top - 20} q10 2 0 12" stroke="#f7f4ef" stroke-width="3" fill="none"/>`;
  s += p(`M52 ${top} L56 ${top - 30} L70 ${top - 30} L74 ${top} Z`, 'url(#glass)');
  s += e(-80, top - 2, 8, 3, c.accent);
  return { svg: s, width: 180, height: 120 };
}

function cookware(c: Palette, v: number): Drawing {
  let s = r(-110, -80, 220, 80, '#e9e4dc') + r(-114, -88, 228, 10, c.wood, 2);
  for (let i = 0; i < 3; i++)
    s += r(-104 + i * 72, -74, 66, 68, '#f2eee8', 2) + r(-74 + i * 72, -44, 6, 3, c.metal);
  s +=
    r(-70, -128, 56, 40, c.metal, 6) +
    e(-42, -130, 30, 5, shade(c.metal, 0.2)) +
    r(-46, -140, 8, 8, c.metal, 2);
  s += e(40, -92, 40, 6, c.metal) + r(78, -95, 40, 6, c.wood, 3);
  if (v % 2 === 0) s += r(-10, -118, 24, 30, c.accent, 4);
  return { svg: s, width: 232, height: 142 };
}

function appliance(c: Palette, v: number): Drawing {
  const body = v % 3 === 2 ? '#3b3f42' : '#f4f2ee';
  const trim = v % 3 === 2 ? '#55595c' : '#d8d4cc';
  if (v % 2 === 1) {
    let s = r(-110, -80, 220, 80, '#e9e4dc') + r(-114, -88, 228, 10, c.wood, 2);
    s += r(-80, -150, 110, 62, body, 6) + r(-72, -142, 74, 46, '#2d3134', 4) + r(8, -142, 16, 46, trim, 3);
    s += r(50, -128, 30, 40, c.accent, 6) + r(56, -136, 18, 8, c.accent, 3);
    return { svg: s, width: 228, height: 152 };
  }
  let s = r(-60, -170, 120, 168, body, 8) + r(-60, -170, 120, 26, trim, 8);
  s += `<circle cx="0" cy="-78" r="42" fill="${trim}"/><circle cx="0" cy="-78" r="32" fill="url(#glass)"/>`;
  s += e(36, -157, 6, 6, c.metal) + r(-48, -160, 40, 6, '#7a7f83', 2);
  return { svg: s, width: 120, height: 172 };
}

function fridge(c: Palette, v: number): Drawing {
  const body = v % 2 === 0 ? '#f4f2ee' : '#b9bcbe';
  let s = r(-50, -240, 100, 238, body, 8) + line(-50, -150, 50, -150, shade(body, -0.2), 2);
  s += r(34, -220, 5, 50, '#8c8f91', 2) + r(34, -130, 5, 60, '#8c8f91', 2);
  s += `<g transform="translate(110 0) scale(0.6)">${plant(c, v).svg}</g>`;
  return { svg: s, width: 200, height: 242 };
}

function bath(c: Palette, v: number): Drawing {
  let s = p('M-110 -80 L110 -80 Q104 -10 60 -14 L-60 -14 Q-104 -10 -110 -80 Z', '#fbfaf7');
  s += p('M-110 -80 L110 -80 L106 -72 L-106 -72 Z', '#e8e4dd');
  s += r(-80, -16, 10, 16, c.metal, 3) + r(70, -16, 10, 16, c.metal, 3);
  s += `<path d="M92 -80 L92 -130 Q92 -140 80 -140 L70 -140" stroke="${c.metal}" stroke-width="4" fill="none"/>`;
  if (v % 2 === 0) s += r(-150, -50, 30, 50, c.wood, 3) + r(-146, -62, 22, 12, c.accent, 4);
  return { svg: s, width: 270, height: 142 };
}

function sink(c: Palette, v: number): Drawing {
  let s =
    r(-80, -92, 160, 80, c.body, 4) + r(-76, -88, 74, 72, c.bodyLight, 2) + r(2, -88, 74, 72, c.bodyLight, 2);
  s +=
    r(-6, -52, 3, 16, c.metal) +
    r(4, -52, 3, 16, c.metal) +
    r(-78, -12, 8, 12, c.metal) +
    r(70, -12, 8, 12, c.metal);
  s += e(0, -100, 58, 10, '#fbfaf7') + r(-58, -102, 116, 6, '#fbfaf7');
  s += `<path d="M0 -104 L0 -130 Q0 -136 10 -136 L22 -136" stroke="${c.metal}" stroke-width="5" fill="none"/>`;
  s += v % 2 === 0 ? r(-46, -260, 92, 110, 'url(#glass)', 46) : r(-56, -250, 112, 100, 'url(#glass)', 6);
  return { svg: s, width: 160, height: 262 };
}

function outdoor(c: Palette, v: number): Drawing {
  const rattan = v % 2 === 0 ? '#a58862' : '#5f5a54';
  let s = r(-110, -50, 220, 40, rattan, 8) + r(-104, -104, 208, 58, rattan, 12);
  for (let i = 0; i < 12; i++) s += line(-100 + i * 18, -100, -100 + i * 18, -14, shade(rattan, -0.15), 1.5);
  s += r(-96, -64, 92, 18, '#f1ede6', 7) + r(4, -64, 92, 18, '#f1ede6', 7);
  s +=
    r(-90, -96, 84, 34, '#f6f3ee', 10) + r(6, -96, 84, 34, '#f6f3ee', 10) + r(-24, -92, 46, 30, c.accent, 8);
  s +=
    r(-118, -76, 20, 66, rattan, 8) +
    r(98, -76, 20, 66, rattan, 8) +
    r(-104, -10, 6, 10, rattan) +
    r(98, -10, 6, 10, rattan);
  s += `<g transform="translate(170 0) scale(0.55)">${plant(c, v).svg}</g>`;
  return { svg: s, width: 300, height: 120 };
}

function room(c: Palette, v: number): Drawing {
  const s =
    `<g transform="translate(-40 0) scale(0.55)">${rugShape(c)}</g>` +
    `<g transform="translate(-40 -4) scale(0.8)">${sofa(c, v, 3).svg}</g>` +
    `<g transform="translate(-40 0)">${r(-60, -230, 56, 72, c.metal)}${r(-55, -225, 46, 62, c.accent)}${r(10, -220, 70, 52, c.metal)}${r(15, -215, 60, 42, c.bodyLight)}</g>` +
    `<g transform="translate(105 0) scale(0.7)">${lamp(c, false)}</g>` +
    `<g transform="translate(-170 0) scale(0.6)">${plant(c, v).svg}</g>`;
  return { svg: s, width: 340, height: 236 };
}

function draw(kind: DemoImageKind, c: Palette, v: number): Drawing {
  switch (kind) {
    case 'sofa':
      return sofa(c, v, 3);
    case 'armchair':
      return sofa(c, v, 1);
    case 'chair':
      return chair(c);
    case 'bed':
      return bed(c, v);
    case 'mattress':
      return mattress(c);
    case 'table':
      return diningTable(c, v);
    case 'coffee-table':
      return coffeeTable(c, v);
    case 'console':
      return consoleTable(c, v);
    case 'dresser':
      return dresser(c, v);
    case 'wardrobe':
      return wardrobe(c, v);
    case 'shelf':
      return shelf(c, v);
    case 'lamp':
      return floorLamp(c, v);
    case 'chandelier':
      return chandelier(c, v);
    case 'vase':
      return vase(c, v);
    case 'mirror':
      return wallMirror(c, v);
    case 'clock':
      return clock(c, v);
    case 'frame':
      return frames(c, v);
    case 'plant':
      return plant(c, v);
    case 'rug':
      return rug(c, v);
    case 'textile':
      return textile(c, v);
    case 'pillow':
      return pillows(c, v);
    case 'tableware':
      return tableware(c, v);
    case 'cookware':
      return cookware(c, v);
    case 'appliance':
      return appliance(c, v);
    case 'fridge':
      return fridge(c, v);
    case 'bath':
      return bath(c, v);
    case 'sink':
      return sink(c, v);
    case 'outdoor':
      return outdoor(c, v);
    case 'room':
      return room(c, v);
  }
}

/** The SVG document of one picture at the given pixel width (height follows the shape's ratio). */
export function buildImageSvg(image: DemoImage, width: number): string {
  const ratio = IMAGE_SHAPE_RATIO[image.shape];
  const H = 300;
  const W = Math.round(H * ratio);
  const pixelHeight = Math.max(1, Math.round(width / ratio));
  const c = paletteFor(image);
  const v = Math.abs(Math.trunc(image.variant));
  const outside = image.kind === 'outdoor';
  const wallTop = outside ? '#e3ebee' : c.wall[0];
  const wallBottom = outside ? '#f2efe6' : c.wall[1];
  const floorY = Math.round(H * (image.shape === 'tall' ? 0.78 : 0.8));
  const drawing = draw(image.kind, c, v);
  // Leave room for banner texts on the left; elsewhere centre the object with a small per-variant shift.
  const textSpace = image.shape === 'banner' || image.shape === 'wide';
  const cx = textSpace ? W * 0.66 : W / 2 + ((v % 5) - 2) * W * 0.02;
  const fit = Math.min((floorY - 24) / drawing.height, ((textSpace ? 0.55 : 0.82) * W) / drawing.width);
  const scale = Math.min(fit, 1.6);
  const lightX = v % 2 === 0 ? 0.22 : 0.8;
  const hedge = outside
    ? Array.from({ length: Math.ceil(W / 40) + 1 }, (_, i) =>
        e(i * 40, floorY - 10, 34, 30 + ((i * 7 + v) % 18), i % 2 === 0 ? '#9fb08f' : '#8ea27e'),
      ).join('')
    : '';
  const window =
    !outside && v % 3 === 1
      ? r(W * (lightX > 0.5 ? 0.74 : 0.06), H * 0.1, W * 0.2, H * 0.45, 'url(#window)', 2)
      : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${pixelHeight}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">`,
    '<defs>',
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wallTop}"/><stop offset="1" stop-color="${wallBottom}"/></linearGradient>`,
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${outside ? '#b9a58a' : c.floor}"/><stop offset="1" stop-color="${shade(outside ? '#b9a58a' : c.floor, -0.12)}"/></linearGradient>`,
    `<radialGradient id="light" cx="${lightX}" cy="0.15" r="0.75"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    '<radialGradient id="shadow"><stop offset="0" stop-color="#3a2e24" stop-opacity="0.28"/><stop offset="1" stop-color="#3a2e24" stop-opacity="0"/></radialGradient>',
    '<radialGradient id="glow"><stop offset="0" stop-color="#fff4d6" stop-opacity="0.75"/><stop offset="1" stop-color="#fff4d6" stop-opacity="0"/></radialGradient>',
    '<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef2f3"/><stop offset="0.5" stop-color="#cfd8dc"/><stop offset="1" stop-color="#f4f6f6"/></linearGradient>',
    '<linearGradient id="window" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.15"/></linearGradient>',
    '</defs>',
    r(0, 0, W, H, 'url(#wall)'),
    window,
    hedge,
    r(0, floorY, W, H - floorY, 'url(#floor)'),
    outside ? '' : r(0, floorY - 4, W, 4, shade(wallBottom, -0.06)),
    e(cx, floorY, (drawing.width * scale) / 1.7, 9 * scale, 'url(#shadow)'),
    `<g transform="translate(${cx.toFixed(1)} ${floorY}) scale(${scale.toFixed(3)})">${drawing.svg}</g>`,
    r(0, 0, W, H, 'url(#light)'),
    '</svg>',
  ].join('');
}

/** A neutral placeholder for products without a picture (served as-is, no rasterising). */
export const PRODUCT_PLACEHOLDER_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768" viewBox="0 0 400 300" role="img" aria-label="Изображение товара отсутствует">',
  '<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3ece3"/><stop offset="1" stop-color="#e4d6c4"/></linearGradient></defs>',
  '<rect width="400" height="300" fill="url(#g)"/>',
  '<g fill="none" stroke="#b8a690" stroke-width="6" stroke-linejoin="round" stroke-linecap="round">',
  '<path d="M140 175 h120 M150 175 v-30 a12 12 0 0 1 12 -12 h76 a12 12 0 0 1 12 12 v30 M132 150 v40 h136 v-40 M145 190 v12 M255 190 v12"/>',
  '</g>',
  '</svg>',
].join('');
