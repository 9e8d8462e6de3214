// @ts-check
const { koma } = require('@koma/webpack')

module.exports = koma({
  dir: __dirname,
  name: 'mf_ops',
  kind: 'remote',
  exposes: {
    './routes': './src/routes.ts',
  },
})
