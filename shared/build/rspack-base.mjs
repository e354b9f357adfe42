// The plain rspack part of every app's build: TypeScript through swc, the page, the static files, the
// precompressed copies and the dev server. index.mjs adds Module Federation to it.
import path from 'node:path';
import { rspack } from '@rspack/core';
import { SHARED_DIR, WORKSPACE_DIR } from './paths.mjs';
import { PrecompressPlugin } from './precompress.mjs';
import { slimModulesPlugin } from './slim.mjs';

/**
 * @param {object} options `federatedAppConfig`'s (index.mjs), and its `isRemote`, `production` and `buildInfo`
 *   (build-info.mjs, compiled in as __KEUANGAN_BUILD_INFO__)
 */
export function rspackBase({ name, appDir, port, entry, outputDir, title, isRemote, production, buildInfo }) {
  return {
    mode: production ? 'production' : 'development',
    context: appDir,
    entry: { main: entry },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: outputDir,
      // Remotes are served from their own origin: 'auto' loads their chunks from wherever their
      // remoteEntry came from. The host's page is opened at any depth (/employee/edit/5), so its
      // scripts must come from the root, not relative to the URL.
      publicPath: isRemote ? 'auto' : '/',
      uniqueName: `keuangan_${name}`,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      // The tree-shaken shares' full fallback copies are compiled into independent-packages/ first: keep them.
      clean: { keep: /independent-packages/ },
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          // The workspace's shared package ships TypeScript source; compile it like the app's own, and the
          // remotes' screen declarations the host reads (docs/decisions.md, "Screens declared once").
          include: [appDir, path.join(SHARED_DIR, 'src'), /remote-[a-z]+[\\/]src[\\/]areas\.ts$/],
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
            env: { targets: 'chrome >= 111, firefox >= 111, safari >= 16.4, edge >= 111' },
          },
          type: 'javascript/auto',
        },
        // antd's rc-component packages declare no `sideEffects`, so one import of their index (antd's form
        // context takes only FormProvider) brought the whole package, rc-form with its validators, to the
        // dashboard. Their ES modules have none: unused re-exports are left out (README "Measuring").
        { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|svg)$/, type: 'asset' },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ __KEUANGAN_BUILD_INFO__: JSON.stringify(buildInfo) }),
      slimModulesPlugin(),
      production && new PrecompressPlugin(),
      new rspack.HtmlRspackPlugin({
        template: path.join(SHARED_DIR, 'build', 'index.ejs'),
        title,
        // The host's page must not wait for anything but its own entry.
        chunks: ['main'],
      }),
      new rspack.CopyRspackPlugin({
        patterns: [
          { from: path.join(appDir, 'public'), noErrorOnMissing: true },
          // A remote run on its own (development) reads the same config file as the host.
          ...(isRemote
            ? [{ from: path.join(WORKSPACE_DIR, 'host/public/assets/config.json'), to: 'assets/config.json' }]
            : []),
        ],
      }),
    ].filter(Boolean),
    optimization: { splitChunks: { chunks: 'async' } },
    performance: { hints: false },
    devServer: {
      port,
      host: '127.0.0.1',
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      hot: false,
    },
  };
}
