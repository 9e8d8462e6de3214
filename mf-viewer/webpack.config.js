// @ts-check
const { koma } = require('@koma/webpack')

module.exports = koma({
  dir: __dirname,
  name: 'mf_viewer',
  kind: 'remote',
  // What the edge draws first pages with (issue 13; infra/webpack serverConfig): the screens by route id.
  serverEntry: './src/routes.ts',
  exposes: {
    './routes': './src/routes.ts',
    './dialogs': './src/dialogs.tsx',
  },
})
