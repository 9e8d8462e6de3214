// @ts-check
// The host's page names, as preloads, every script its first render needs beyond main.js: the
// chunks of the shared packages its first render consumes that are not in main.js. Without them
// the browser learns of those files only after main.js has run, a round trip later, and of some
// (a shared package's own split chunks) one more after that.
const HtmlWebpackPlugin = require('html-webpack-plugin')

/**
 * Script files the first render loads beyond the entry's own: for every shared package a loaded
 * chunk consumes, the chunk group of the host's own provided copy (the host loads its shared
 * packages first), until nothing new is consumed. Later lazy imports (screens, dialogs) and shared packages only they consume (the
 * validation rules and Joi) are not followed.
 * @param {import('webpack').Compilation} compilation
 * @param {string} entryName
 * @returns {string[]}
 */
function bootFiles(compilation, entryName) {
  const entry = compilation.entrypoints.get(entryName)
  if (!entry) return []
  const { chunkGraph } = compilation
  const initial = new Set(entry.chunks)
  /** @type {Map<string, import('webpack').AsyncDependenciesBlock>} */
  const provided = new Map()
  /** @type {import('webpack').ChunkGroup[]} */
  const queue = []
  const seenGroups = new Set()
  const seenKeys = new Set()
  /** @param {import('webpack').AsyncDependenciesBlock} block */
  const open = (block) => {
    const group = chunkGraph.getBlockChunkGroup(block)
    if (group && !seenGroups.has(group)) {
      seenGroups.add(group)
      queue.push(group)
    }
  }
  /** @param {import('webpack').Module} module */
  const consume = (module) => {
    const key = module.type === 'consume-shared-module' ? /** @type {{ options?: { shareKey?: string } }} */ (module).options?.shareKey : undefined
    if (!key || seenKeys.has(key)) return
    seenKeys.add(key)
    const block = provided.get(key)
    if (block) open(block)
  }
  for (const chunk of entry.chunks) {
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      const name = module.type === 'provide-module' ? /** @type {{ _name?: string }} */ (module)._name : undefined
      if (name && module.blocks[0]) provided.set(name, module.blocks[0])
    }
  }
  // From the entry's own modules, through what they import statically within the entry. Their
  // dynamic imports are not the first render's: the host's bootstrap is part of main.js (its
  // src/index.ts), so they are screens, dialogs and idle work loaded when needed, and the shared
  // libraries' own lazy imports (contracts' axios, for an API call the edge did not answer).
  /** @type {Set<import('webpack').Module>} */
  const visited = new Set()
  /** @param {import('webpack').Module | null} module */
  const walk = (module) => {
    if (!module || visited.has(module) || module.type === 'provide-module' || !entry.chunks.some((chunk) => chunkGraph.isModuleInChunk(module, chunk))) return
    visited.add(module)
    consume(module)
    for (const dependency of module.dependencies) walk(compilation.moduleGraph.getModule(dependency))
  }
  for (const chunk of entry.chunks) for (const module of chunkGraph.getChunkEntryModulesIterable(chunk)) walk(module)
  /** @type {Set<string>} */
  const files = new Set()
  while (queue.length > 0) {
    const group = /** @type {import('webpack').ChunkGroup} */ (queue.shift())
    for (const chunk of group.chunks) {
      if (initial.has(chunk)) continue
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file)
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) consume(module)
    }
  }
  return [...files].sort()
}

/** The host's loader (infra/webpack loaderConfig), the page's one script tag. */
const LOADER = 'loader.js'

class BootPreloadsPlugin {
  constructor(entryName = 'main') {
    this.entryName = entryName
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BootPreloadsPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('BootPreloadsPlugin', (data) => {
        const base = data.publicPath
        // The loader, then the entry, first: a deferred script is fetched at low priority, after
        // every preload, yet everything else waits for it to run. The loader (the page's one
        // script tag, at the end of the body) was fetched last and main.js waited for it (~70 ms
        // of a novel's first page, issue 39). Preloaded, they lead the queue. The edge takes
        // these preloads out of a page it draws (withoutScriptPreloads), and on a page the
        // browser draws puts main.js's own deferred tag in the loader preload's place
        // (withEntryScript).
        const entry = compilation.entrypoints.get(this.entryName)
        const entryFiles = entry ? entry.getFiles().filter((file) => file.endsWith('.js')) : []
        const links = [LOADER, ...entryFiles, ...bootFiles(compilation, this.entryName)].map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: base + file }),
        )
        data.headTags.push(...links)
        // The page's one script tag: the loader (infra/webpack loaderConfig), which runs main.js.
        data.bodyTags.push(HtmlWebpackPlugin.createHtmlTagObject('script', { defer: true, src: base + LOADER }))
        return data
      })
    })
  }
}

module.exports = { BootPreloadsPlugin, bootFiles }
