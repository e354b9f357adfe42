// Another suite module's page, for the embedding e2e: its own build, React copy and router, nothing of
// Keuangan's host or shared package. It is a Module Federation consumer that provides the federation
// runtime core to the page (`provideExternalRuntime`), which production Keuangan remotes expect.
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';

export default {
  mode: 'production',
  context: import.meta.dirname,
  entry: { main: './src/index.ts' },
  devtool: false,
  output: {
    path: path.join(import.meta.dirname, 'dist'),
    publicPath: '/',
    uniqueName: 'akademik',
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[name].[contenthash:8].js',
    clean: true,
  },
  resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
          },
        },
        type: 'javascript/auto',
      },
    ],
  },
  plugins: [
    new rspack.HtmlRspackPlugin({ title: 'Akademik' }),
    new ModuleFederationPlugin({
      name: 'akademik',
      // The billing manifest is registered at run time. The page shares its React: the view uses it instead of
      // loading its own (remote-billing README, "Embedding").
      remotes: {},
      shared: {
        react: { singleton: true, requiredVersion: '^19.0.0' },
        'react/jsx-runtime': { singleton: true, requiredVersion: '^19.0.0' },
        'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
        'react-dom/client': { singleton: true, requiredVersion: '^19.0.0' },
      },
      dts: false,
      experiments: { optimization: { target: 'web' }, provideExternalRuntime: true },
    }),
  ],
  performance: { hints: false },
};
