import sharp from 'sharp';
import { toBitmap, type Bitmap } from '../modules/media/index.js';
import { seededRandom, type SeededRandom } from './seeded-random.js';

/**
 * Pictures of prayer beads drawn as SVG and rasterised with sharp at seed time, so the demo
 * store needs no downloaded photos. Every drawing is a pure function of its inputs and seed.
 */

interface Tone {
  light: string;
  base: string;
  dark: string;
}

type Texture = 'bands' | 'grain' | 'veins' | 'flecks' | 'chatoyance';

interface MaterialLook {
  tones: readonly Tone[];
  /** Opacity of the specular highlight: polished stone near 1, matte wood low. */
  gloss: number;
  /** Colour of light passing through a translucent bead. */
  glow?: string;
  /** Opacity of the bead's body: below 1 the backdrop shows through, as through glass. */
  clarity?: number;
  texture?: { kind: Texture; colour: string; opacity: number };
  /** Backdrops this material shows well on. */
  backdrops: readonly Backdrop[];
}

const backdrops = {
  linen: { from: '#F7F1E8', to: '#E2D3BD', dark: false },
  sand: { from: '#F3E6D1', to: '#D5BC95', dark: false },
  mist: { from: '#F3F3F5', to: '#D0D2D8', dark: false },
  sage: { from: '#E9F0E5', to: '#BCCDB6', dark: false },
  blush: { from: '#F9ECE8', to: '#E0BFB6', dark: false },
  slate: { from: '#4D5560', to: '#1C2026', dark: true },
  walnut: { from: '#7C5638', to: '#35230F', dark: true },
  navy: { from: '#2C3D60', to: '#0F1728', dark: true },
  emerald: { from: '#21604D', to: '#0A2720', dark: true },
} as const;
type Backdrop = keyof typeof backdrops;

const light: readonly Backdrop[] = ['linen', 'sand', 'mist', 'sage', 'blush'];

const materials = {
  'baltic-amber': {
    tones: [
      { light: '#FFE09A', base: '#E49B2E', dark: '#84440A' },
      { light: '#FFE8B0', base: '#F0B449', dark: '#9A5A10' },
      { light: '#FFCB7A', base: '#C96F18', dark: '#662E06' },
    ],
    gloss: 0.9,
    glow: '#FFC85C',
    backdrops: ['linen', 'slate', 'sand', 'walnut', 'emerald'],
  },
  'cherry-amber': {
    tones: [
      { light: '#FF9A6A', base: '#B2361A', dark: '#4E1006' },
      { light: '#FFB07A', base: '#C44A1C', dark: '#5C1808' },
    ],
    gloss: 0.9,
    glow: '#FF8A4A',
    backdrops: ['linen', 'mist', 'slate', 'sand'],
  },
  'pressed-amber': {
    tones: [
      { light: '#FFF3C4', base: '#F2C14E', dark: '#A8700E' },
      { light: '#FFF0B5', base: '#EDB43C', dark: '#9A640C' },
      { light: '#FFF6D2', base: '#F5CD6A', dark: '#B07A1A' },
    ],
    gloss: 0.65,
    backdrops: ['sage', 'mist', 'linen', 'navy'],
  },
  kuk: {
    tones: [
      { light: '#8A5E40', base: '#4E2E1B', dark: '#1C0F07' },
      { light: '#7A5236', base: '#432715', dark: '#170C05' },
    ],
    gloss: 0.45,
    texture: { kind: 'grain', colour: '#22120A', opacity: 0.35 },
    backdrops: ['linen', 'sand', 'mist', 'sage'],
  },
  yusr: {
    tones: [
      { light: '#6A6A6A', base: '#171717', dark: '#000000' },
      { light: '#5E5A56', base: '#1C1A18', dark: '#000000' },
    ],
    gloss: 0.95,
    texture: { kind: 'grain', colour: '#3A3835', opacity: 0.25 },
    backdrops: ['linen', 'sand', 'mist', 'blush'],
  },
  'red-agate': {
    tones: [
      { light: '#F09070', base: '#B03A1F', dark: '#55150A' },
      { light: '#F3A27E', base: '#C2502A', dark: '#601C0C' },
      { light: '#E27A5E', base: '#9A2E18', dark: '#4A1006' },
    ],
    gloss: 0.85,
    texture: { kind: 'bands', colour: '#F7D2B8', opacity: 0.3 },
    backdrops: ['linen', 'mist', 'sand', 'slate'],
  },
  'green-agate': {
    tones: [
      { light: '#8CC49A', base: '#3C6E47', dark: '#163322' },
      { light: '#9ED0A8', base: '#4A7F55', dark: '#1C3B28' },
    ],
    gloss: 0.85,
    texture: { kind: 'bands', colour: '#D8EEDB', opacity: 0.4 },
    backdrops: ['linen', 'mist', 'sand', 'blush'],
  },
  turquoise: {
    tones: [
      { light: '#A8EDE3', base: '#3FB7B0', dark: '#1A6A66' },
      { light: '#B4EFE0', base: '#4DC2AE', dark: '#1E7064' },
      { light: '#9BE0E6', base: '#35A8B5', dark: '#155D66' },
    ],
    gloss: 0.55,
    texture: { kind: 'veins', colour: '#3A2A1C', opacity: 0.55 },
    backdrops: ['linen', 'sand', 'walnut', 'blush'],
  },
  'tiger-eye': {
    tones: [
      { light: '#EDBF6A', base: '#A8691F', dark: '#45260A' },
      { light: '#E4AE55', base: '#935A18', dark: '#3A1F07' },
    ],
    gloss: 0.85,
    texture: { kind: 'chatoyance', colour: '#FBDB8C', opacity: 0.7 },
    backdrops: ['mist', 'linen', 'slate', 'navy'],
  },
  onyx: {
    tones: [
      { light: '#6E6E72', base: '#121214', dark: '#000000' },
      { light: '#76767A', base: '#18181B', dark: '#000000' },
    ],
    gloss: 1,
    backdrops: ['mist', 'blush', 'linen', 'sage'],
  },
  'olive-wood': {
    tones: [
      { light: '#DDBE8E', base: '#A67B4B', dark: '#5A3A1C' },
      { light: '#E6CA9C', base: '#B48A58', dark: '#634222' },
      { light: '#D2AE7E', base: '#986C3E', dark: '#4F3216' },
    ],
    gloss: 0.3,
    texture: { kind: 'grain', colour: '#5E3A1A', opacity: 0.45 },
    backdrops: ['sage', 'linen', 'mist', 'slate'],
  },
  sandalwood: {
    tones: [
      { light: '#EDCDA2', base: '#C28C57', dark: '#764A22' },
      { light: '#F2D6AE', base: '#CC9864', dark: '#7E5228' },
    ],
    gloss: 0.3,
    texture: { kind: 'grain', colour: '#85552A', opacity: 0.4 },
    backdrops: ['sage', 'blush', 'mist', 'navy'],
  },
  ebony: {
    tones: [
      { light: '#5A463A', base: '#2B1B12', dark: '#0C0604' },
      { light: '#645044', base: '#33221A', dark: '#0E0806' },
    ],
    gloss: 0.55,
    texture: { kind: 'grain', colour: '#0E0804', opacity: 0.45 },
    backdrops: ['linen', 'sand', 'mist', 'sage'],
  },
  crystal: {
    tones: [
      { light: '#FFFFFF', base: '#DCE8F2', dark: '#7F97AE' },
      { light: '#FFFFFF', base: '#E8EEF4', dark: '#8DA0B3' },
    ],
    gloss: 1,
    glow: '#FFFFFF',
    clarity: 0.6,
    backdrops: ['navy', 'slate', 'emerald', 'walnut'],
  },
  'blue-crystal': {
    tones: [
      { light: '#E2F1FF', base: '#6FA8DC', dark: '#1C4873' },
      { light: '#E8F4FF', base: '#7DB4E4', dark: '#22527E' },
    ],
    gloss: 1,
    glow: '#CFE8FF',
    clarity: 0.78,
    backdrops: ['mist', 'linen', 'navy', 'slate'],
  },
  amethyst: {
    tones: [
      { light: '#E6C8F2', base: '#8A4BAE', dark: '#3A1452' },
      { light: '#EED6F7', base: '#9C62BE', dark: '#431C5E' },
    ],
    gloss: 0.95,
    glow: '#D9A8F0',
    clarity: 0.88,
    backdrops: ['mist', 'linen', 'slate', 'sage'],
  },
  coral: {
    tones: [
      { light: '#F48A78', base: '#B3202A', dark: '#560910' },
      { light: '#F79A86', base: '#C22E34', dark: '#600E14' },
      { light: '#EE7B6A', base: '#A51A24', dark: '#4E070D' },
    ],
    gloss: 0.6,
    backdrops: ['linen', 'mist', 'sand', 'emerald'],
  },
  silver: {
    tones: [{ light: '#FFFFFF', base: '#BFC3CA', dark: '#555A62' }],
    gloss: 1,
    backdrops: ['navy', 'slate', 'emerald', 'blush'],
  },
  gold: {
    tones: [{ light: '#FFF4BE', base: '#D6AE3E', dark: '#7A5410' }],
    gloss: 1,
    backdrops: ['emerald', 'navy', 'slate'],
  },
  lapis: {
    tones: [
      { light: '#6E9FE0', base: '#26619C', dark: '#0D2750' },
      { light: '#7BA8E6', base: '#2E6BAA', dark: '#10305C' },
    ],
    gloss: 0.6,
    texture: { kind: 'flecks', colour: '#F1CB62', opacity: 0.9 },
    backdrops: ['linen', 'sand', 'mist', 'blush'],
  },
  malachite: {
    tones: [
      { light: '#7EE0AE', base: '#1E8452', dark: '#083A22' },
      { light: '#8AE6B6', base: '#22905A', dark: '#0A4026' },
    ],
    gloss: 0.8,
    texture: { kind: 'bands', colour: '#07301B', opacity: 0.55 },
    backdrops: ['linen', 'mist', 'blush', 'sand'],
  },
  pearl: {
    tones: [
      { light: '#FFFFFF', base: '#F1E9DC', dark: '#B5A48C' },
      { light: '#FFFFFF', base: '#F4E8E4', dark: '#B8A19A' },
    ],
    gloss: 0.8,
    glow: '#FFF6EA',
    backdrops: ['navy', 'emerald', 'slate', 'blush'],
  },
  hematite: {
    tones: [{ light: '#C3C7CD', base: '#4A4E55', dark: '#121418' }],
    gloss: 1,
    backdrops: ['linen', 'sand', 'blush', 'sage'],
  },
  jade: {
    tones: [
      { light: '#B2DDB0', base: '#4E9A62', dark: '#1D4A2B' },
      { light: '#BEE4BA', base: '#5AA66C', dark: '#22512F' },
    ],
    gloss: 0.7,
    glow: '#C8F0C0',
    backdrops: ['linen', 'mist', 'sand', 'walnut'],
  },
} as const satisfies Record<string, MaterialLook>;

export type BeadMaterial = keyof typeof materials;
export const BEAD_MATERIALS = Object.keys(materials) as BeadMaterial[];

const tasselColours = {
  black: ['#1A1A1A', '#2E2E2E', '#0A0A0A'],
  gold: ['#D4AF37', '#E8C660', '#A8861E'],
  silver: ['#C7CBD1', '#E3E6EA', '#8F949B'],
  red: ['#A4161A', '#C0262B', '#7A0E12'],
  green: ['#1B5E20', '#2E7D32', '#0F3D14'],
  navy: ['#1F2A44', '#2E3B5C', '#121A2E'],
  brown: ['#6B4226', '#835332', '#4A2C18'],
  white: ['#F4F1EA', '#FFFFFF', '#D8D3C8'],
} as const;
export type TasselColour = keyof typeof tasselColours;

const metals = {
  silver: { light: '#FFFFFF', base: '#C5C9CF', dark: '#5E636B', ring: '#4A4E55' },
  gold: { light: '#FFF5C2', base: '#D8B04A', dark: '#7C5A12', ring: '#6A4A0C' },
} as const;
export type Metal = keyof typeof metals;

/** What a strand is made of; the drawing varies its pose with the seed. */
export interface StrandLook {
  material: BeadMaterial;
  beadCount: number;
  tassel: TasselColour;
  metal: Metal;
}

// ---------- geometry (abstract units; the scene is fitted to the canvas afterwards) ----------

interface Point {
  x: number;
  y: number;
}

interface BeadShape extends Point {
  r: number;
  kind: 'bead' | 'separator';
  tone: number;
  texture: number;
}

interface TasselStrand {
  from: Point;
  control: Point;
  to: Point;
  width: number;
  shade: number;
}

interface StrandGeometry {
  beads: BeadShape[];
  thread: Point[];
  radius: number;
  /** Size unit of the imam, separators' metal and tassel. */
  trim: number;
  imam: { start: Point; axis: Point; normal: Point; length: number; width: number };
  cap: Point;
  knot: Point;
  tassel: TasselStrand[];
  tasselDirection: Point;
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
}

type Pose = 'hanging' | 'lying' | 'ring';

const TEXTURE_VARIANTS = 3;
const SEPARATOR_SIZE = 0.72;
const MIN_TRIM = 0.065;

function separatorPositions(beadCount: number): Set<number> {
  // Two separators split the strand into three equal runs (11+11+11 on a 33-bead strand).
  const run = Math.round(beadCount / 3);
  return new Set([run, 2 * run]);
}

function buildStrand(
  look: StrandLook,
  pose: Pose,
  random: SeededRandom,
  tiltDegrees?: number,
): StrandGeometry {
  const tilt =
    tiltDegrees ?? (pose === 'hanging' ? random.between(-10, 10) : random.between(-40, 40));
  const rotation = (tilt * Math.PI) / 180;
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  const width = pose === 'ring' ? random.between(0.95, 1.05) : random.between(0.82, 1);
  const sharpness = random.between(0.7, 1.4);
  const wobble = [
    random.between(0, 0.05),
    random.between(0, 6.28),
    random.between(0, 0.04),
    random.between(0, 6.28),
  ] as const;

  const curve = (t: number): Point => {
    const radial =
      1 + wobble[0] * Math.sin(2 * t + wobble[1]) + wobble[2] * Math.sin(3 * t + wobble[3]);
    const pinch = pose === 'ring' ? 1 : Math.pow(Math.abs(Math.sin(t / 2)), sharpness);
    const x = width * Math.sin(t) * pinch * radial;
    const y = Math.cos(t) * radial;
    return { x: x * cos - y * sin, y: x * sin + y * cos };
  };

  const samples = 720;
  const points: Point[] = [];
  const lengths: number[] = [0];
  for (let i = 0; i <= samples; i += 1) {
    const point = curve((i / samples) * 2 * Math.PI);
    if (i > 0) {
      const previous = points[i - 1]!;
      lengths.push(lengths[i - 1]! + Math.hypot(point.x - previous.x, point.y - previous.y));
    }
    points.push(point);
  }
  const perimeter = lengths[samples]!;
  const pointAt = (distance: number): Point => {
    let low = 0;
    let high = samples;
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (lengths[middle]! < distance) low = middle;
      else high = middle;
    }
    const a = points[low]!;
    const b = points[high]!;
    const span = lengths[high]! - lengths[low]!;
    const f = span === 0 ? 0 : (distance - lengths[low]!) / span;
    return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f };
  };

  const separators = separatorPositions(look.beadCount);
  const sizes: number[] = [];
  for (let i = 0; i < look.beadCount; i += 1) {
    sizes.push(1);
    if (separators.has(i + 1) && i + 1 < look.beadCount) sizes.push(SEPARATOR_SIZE);
  }
  // Beads touch along the string, leaving a gap of about one bead either side of the imam.
  const gap = 0.95;
  let span = 2 * gap;
  for (let i = 1; i < sizes.length; i += 1) span += (sizes[i - 1]! + sizes[i]!) / 2;
  const diameter = perimeter / span;
  const radius = (diameter / 2) * 0.96;

  const beads: BeadShape[] = [];
  let distance = gap * diameter;
  for (let i = 0; i < sizes.length; i += 1) {
    if (i > 0) distance += ((sizes[i - 1]! + sizes[i]!) / 2) * diameter;
    const at = pointAt(distance);
    const separator = sizes[i]! < 1;
    beads.push({
      ...at,
      r: separator ? radius * SEPARATOR_SIZE : radius,
      kind: separator ? 'separator' : 'bead',
      tone: random.int(0, 9),
      texture: random.int(0, TEXTURE_VARIANTS - 1),
    });
  }

  const start = points[0]!;
  const centre = points.reduce(
    (sum, p) => ({ x: sum.x + p.x / points.length, y: sum.y + p.y / points.length }),
    { x: 0, y: 0 },
  );
  let axis = normalise({ x: start.x - centre.x, y: start.y - centre.y });
  if (pose === 'hanging') axis = normalise({ x: axis.x * 0.3, y: 1 });
  const normal = { x: -axis.y, y: axis.x };
  // The imam and tassel keep a minimum size, so a 99-bead strand of small beads still shows them.
  const trim = Math.max(radius, MIN_TRIM);
  const imamLength = trim * 3.6;
  const imamWidth = trim * 1.4;
  const imamStart = { x: start.x + axis.x * radius * 0.1, y: start.y + axis.y * radius * 0.1 };
  const cap = along(imamStart, axis, imamLength + trim * 0.25);
  const knot = along(imamStart, axis, imamLength + trim * 0.7);

  const gravity = pose === 'hanging' ? 1 : random.between(0, 0.35);
  const tasselDirection = normalise({ x: axis.x, y: axis.y + gravity });
  const tasselNormal = { x: -tasselDirection.y, y: tasselDirection.x };
  const tasselLength =
    (pose === 'hanging' ? 0.5 : Math.max(trim * 7, 0.55)) * random.between(0.9, 1.1);
  const spread = pose === 'hanging' ? 0.1 : random.between(0.18, 0.35);
  const tassel: TasselStrand[] = [];
  const strandCount = 70;
  for (let i = 0; i < strandCount; i += 1) {
    const side = (i / (strandCount - 1)) * 2 - 1;
    const angle = side * spread + random.between(-0.03, 0.03);
    const direction = rotate(tasselDirection, angle);
    const length = tasselLength * random.between(0.86, 1.02);
    const from = along(knot, tasselNormal, side * trim * 0.35);
    const to = along(from, direction, length);
    const bend = random.between(-0.06, 0.06) * length;
    const control = along(along(from, direction, length * 0.5), tasselNormal, bend);
    tassel.push({
      from,
      control,
      to,
      width: trim * random.between(0.05, 0.09),
      shade: random.int(0, 2),
    });
  }

  const bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const include = (p: Point, pad: number) => {
    bounds.minX = Math.min(bounds.minX, p.x - pad);
    bounds.minY = Math.min(bounds.minY, p.y - pad);
    bounds.maxX = Math.max(bounds.maxX, p.x + pad);
    bounds.maxY = Math.max(bounds.maxY, p.y + pad);
  };
  for (const bead of beads) include(bead, bead.r * 1.3);
  for (const strand of tassel) include(strand.to, radius * 0.3);
  include(knot, imamWidth);

  return {
    beads,
    thread: points,
    radius,
    trim,
    imam: { start: imamStart, axis, normal, length: imamLength, width: imamWidth },
    cap,
    knot,
    tassel,
    tasselDirection,
    bounds,
  };
}

function normalise(p: Point): Point {
  const length = Math.hypot(p.x, p.y) || 1;
  return { x: p.x / length, y: p.y / length };
}

function along(p: Point, direction: Point, distance: number): Point {
  return { x: p.x + direction.x * distance, y: p.y + direction.y * distance };
}

function rotate(p: Point, angle: number): Point {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return { x: p.x * c - p.y * s, y: p.x * s + p.y * c };
}

// ---------- SVG ----------

const n = (value: number): string => (Math.round(value * 10_000) / 10_000).toString();

function materialDefs(id: string, look: MaterialLook, random: SeededRandom): string {
  const parts: string[] = [];
  look.tones.forEach((tone, index) => {
    const edge = look.glow ? '0.82' : '0.9';
    parts.push(
      `<radialGradient id="${id}-t${index}" cx="0.5" cy="0.5" r="0.5" fx="0.36" fy="0.3">` +
        `<stop offset="0" stop-color="${tone.light}"/><stop offset="${look.glow ? '0.3' : '0.45'}" stop-color="${tone.base}"/>` +
        `<stop offset="${edge}" stop-color="${tone.dark}"/><stop offset="1" stop-color="${tone.dark}" stop-opacity="0.95"/></radialGradient>`,
    );
  });
  if (look.glow) {
    parts.push(
      `<radialGradient id="${id}-glow" cx="0.6" cy="0.68" r="0.42"><stop offset="0" stop-color="${look.glow}" stop-opacity="0.85"/>` +
        `<stop offset="1" stop-color="${look.glow}" stop-opacity="0"/></radialGradient>`,
    );
  }
  // Tiger's eye shimmers: a bright band across each bead, in a few directions.
  if (look.texture?.kind === 'chatoyance') {
    const colour = look.texture.colour;
    for (let v = 0; v < TEXTURE_VARIANTS; v += 1) {
      const angle = random.between(0, Math.PI);
      const dx = Math.cos(angle) / 2;
      const dy = Math.sin(angle) / 2;
      const middle = random.between(0.42, 0.58);
      parts.push(
        `<linearGradient id="${id}-x${v}" x1="${n(0.5 - dx)}" y1="${n(0.5 - dy)}" x2="${n(0.5 + dx)}" y2="${n(0.5 + dy)}">` +
          `<stop offset="0" stop-color="${colour}" stop-opacity="0"/><stop offset="${n(middle - 0.12)}" stop-color="${colour}" stop-opacity="0"/>` +
          `<stop offset="${n(middle)}" stop-color="${colour}" stop-opacity="1"/><stop offset="${n(middle + 0.12)}" stop-color="${colour}" stop-opacity="0"/>` +
          `<stop offset="1" stop-color="${colour}" stop-opacity="0"/></linearGradient>`,
      );
    }
  }
  return parts.join('');
}

/**
 * Texture marks of one bead as path data, computed to stay inside the bead: drawing them as
 * plain strokes is several times cheaper than an SVG pattern per bead.
 */
function textureMarks(
  bead: BeadShape,
  kind: Exclude<Texture, 'chatoyance'>,
  random: SeededRandom,
): { fine: string; bold: string } {
  const { x, y, r } = bead;
  let fine = '';
  let bold = '';
  const add = (d: string) => {
    if (random.next() < 0.3) bold += d;
    else fine += d;
  };
  if (kind === 'bands') {
    // Concentric bands around a centre outside the bead, as agate and malachite grow.
    const angle = random.between(0, 2 * Math.PI);
    const distance = r * random.between(1.1, 1.7);
    const cx = x + Math.cos(angle) * distance;
    const cy = y + Math.sin(angle) * distance;
    for (
      let radius = distance - r + r * random.between(0.1, 0.3);
      radius < distance + r;
      radius += r * random.between(0.14, 0.3)
    ) {
      const along = (radius * radius - r * r + distance * distance) / (2 * distance);
      const half = Math.sqrt(Math.max(0, radius * radius - along * along));
      const ux = (x - cx) / distance;
      const uy = (y - cy) / distance;
      const mx = cx + ux * along;
      const my = cy + uy * along;
      const ax = mx - uy * half;
      const ay = my + ux * half;
      const bx = mx + uy * half;
      const by = my - ux * half;
      const sweep = (ax - cx) * (by - cy) - (ay - cy) * (bx - cx) > 0 ? 1 : 0;
      add(`M${n(ax)} ${n(ay)}A${n(radius)} ${n(radius)} 0 0 ${sweep} ${n(bx)} ${n(by)}`);
    }
  } else if (kind === 'grain') {
    const angle = random.between(0, Math.PI);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const at = (u: number, v: number) => `${n(x + u * cos - v * sin)} ${n(y + u * sin + v * cos)}`;
    for (
      let u = -r * random.between(0.7, 0.85);
      u < r * 0.85;
      u += r * random.between(0.14, 0.26)
    ) {
      const half = Math.sqrt(r * r - u * u) * 0.92;
      const sway = r * random.between(-0.1, 0.1);
      add(`M${at(u, -half)}Q${at(u + sway, 0)} ${at(u, half)}`);
    }
  } else if (kind === 'veins') {
    // A fine web of matrix lines, as in natural turquoise.
    for (let line = 0; line < 4; line += 1) {
      let u = r * random.between(-0.5, 0.5);
      let v = r * random.between(-0.5, 0.5);
      let heading = random.between(0, 2 * Math.PI);
      let d = `M${n(x + u)} ${n(y + v)}`;
      for (let step = 0; step < 6; step += 1) {
        heading += random.between(-1.1, 1.1);
        const nu = u + Math.cos(heading) * r * 0.2;
        const nv = v + Math.sin(heading) * r * 0.2;
        if (Math.hypot(nu, nv) > r * 0.9) break;
        u = nu;
        v = nv;
        d += `L${n(x + u)} ${n(y + v)}`;
      }
      add(d);
    }
  } else {
    // Flecks: zero-length strokes with round caps are dots.
    for (let dot = 0; dot < 10; dot += 1) {
      const angle = random.between(0, 2 * Math.PI);
      const distance = r * Math.sqrt(random.next()) * 0.85;
      add(`M${n(x + Math.cos(angle) * distance)} ${n(y + Math.sin(angle) * distance)}h0`);
    }
  }
  return { fine, bold };
}

const textureStroke: Record<Exclude<Texture, 'chatoyance'>, { fine: number; bold: number }> = {
  bands: { fine: 0.025, bold: 0.07 },
  grain: { fine: 0.02, bold: 0.045 },
  veins: { fine: 0.025, bold: 0.045 },
  flecks: { fine: 0.06, bold: 0.1 },
};

function sharedDefs(): string {
  return Object.entries(metals)
    .map(
      ([name, metal]) =>
        `<radialGradient id="metal-${name}" cx="0.5" cy="0.5" r="0.5" fx="0.35" fy="0.3"><stop offset="0" stop-color="${metal.light}"/>` +
        `<stop offset="0.45" stop-color="${metal.base}"/><stop offset="1" stop-color="${metal.dark}"/></radialGradient>`,
    )
    .join('');
}

interface Frame {
  scale: number;
  x: number;
  y: number;
}

/** Scales and moves the scene so its bounds fill the box (centred, margins kept). */
function fitFrame(
  bounds: StrandGeometry['bounds'],
  box: { x: number; y: number; width: number; height: number },
): Frame {
  const scale = Math.min(
    box.width / (bounds.maxX - bounds.minX),
    box.height / (bounds.maxY - bounds.minY),
  );
  return {
    scale,
    x: box.x + box.width / 2 - ((bounds.minX + bounds.maxX) / 2) * scale,
    y: box.y + box.height / 2 - ((bounds.minY + bounds.maxY) / 2) * scale,
  };
}

function strandSvg(
  id: string,
  strand: StrandLook,
  geometry: StrandGeometry,
  frame: Frame,
  options: { shadow: boolean },
  random: SeededRandom,
): { defs: string; body: string } {
  const look: MaterialLook = materials[strand.material];
  const metal = metals[strand.metal];
  const shades = tasselColours[strand.tassel];
  const r = geometry.radius;
  const t = geometry.trim;
  const { imam } = geometry;

  const defs: string[] = [materialDefs(id, look, random)];
  const body: string[] = [
    `<g transform="matrix(${n(frame.scale)} 0 0 ${n(frame.scale)} ${n(frame.x)} ${n(frame.y)})">`,
  ];

  const imamOutline = (() => {
    const p = (along: number, across: number): Point => ({
      x: imam.start.x + imam.axis.x * along + imam.normal.x * across,
      y: imam.start.y + imam.axis.y * along + imam.normal.y * across,
    });
    const L = imam.length;
    const W = imam.width / 2;
    const a = p(0, -W * 0.7);
    const b = p(0, W * 0.7);
    const c1 = p(L * 0.25, W * 1.25);
    const c2 = p(L * 0.75, W * 0.9);
    const e1 = p(L, W * 0.35);
    const e2 = p(L, -W * 0.35);
    const c3 = p(L * 0.75, -W * 0.9);
    const c4 = p(L * 0.25, -W * 1.25);
    return `M${n(a.x)} ${n(a.y)} L${n(b.x)} ${n(b.y)} C${n(c1.x)} ${n(c1.y)} ${n(c2.x)} ${n(c2.y)} ${n(e1.x)} ${n(e1.y)} L${n(e2.x)} ${n(e2.y)} C${n(c3.x)} ${n(c3.y)} ${n(c4.x)} ${n(c4.y)} ${n(a.x)} ${n(a.y)}Z`;
  })();

  if (options.shadow) {
    // Soft shadows from radial gradients: a blur filter would cost more than the whole picture.
    const dx = r * 0.2;
    const dy = r * 0.3;
    defs.push(
      `<radialGradient id="${id}-shade"><stop offset="0.5" stop-color="#1a0f05" stop-opacity="0.34"/>` +
        `<stop offset="1" stop-color="#1a0f05" stop-opacity="0"/></radialGradient>`,
    );
    const shadows = geometry.beads.map(
      (bead) => `<circle cx="${n(bead.x + dx)}" cy="${n(bead.y + dy)}" r="${n(bead.r * 1.3)}"/>`,
    );
    const tasselShadow = geometry.tassel
      .filter((_, index) => index % 4 === 0)
      .map(
        (s) =>
          `<path d="M${n(s.from.x + dx)} ${n(s.from.y + dy)} Q${n(s.control.x + dx)} ${n(s.control.y + dy)} ${n(s.to.x + dx)} ${n(s.to.y + dy)}" stroke-width="${n(s.width * 3)}"/>`,
      );
    body.push(
      `<g fill="url(#${id}-shade)">${shadows.join('')}</g>` +
        `<path d="${imamOutline}" transform="translate(${n(dx)} ${n(dy)})" fill="#1a0f05" opacity="0.22"/>` +
        `<g fill="none" stroke="#1a0f05" stroke-opacity="0.1" stroke-linecap="round">${tasselShadow.join('')}</g>`,
    );
  }

  // The string shows between beads.
  body.push(
    `<polyline fill="none" stroke="${shades[2]}" stroke-width="${n(r * 0.16)}" points="${geometry.thread
      .filter((_, index) => index % 4 === 0)
      .map((p) => `${n(p.x)},${n(p.y)}`)
      .join(' ')}"/>`,
  );

  // Tassel under the imam.
  const tasselPaths = geometry.tassel.map(
    (s) =>
      `<path d="M${n(s.from.x)} ${n(s.from.y)} Q${n(s.control.x)} ${n(s.control.y)} ${n(s.to.x)} ${n(s.to.y)}" stroke="${shades[s.shade]}" stroke-width="${n(s.width)}"/>`,
  );
  body.push(`<g fill="none" stroke-linecap="round">${tasselPaths.join('')}</g>`);
  const band = along(geometry.knot, geometry.tasselDirection, t * 1.1);
  const bandNormal = { x: -geometry.tasselDirection.y, y: geometry.tasselDirection.x };
  const bandA = along(band, bandNormal, -t * 0.55);
  const bandB = along(band, bandNormal, t * 0.55);
  body.push(
    `<line x1="${n(bandA.x)}" y1="${n(bandA.y)}" x2="${n(bandB.x)}" y2="${n(bandB.y)}" stroke="${metal.base}" stroke-width="${n(t * 0.45)}" stroke-linecap="round"/>`,
    `<circle cx="${n(geometry.knot.x)}" cy="${n(geometry.knot.y)}" r="${n(t * 0.45)}" fill="url(#metal-${strand.metal})"/>`,
    `<circle cx="${n(geometry.cap.x)}" cy="${n(geometry.cap.y)}" r="${n(t * 0.42)}" fill="url(#metal-${strand.metal})" stroke="${metal.ring}" stroke-width="${n(t * 0.05)}"/>`,
  );

  // The imam: an elongated bead, shaded across its width.
  const imamTone = look.tones[0]!;
  const across0 = along(imam.start, imam.normal, -imam.width / 2);
  const across1 = along(imam.start, imam.normal, imam.width / 2);
  defs.push(
    `<linearGradient id="${id}-imam" gradientUnits="userSpaceOnUse" x1="${n(across0.x)}" y1="${n(across0.y)}" x2="${n(across1.x)}" y2="${n(across1.y)}">` +
      `<stop offset="0" stop-color="${imamTone.dark}"/><stop offset="0.3" stop-color="${imamTone.light}"/><stop offset="0.55" stop-color="${imamTone.base}"/>` +
      `<stop offset="1" stop-color="${imamTone.dark}"/></linearGradient>`,
  );
  body.push(`<path d="${imamOutline}" fill="url(#${id}-imam)"/>`);
  const shine0 = along(
    along(imam.start, imam.axis, imam.length * 0.18),
    imam.normal,
    -imam.width * 0.18,
  );
  const shine1 = along(
    along(imam.start, imam.axis, imam.length * 0.78),
    imam.normal,
    -imam.width * 0.12,
  );
  body.push(
    `<line x1="${n(shine0.x)}" y1="${n(shine0.y)}" x2="${n(shine1.x)}" y2="${n(shine1.y)}" stroke="#fff" stroke-opacity="${n(look.gloss * 0.55)}" stroke-width="${n(t * 0.16)}" stroke-linecap="round"/>`,
  );

  // Beads, in layers: bodies, texture, glow, highlights. Beads never overlap, so layering
  // across beads draws the same picture with fewer, larger elements.
  const bodies: string[] = [];
  const overlays: string[] = [];
  const highlights: string[] = [];
  let fine = '';
  let bold = '';
  const texture = look.texture;
  for (const bead of geometry.beads) {
    const circle = `cx="${n(bead.x)}" cy="${n(bead.y)}" r="${n(bead.r)}"`;
    if (bead.kind === 'separator') {
      bodies.push(
        `<circle ${circle} fill="url(#metal-${strand.metal})" stroke="${metal.ring}" stroke-width="${n(bead.r * 0.08)}"/>`,
      );
    } else {
      const clarity = look.clarity === undefined ? '' : ` fill-opacity="${look.clarity}"`;
      bodies.push(
        `<circle ${circle} fill="url(#${id}-t${bead.tone % look.tones.length})"${clarity}/>`,
      );
      if (texture?.kind === 'chatoyance') {
        overlays.push(
          `<circle ${circle} fill="url(#${id}-x${bead.texture})" opacity="${texture.opacity}"/>`,
        );
      } else if (texture) {
        const marks = textureMarks(bead, texture.kind, random);
        fine += marks.fine;
        bold += marks.bold;
      }
      if (look.glow) overlays.push(`<circle ${circle} fill="url(#${id}-glow)"/>`);
    }
    // Two flat ellipses make the highlight; a gradient per bead would double the drawing time.
    const gloss = bead.kind === 'separator' ? 1 : look.gloss;
    highlights.push(
      `<ellipse cx="${n(bead.x - bead.r * 0.36)}" cy="${n(bead.y - bead.r * 0.42)}" rx="${n(bead.r * 0.3)}" ry="${n(bead.r * 0.2)}" fill-opacity="${n(gloss * 0.3)}"/>` +
        `<ellipse cx="${n(bead.x - bead.r * 0.4)}" cy="${n(bead.y - bead.r * 0.46)}" rx="${n(bead.r * 0.15)}" ry="${n(bead.r * 0.1)}" fill-opacity="${n(gloss * 0.75)}"/>`,
    );
  }
  const beadParts = [bodies.join('')];
  if (texture && texture.kind !== 'chatoyance') {
    const widths = textureStroke[texture.kind];
    beadParts.push(
      `<g fill="none" stroke="${texture.colour}" stroke-opacity="${texture.opacity}" stroke-linecap="round" stroke-linejoin="round">` +
        `<path d="${fine}" stroke-width="${n(r * widths.fine)}"/><path d="${bold}" stroke-width="${n(r * widths.bold)}"/></g>`,
    );
  }
  beadParts.push(overlays.join(''), `<g fill="#fff">${highlights.join('')}</g>`);
  body.push(beadParts.join(''), '</g>');
  return { defs: defs.join(''), body: body.join('') };
}

const BACKDROP_SCALE = 8;

/** A soft backdrop drawn small and enlarged: gradients cost more to draw than to resize. */
function backdropSvg(name: Backdrop, width: number, height: number): string {
  const backdrop = backdrops[name];
  return smallGradientSvg(width, height, backdrop.from, backdrop.to, backdrop.dark);
}

function smallGradientSvg(
  width: number,
  height: number,
  from: string,
  to: string,
  dark: boolean,
): string {
  const w = Math.ceil(width / BACKDROP_SCALE);
  const h = Math.ceil(height / BACKDROP_SCALE);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none"><defs>` +
    `<linearGradient id="bg" x1="0.1" y1="0" x2="0.9" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="bg-light" cx="0.3" cy="0.25" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="${dark ? 0.16 : 0.5}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="bg-vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${dark ? 0.35 : 0.12}"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/><rect width="${width}" height="${height}" fill="url(#bg-light)"/>` +
    `<rect width="${width}" height="${height}" fill="url(#bg-vignette)"/></svg>`
  );
}

function dishSvg(
  dark: boolean,
  cx: number,
  cy: number,
  radius: number,
): { defs: string; body: string } {
  const [rim, centre, edge] = dark
    ? ['#E3C47A', '#B8913C', '#7C5C1C']
    : ['#FFFFFF', '#F1EEEA', '#CFC8BE'];
  return {
    defs:
      `<radialGradient id="dish" cx="0.5" cy="0.5" r="0.5" fx="0.45" fy="0.42"><stop offset="0" stop-color="${centre}"/><stop offset="0.82" stop-color="${centre}"/>` +
      `<stop offset="0.9" stop-color="${edge}"/><stop offset="0.95" stop-color="${rim}"/><stop offset="1" stop-color="${edge}"/></radialGradient>` +
      `<radialGradient id="dish-shade"><stop offset="0.88" stop-color="#000" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
    body:
      `<circle cx="${n(cx + radius * 0.03)}" cy="${n(cy + radius * 0.06)}" r="${n(radius * 1.08)}" fill="url(#dish-shade)"/>` +
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="url(#dish)"/>`,
  };
}

function svgDocument(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

function backdropFor(material: BeadMaterial, random: SeededRandom, avoid?: Backdrop): Backdrop {
  const choices = materials[material].backdrops.filter((name) => name !== avoid);
  return random.pick(choices.length > 0 ? choices : light);
}

// ---------- pictures ----------

/**
 * One picture to rasterise: artwork (transparent SVG) over an optional backdrop. Backdrops
 * with the same key are drawn once and reused.
 */
export interface Picture {
  width: number;
  height: number;
  /** `svg` is drawn small and enlarged; `overlay`, if any, is drawn over it at full size. */
  backdrop: { key: string; svg: string; overlay?: string } | null;
  art: string;
}

/** Edge of a square product or category picture, in pixels; storeImage makes the smaller widths. */
export const PHOTO_SIZE = 960;

function photoBackdrop(name: Backdrop): Picture['backdrop'] {
  return { key: `photo-${name}`, svg: backdropSvg(name, PHOTO_SIZE, PHOTO_SIZE) };
}

/**
 * Two or three product photos of one strand: hanging on a plain backdrop, a close-up of the
 * imam and tassel, and (for three) the strand coiled on a dish.
 */
export function productPictures(strand: StrandLook, seed: number, count: 2 | 3): Picture[] {
  const random = seededRandom(seed);
  const size = PHOTO_SIZE;
  const pictures: Picture[] = [];

  const firstBackdrop = backdropFor(strand.material, random);
  const hanging = buildStrand(strand, 'hanging', random);
  {
    const frame = fitFrame(hanging.bounds, {
      x: size * 0.1,
      y: size * 0.06,
      width: size * 0.8,
      height: size * 0.88,
    });
    const art = strandSvg('s', strand, hanging, frame, { shadow: true }, random);
    pictures.push({
      width: size,
      height: size,
      backdrop: photoBackdrop(firstBackdrop),
      art: svgDocument(size, size, sharedDefs() + art.defs, art.body),
    });
  }

  {
    const lying = buildStrand(strand, random.next() < 0.5 ? 'lying' : 'ring', random);
    const whole = fitFrame(lying.bounds, { x: 0, y: 0, width: size, height: size });
    const zoom = random.between(1.9, 2.5);
    const focus = random.next() < 0.6 ? lying.imam.start : random.pick(lying.beads);
    const scale = whole.scale * zoom;
    const frame = {
      scale,
      x: size * random.between(0.4, 0.6) - focus.x * scale,
      y: size * random.between(0.35, 0.5) - focus.y * scale,
    };
    const art = strandSvg('s', strand, lying, frame, { shadow: true }, random);
    pictures.push({
      width: size,
      height: size,
      backdrop: photoBackdrop(backdropFor(strand.material, random, firstBackdrop)),
      art: svgDocument(size, size, sharedDefs() + art.defs, art.body),
    });
  }

  if (count === 3) {
    const coiled = buildStrand(strand, 'ring', random);
    const name = random.pick(['linen', 'sand', 'mist', 'walnut', 'slate'] as const);
    const dish = dishSvg(backdrops[name].dark, size / 2, size / 2, size * 0.45);
    const frame = fitFrame(coiled.bounds, {
      x: size * 0.16,
      y: size * 0.16,
      width: size * 0.68,
      height: size * 0.68,
    });
    const art = strandSvg('s', strand, coiled, frame, { shadow: true }, random);
    pictures.push({
      width: size,
      height: size,
      // The dish never moves, so it belongs to the shared backdrop.
      backdrop: {
        key: `dish-${name}`,
        svg: backdropSvg(name, size, size),
        overlay: svgDocument(size, size, dish.defs, dish.body),
      },
      art: svgDocument(size, size, sharedDefs() + art.defs, art.body),
    });
  }
  return pictures;
}

/** A category picture: a few large beads and a separator, close up. */
export function categoryPicture(strand: StrandLook, seed: number): Picture {
  const random = seededRandom(seed);
  const size = PHOTO_SIZE;
  const ring = buildStrand(strand, 'ring', random);
  const whole = fitFrame(ring.bounds, { x: 0, y: 0, width: size, height: size });
  const separator = ring.beads.find((bead) => bead.kind === 'separator') ?? ring.beads[0]!;
  const scale = whole.scale * 2.6;
  const frame = { scale, x: size / 2 - separator.x * scale, y: size / 2 - separator.y * scale };
  const art = strandSvg('c', strand, ring, frame, { shadow: true }, random);
  return {
    width: size,
    height: size,
    backdrop: photoBackdrop(backdropFor(strand.material, random)),
    art: svgDocument(size, size, sharedDefs() + art.defs, art.body),
  };
}

export const BANNER_WIDTH = 1600;
export const BANNER_HEIGHT = 600;

const bannerPalettes = [
  { from: '#1F5C4A', to: '#0A2520', line: '#E9C46A' },
  { from: '#4A2E18', to: '#140A04', line: '#F0B449' },
  { from: '#22335A', to: '#0B1222', line: '#9FC4E8' },
  { from: '#5A1E22', to: '#1E0709', line: '#F2C6A0' },
] as const;

/**
 * A wide slider banner: a strand on the left over a quiet geometric pattern that fades out
 * towards the right. The slide's title is laid over it by the web app, so no text is drawn.
 */
export function bannerPicture(strand: StrandLook, seed: number, paletteIndex: number): Picture {
  const random = seededRandom(seed);
  const width = BANNER_WIDTH;
  const height = BANNER_HEIGHT;
  const palette = bannerPalettes[paletteIndex % bannerPalettes.length]!;
  const tile = 120;
  const stars: string[] = [];
  for (let column = 0; column * tile < width + tile; column += 1) {
    const opacity = 0.04 + 0.16 * (column / (width / tile));
    const shapes: string[] = [];
    for (let row = 0; row * tile < height + tile; row += 1) {
      const cx = column * tile + tile / 2;
      const cy = row * tile + tile / 2;
      const r = tile * 0.22;
      shapes.push(
        `<rect x="${n(cx - r)}" y="${n(cy - r)}" width="${n(2 * r)}" height="${n(2 * r)}"/>` +
          `<rect x="${n(cx - r)}" y="${n(cy - r)}" width="${n(2 * r)}" height="${n(2 * r)}" transform="rotate(45 ${n(cx)} ${n(cy)})"/>` +
          `<circle cx="${column * tile}" cy="${row * tile}" r="${n(tile * 0.12)}"/>`,
      );
    }
    stars.push(`<g stroke-opacity="${n(opacity)}">${shapes.join('')}</g>`);
  }
  const geometry = buildStrand(strand, 'hanging', random);
  const frame = fitFrame(geometry.bounds, {
    x: width * 0.06,
    y: height * 0.06,
    width: width * 0.34,
    height: height * 0.88,
  });
  const art = strandSvg('b', strand, geometry, frame, { shadow: true }, random);
  return {
    width,
    height,
    backdrop: {
      key: `banner-${paletteIndex}`,
      svg: smallGradientSvg(width, height, palette.from, palette.to, true),
    },
    art: svgDocument(
      width,
      height,
      sharedDefs() + art.defs,
      `<g fill="none" stroke="${palette.line}" stroke-width="1.5">${stars.join('')}</g>` + art.body,
    ),
  };
}

export const LOGO_SIZE = 512;

/** The store's mark: a ring of golden beads with an imam and tassel on a green disc. */
export function logoPicture(): Picture {
  const size = LOGO_SIZE;
  const random = seededRandom(7);
  const strand: StrandLook = { material: 'gold', beadCount: 14, tassel: 'gold', metal: 'gold' };
  const ring = buildStrand(strand, 'ring', random, 0);
  // Centre the ring of beads itself, not the ring with its tassel.
  const beadBounds = {
    minX: Math.min(...ring.beads.map((bead) => bead.x - bead.r)),
    maxX: Math.max(...ring.beads.map((bead) => bead.x + bead.r)),
    minY: Math.min(...ring.beads.map((bead) => bead.y - bead.r)),
    maxY: Math.max(...ring.beads.map((bead) => bead.y + bead.r)),
  };
  const frame = fitFrame(beadBounds, {
    x: size * 0.3,
    y: size * 0.13,
    width: size * 0.4,
    height: size * 0.4,
  });
  const art = strandSvg('l', strand, ring, frame, { shadow: false }, random);
  const c = size / 2;
  const body =
    `<circle cx="${c}" cy="${c}" r="${c - 6}" fill="#0F4C3A" stroke="#D6AE3E" stroke-width="10"/>` +
    `<circle cx="${c}" cy="${c}" r="${c - 24}" fill="none" stroke="#D6AE3E" stroke-width="2" stroke-opacity="0.6"/>` +
    art.body;
  return {
    width: size,
    height: size,
    backdrop: null,
    art: svgDocument(size, size, sharedDefs() + art.defs, body),
  };
}

/** Rasterises pictures into bitmaps for the media pipeline, drawing each backdrop once. */
export function createPictureRenderer() {
  const backdropCache = new Map<string, Promise<Bitmap>>();

  const backdropBitmap = (
    picture: Picture,
    backdrop: NonNullable<Picture['backdrop']>,
  ): Promise<Bitmap> => {
    const key = `${backdrop.key}-${picture.width}x${picture.height}`;
    let bitmap = backdropCache.get(key);
    if (!bitmap) {
      const overlay = backdrop.overlay;
      bitmap = toBitmap(
        sharp(Buffer.from(backdrop.svg)).resize(picture.width, picture.height, {
          kernel: 'linear',
          fit: 'fill',
        }),
      ).then((enlarged) => {
        const pipeline = sharp(enlarged.data, { raw: enlarged.info });
        if (overlay) pipeline.composite([{ input: Buffer.from(overlay) }]);
        return toBitmap(pipeline.removeAlpha());
      });
      backdropCache.set(key, bitmap);
    }
    return bitmap;
  };

  return {
    async render(picture: Picture): Promise<Bitmap> {
      const art = Buffer.from(picture.art);
      if (!picture.backdrop) return toBitmap(sharp(art));
      const backdrop = await backdropBitmap(picture, picture.backdrop);
      return toBitmap(sharp(backdrop.data, { raw: backdrop.info }).composite([{ input: art }]));
    },
  };
}
