// What Figma puts into a plugin's iframe when showUI has themeColors: true: a figma-light or figma-dark class
// on <html> and a <style id="figma-style"> with its colour variables. These are the variables the UI uses,
// with Figma's UI3 values for each theme, so the UI can be rendered and judged outside Figma.
export type Theme = 'light' | 'dark';

const TOKENS: Record<string, [light: string, dark: string]> = {
  'bg': ['#ffffff', '#2c2c2c'],
  'bg-secondary': ['#f5f5f5', '#383838'],
  'bg-tertiary': ['#e6e6e6', '#444444'],
  'bg-hover': ['#f5f5f5', '#383838'],
  'bg-disabled': ['#d9d9d9', '#757575'],
  'bg-brand': ['#0d99ff', '#0c8ce9'],
  'bg-brand-hover': ['#007be5', '#0a6dc2'],
  'bg-brand-tertiary': ['#e5f4ff', '#394360'],
  'bg-danger': ['#f24822', '#e03e1a'],
  'bg-danger-tertiary': ['#ffe2e0', '#4d2c28'],
  'bg-success-tertiary': ['#cff7d3', '#2c4434'],
  'bg-warning-tertiary': ['#fff1c2', '#4d3e24'],
  'bg-inverse': ['#2c2c2c', '#ffffff'],
  'text': ['#1e1e1e', '#ffffff'],
  'text-secondary': ['#757575', '#b3b3b3'],
  'text-tertiary': ['#b3b3b3', '#7a7a7a'],
  'text-disabled': ['#b3b3b3', '#b3b3b3'],
  'text-onbrand': ['#ffffff', '#ffffff'],
  'text-brand': ['#007be5', '#7cc4f8'],
  'text-danger': ['#dc3412', '#fca397'],
  'text-ondanger': ['#ffffff', '#ffffff'],
  'text-success': ['#008043', '#79d297'],
  'text-warning': ['#b86200', '#f7d15f'],
  'text-oninverse': ['#ffffff', '#1e1e1e'],
  'border': ['#e6e6e6', '#444444'],
  'border-selected': ['#0d99ff', '#0c8ce9'],
};

export function themeCss(theme: Theme): string {
  const i = theme === 'light' ? 0 : 1;
  return `:root{${Object.entries(TOKENS).map(([k, v]) => `--figma-color-${k}:${v[i]};`).join('')}}`;
}

export const TOKEN_NAMES = Object.keys(TOKENS).map((k) => `--figma-color-${k}`);
