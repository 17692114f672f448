// The plugin's main thread: wires Figma's real APIs into the controller. Nothing here is tested outside Figma,
// so it stays this small.
import { Controller } from './controller';
import type { FromUi, ToUi } from './messages';
import type { FigmaPort } from './port';

declare const __API_URL__: string;

// The real Plugin API must satisfy the port the builder and its tests are written against.
const port: FigmaPort = figma;

figma.showUI(__html__, { width: 400, height: 640, themeColors: true, title: 'wf2des' });

const controller = new Controller({
  apiUrl: __API_URL__,
  fetch: (url, init) => fetch(url, init),
  figma: port,
  storage: figma.clientStorage,
  shared: {
    get: (key) => figma.root.getSharedPluginData('wf2des', key),
    set: (key, value) => figma.root.setSharedPluginData('wf2des', key, value),
  },
  post: (msg: ToUi) => figma.ui.postMessage(msg),
  openExternal: (url) => figma.openExternal(url),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
});

figma.on('selectionchange', () => controller.selectionChanged());
figma.on('currentpagechange', () => controller.selectionChanged());

figma.ui.onmessage = (msg: FromUi) => {
  controller.handle(msg).catch((e: unknown) => {
    figma.ui.postMessage({ type: 'notice', level: 'error', message: e instanceof Error ? e.message : String(e) } satisfies ToUi);
  });
};
