import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import type { PluginOption } from 'vite';

/** apps/web/lingui.config.ts, found the same way whether Vite runs in apps/web (build) or at the root (vitest). */
export const LINGUI_CONFIG_PATH = fileURLToPath(new URL('../lingui.config.ts', import.meta.url));

/** Files that use Lingui's macros (`<Trans>`, `useLingui`, `t`, `msg`, `plural`): the only ones Babel reads. */
export const USES_MACROS = /from ['"]@lingui\/(core|react)\/macro['"]/;

/**
 * The Lingui macros as Babel options, for the Vite build, vitest and the landing pages' renderer alike.
 * `stripMessageField: false` keeps the English source text beside each id in production too: a message whose
 * catalogue is not loaded (a component shown outside its own area) reads in English instead of as a hash.
 */
export function linguiMacroBabelOptions() {
  return { plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig: getConfig({ configPath: LINGUI_CONFIG_PATH }), stripMessageField: false }]] };
}

/**
 * Lingui for Vite 8: the macros through Babel (@vitejs/plugin-react 6 has no Babel of its own; Lingui's documented
 * way is @rolldown/plugin-babel before the React plugin), and `.po` catalogues compiled when imported
 * (src/i18n/catalogues.ts imports them lazily, one language at a time).
 */
export function linguiPlugins(): PluginOption[] {
  const macros = defineRolldownBabelPreset({
    preset: () => linguiMacroBabelOptions(),
    rolldown: { filter: { id: /[\\/]src[\\/].*\.tsx?$/, code: USES_MACROS } },
  });
  return [babel({ presets: [macros] }), lingui({ configPath: LINGUI_CONFIG_PATH })];
}
