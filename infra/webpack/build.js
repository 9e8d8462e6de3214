#!/usr/bin/env node
// @ts-check
// Build one front-end package with webpack's Node API: `node ../infra/webpack/build.js` in the
// package folder (what `npm run build -w <pkg>` does). Prints a one-line summary with the time.
const fs = require('node:fs')
const path = require('node:path')
const webpack = require('webpack')

const mode = process.argv.includes('--development') ? 'development' : 'production'
const dir = process.cwd()
const factory = require(path.join(dir, 'webpack.config.js'))
const config = typeof factory === 'function' ? factory({}, { mode }) : factory
const started = Date.now()

webpack(config, (error, stats) => {
  if (error) {
    console.error(error)
    process.exit(1)
  }
  if (!stats) process.exit(1)
  const info = stats.toJson({ all: false, errors: true, warnings: true })
  for (const warning of info.warnings ?? []) console.warn(`warning: ${warning.message}`)
  if (stats.hasErrors()) {
    for (const problem of info.errors ?? []) console.error(problem.message)
    process.exit(1)
  }
  const out = config.output.path
  const bytes = fs
    .readdirSync(out)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + fs.statSync(path.join(out, file)).size, 0)
  console.log(`${path.basename(dir)}: built in ${((Date.now() - started) / 1000).toFixed(1)} s (${(bytes / 1024).toFixed(0)} kB of JavaScript)`)
})
