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

/**
 * In an own bundle's layer only (own-bundle.mjs: the embedded view): antd parts its first screen never renders,
 * fetched when they first render (`lazy-part.mjs`), so they leave its first load.
 */
const OWN_BUNDLE_SWAPS = [
  [/^\.\.\/tabs$/, /[\\/]antd[\\/]es[\\/]card$/, 'antd-card-tabs.mjs'],
  [/^\.\.\/Editable$/, /[\\/]antd[\\/]es[\\/]typography[\\/]Base$/, 'antd-typography-editable.mjs'],
  [/^\.\/FilterDropdown$/, /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter$/, 'antd-table-filter.mjs'],
  [/^\.\.\/dropdown\/dropdown$/, /[\\/]antd[\\/]es[\\/]breadcrumb$/, 'antd-dropdown.mjs'],
  [/^\.\.\/\.\.\/dropdown$/, /[\\/]antd[\\/]es[\\/]table[\\/]hooks$/, 'antd-dropdown.mjs'],
  [/^\.\.\/\.\.\/radio$/, /[\\/]antd[\\/]es[\\/]table[\\/]hooks$/, 'antd-radio.mjs'],
];

/** The plugin that makes the swaps of `SWAPS`, and of `OWN_BUNDLE_SWAPS` in the `ownLayer` layer. */
export function slimModulesPlugin(ownLayer = 'own-bundle') {
  return new rspack.NormalModuleReplacementPlugin(/./, (resource) => {
    const swaps = resource.contextInfo?.issuerLayer === ownLayer ? [...SWAPS, ...OWN_BUNDLE_SWAPS] : SWAPS;
    for (const [request, folder, file] of swaps) {
      if (request.test(resource.request) && folder.test(resource.context ?? '')) {
        resource.request = path.join(here, file);
        return;
      }
    }
  });
}
