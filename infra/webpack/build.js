#!/usr/bin/env node
// @ts-check
// Build one front-end package with webpack's Node API: `node ../infra/webpack/build.js` in the
// package folder (what `npm run build -w <pkg>` does). A package with a server build (issue 13)
// gets both, side by side. Prints a one-line summary with the time.
const fs = require('node:fs')
const path = require('node:path')
const webpack = require('webpack')

const mode = process.argv.includes('--development') ? 'development' : 'production'
const dir = process.cwd()
const factory = require(path.join(dir, 'webpack.config.js'))
const built = typeof factory === 'function' ? factory({}, { mode }) : factory
/** @type {import('webpack').Configuration[]} */
const configs = Array.isArray(built) ? built : [built]
const started = Date.now()

/** Kilobytes of JavaScript directly in a folder. */
const jsBytes = (/** @type {string | undefined} */ out) =>
  out && fs.existsSync(out)
    ? fs
        .readdirSync(out)
        .filter((file) => file.endsWith('.js'))
        .reduce((sum, file) => sum + fs.statSync(path.join(out, file)).size, 0)
    : 0

webpack(configs, (error, multi) => {
  if (error) {
    console.error(error)
    process.exit(1)
  }
  if (!multi) process.exit(1)
  let failed = false
  for (const stats of multi.stats) {
    const info = stats.toJson({ all: false, errors: true, warnings: true })
    for (const warning of info.warnings ?? []) console.warn(`warning: ${warning.message}`)
    if (stats.hasErrors()) {
      failed = true
      for (const problem of info.errors ?? []) console.error(problem.message)
    }
  }
  if (failed) process.exit(1)
  const sizes = configs
    .filter((config) => config.name !== 'page-entries')
    .map((config) => `${(jsBytes(config.output?.path) / 1024).toFixed(0)} kB of JavaScript${config.name === 'server' ? ' for the server' : ''}`)
  console.log(`${path.basename(dir)}: built in ${((Date.now() - started) / 1000).toFixed(1)} s (${sizes.join(', ')})`)
})
