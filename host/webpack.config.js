// @ts-check
const { koma } = require('@koma/webpack')

module.exports = koma({ dir: __dirname, name: 'koma_host', kind: 'host' })
