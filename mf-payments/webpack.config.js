// @ts-check
const { koma } = require('@koma/webpack')

module.exports = koma({
  dir: __dirname,
  name: 'mf_payments',
  kind: 'remote',
  exposes: {
    './routes': './src/routes.ts',
    './dialogs': './src/dialogs.tsx',
  },
})
