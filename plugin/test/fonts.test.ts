// The nearest font the user has: the same family at the nearest weight, else the same class of family.
import { describe, expect, it } from 'vitest';
import { familyClass, nearestFonts, styleWeight } from '../src/fonts';

const f = (family: string, style: string) => ({ family, style });

describe('nearest available font', () => {
  it('reads weights and classes from names', () => {
    expect(['Thin', 'Extra Light', 'Light', 'Regular', 'Medium', 'SemiBold', 'Bold', 'ExtraBold', 'Black Italic'].map(styleWeight)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900]);
    expect(['JetBrains Mono', 'Merriweather', 'Source Sans Pro', 'PT Serif', 'Inter'].map(familyClass)).toEqual(['mono', 'serif', 'sans', 'serif', 'sans']);
  });

  it('prefers the same family by weight, then a family of the same class by weight, Inter first among equals', () => {
    const have = [f('Roboto', 'Regular'), f('Roboto', 'Bold'), f('Inter', 'Semi Bold'), f('Lato', 'Semi Bold'), f('Lora', 'Bold'), f('Fira Code', 'Medium')];
    expect(nearestFonts(f('Roboto', 'Semi Bold'), have)[0]).toEqual(f('Roboto', 'Bold'));
    expect(nearestFonts(f('Nunito', 'Semi Bold'), have).slice(0, 2)).toEqual([f('Inter', 'Semi Bold'), f('Lato', 'Semi Bold')]);
    expect(nearestFonts(f('Merriweather', 'Black'), have)[0]).toEqual(f('Lora', 'Bold'));
    expect(nearestFonts(f('JetBrains Mono', 'Regular'), have)[0]).toEqual(f('Fira Code', 'Medium'));
    // Weight before slant: an upright face of the same weight beats an italic one a step lighter.
    expect(nearestFonts(f('Roboto', 'Italic'), [f('Roboto', 'Bold'), f('Roboto', 'Regular'), f('Roboto', 'Light Italic')]).slice(0, 2)).toEqual([f('Roboto', 'Regular'), f('Roboto', 'Light Italic')]);
  });
});
