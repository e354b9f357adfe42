// Library modules the pages never run, swapped for smaller ones at build time (README "Measuring").
import path from 'node:path';
import { rspack } from '@rspack/core';

const here = path.join(import.meta.dirname, 'slim');

/** [the import as written, the folder of the file that writes it, what the build takes instead] */
const SWAPS = [
  // The button's and tag's styles take one function of the colour picker's presets panel (and Collapse with it).
  [
    /^\.\.\/\.\.\/color-picker\/components\/ColorPresets$/,
    /[\\/]antd[\\/]es[\\/](button|tag)[\\/]style$/,
    'antd-is-bright.mjs',
  ],
  [/^\.\/fetch\.js$/, /[\\/]axios[\\/]lib[\\/]adapters$/, 'axios-no-fetch.mjs'],
];

/** The plugin that makes the swaps of `SWAPS`. */
export function slimModulesPlugin() {
  return new rspack.NormalModuleReplacementPlugin(/./, (resource) => {
    for (const [request, folder, file] of SWAPS) {
      if (request.test(resource.request) && folder.test(resource.context ?? '')) {
        resource.request = path.join(here, file);
        return;
      }
    }
  });
}
