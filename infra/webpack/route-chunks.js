// @ts-check
// Emits `route-chunks.json` next to a remote's remoteEntry.js: for each route id of the remote's
// `src/routes.ts`, the chunk files its screen needs. The edge reads it from the live version to
// preload the first page's screen with the HTML (the chunk names are content-hashed, so only the
// build knows them). Named on-demand chunks are listed too, as `chunk:<name>`.
const fs = require('node:fs')
const path = require('node:path')
const webpack = require('webpack')

const FILE = 'route-chunks.json'
/** `'catalog.home': () => import('./home/HomePage')`: the route map's convention (docs/conventions.md). */
const ENTRY = /'([\w.-]+)'\s*:\s*\(\)\s*=>\s*import\(\s*(?:\/\*[^]*?\*\/\s*)?'([^']+)'\s*\)/g

class RouteChunksPlugin {
  /** @param {string} routesFile absolute path of the remote's src/routes.ts */
  constructor(routesFile) {
    this.routesFile = routesFile
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RouteChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RouteChunksPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        // The host has no route map of its own: its file lists only its messages.
        const requests = new Map()
        const source = fs.existsSync(this.routesFile) ? fs.readFileSync(this.routesFile, 'utf8') : ''
        for (const match of source.matchAll(ENTRY)) requests.set(match[2], [...(requests.get(match[2]) ?? []), match[1]])
        /** @type {Record<string, string[]>} */
        const routes = {}
        for (const group of compilation.chunkGroups) {
          // A named on-demand chunk (`webpackChunkName`) as `chunk:<name>`: what a screen loads only
          // for some pages (the novel reader's for an EPUB chapter), for the edge to preload there.
          if (group.name && group.origins.some((origin) => origin.request))
            routes[`chunk:${group.name}`] = [...new Set(group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js'))))]
          for (const origin of group.origins) {
            const resource = origin.module && /** @type {{ resource?: string }} */ (origin.module).resource
            if (!resource || !origin.request) continue
            // A locale's messages file (`import('./en.json')` in the remote's Intl provider, src/i18n) counts as
            // `messages:en`; an on-demand set's (a feature's own provider elsewhere, i18n-packages.cjs MESSAGE_SETS) loads with its feature.
            const locale = /[\\/]src[\\/]i18n[\\/][^\\/]+$/.test(resource) ? /^\.\/(en|ja|fr)\.json$/.exec(origin.request) : null
            const ids = locale ? [`messages:${locale[1]}`] : path.resolve(resource) === this.routesFile ? (requests.get(origin.request) ?? []) : []
            const files = group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')))
            for (const id of ids) routes[id] = [...new Set([...(routes[id] ?? []), ...files])]
          }
        }
        compilation.emitAsset(FILE, new webpack.sources.RawSource(JSON.stringify(routes)))
      })
    })
  }
}

module.exports = { RouteChunksPlugin, ROUTE_CHUNKS_FILE: FILE }
