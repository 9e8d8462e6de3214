// @ts-check
const { koma } = require('@koma/webpack')

// serverEntry: the first page drawn by the edge (issue 13; infra/webpack serverConfig).
module.exports = koma({ dir: __dirname, name: 'koma_host', kind: 'host', serverEntry: './src/server/render.tsx' })
