// Fonts the user may not have. Every font is loaded once; a font that does not load is replaced by the nearest
// one the user has (listAvailableFontsAsync, asked once): the same family at the nearest weight, else a family
// of the same class (serif, sans, mono) at the nearest weight, Inter first among equals. Each replacement is
// reported once.
import { fontKey, type Font } from './plan';
import type { FigmaPort } from './port';
import type { MissingFont } from './report';

export const FALLBACK_FAMILY = 'Inter';

const WEIGHTS: [RegExp, number][] = [
  [/thin|hairline/i, 100],
  [/extra ?light|ultra ?light/i, 200],
  [/semi ?bold|demi ?bold/i, 600],
  [/extra ?bold|ultra ?bold/i, 800],
  [/black|heavy/i, 900],
  [/light/i, 300],
  [/medium/i, 500],
  [/bold/i, 700],
];

/** The CSS weight a style name stands for (400 when it names none). */
export function styleWeight(style: string): number {
  for (const [re, w] of WEIGHTS) if (re.test(style)) return w;
  return 400;
}

function italic(style: string): boolean {
  return /italic|oblique/i.test(style);
}

export type FamilyClass = 'mono' | 'serif' | 'sans';

/** A family's class from its name: good enough to keep a code font monospaced and a serif a serif. */
export function familyClass(family: string): FamilyClass {
  if (/mono|code|courier|consol|menlo/i.test(family)) return 'mono';
  if (/sans/i.test(family)) return 'sans';
  if (/serif|slab|times|georgia|garamond|merriweather|playfair|lora|baskerville|caslon|bodoni|didot|minion/i.test(family)) return 'serif';
  return 'sans';
}

/** Available fonts ordered from the nearest to `wanted` to the farthest (wanted itself excluded). */
export function nearestFonts(wanted: Font, available: readonly Font[]): Font[] {
  const weight = styleWeight(wanted.style);
  const slant = italic(wanted.style);
  const cls = familyClass(wanted.family);
  const rank = (f: Font): number[] => [
    f.family === wanted.family ? 0 : familyClass(f.family) === cls ? 1 : 2,
    Math.abs(styleWeight(f.style) - weight),
    italic(f.style) === slant ? 0 : 1,
    f.family === FALLBACK_FAMILY ? 0 : 1,
  ];
  const key = fontKey(wanted);
  return available
    .filter((f) => fontKey(f) !== key)
    .map((f) => ({ f, r: rank(f) }))
    .sort((a, b) => {
      for (let i = 0; i < a.r.length; i++) if (a.r[i] !== b.r[i]) return (a.r[i] ?? 0) - (b.r[i] ?? 0);
      return a.f.family < b.f.family ? -1 : a.f.family > b.f.family ? 1 : 0;
    })
    .map((x) => x.f);
}

export class NoFontError extends Error {
  override name = 'NoFontError';
}

/** How many of the nearest candidates are tried before giving up on a font. */
const TRIES = 6;

export class Fonts {
  private readonly exact = new Map<string, Promise<boolean>>();
  private readonly usable = new Map<string, Promise<Font>>();
  private available: Promise<Font[]> | null = null;
  readonly missing: MissingFont[] = [];

  constructor(private readonly figma: Pick<FigmaPort, 'loadFontAsync' | 'listAvailableFontsAsync'>) {}

  /** Loads exactly this font once; false when the user does not have it. */
  tryLoad(font: Font): Promise<boolean> {
    const key = fontKey(font);
    let p = this.exact.get(key);
    if (!p) {
      p = this.figma.loadFontAsync({ family: font.family, style: font.style }).then(
        () => true,
        () => false,
      );
      this.exact.set(key, p);
    }
    return p;
  }

  private list(): Promise<Font[]> {
    this.available ??= this.figma.listAvailableFontsAsync().then(
      (fonts) => fonts.map((f) => ({ family: f.fontName.family, style: f.fontName.style })),
      () => [],
    );
    return this.available;
  }

  /** The font itself when it loads, else the nearest one that does (reported once); throws when none does. */
  load(font: Font): Promise<Font> {
    const key = fontKey(font);
    let p = this.usable.get(key);
    if (!p) {
      p = (async () => {
        if (await this.tryLoad(font)) return font;
        const candidates = nearestFonts(font, await this.list());
        const fallbacks = [...candidates.slice(0, TRIES), { family: FALLBACK_FAMILY, style: 'Regular' }];
        for (const c of fallbacks) {
          if (await this.tryLoad(c)) {
            this.missing.push({ family: font.family, style: font.style, font: `${font.family} ${font.style}`, fallback: `${c.family} ${c.style}` });
            return c;
          }
        }
        throw new NoFontError(`no font could replace ${font.family} ${font.style}`);
      })();
      this.usable.set(key, p);
    }
    return p;
  }
}
