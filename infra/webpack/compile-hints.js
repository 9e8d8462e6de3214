// @ts-check
// Issue 39: V8 compiles a function when it is first called, on the page's main thread, unless the
// file asks otherwise. A chunk whose code nearly all runs as soon as it loads (the novel reader's
// Readium) paid that on the main thread in the middle of a book's first page (~75 ms of lazy
// compiling at 1× CPU before it, a third of it Readium's). V8's explicit compile hint, the magic
// comment `//# allFunctionsCalledOnLoad` as a file's first line (Chromium 136 and later; other
// engines read a comment), has the whole file compiled on a background thread as it streams in,
// while main.js runs. It costs that thread time and memory for functions never called, so it is
// for the chunks a package names, not main.js (its compile is waited for: nothing else runs yet).

const webpack = require('webpack')

const HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * The JavaScript files of the named chunks' chunk groups (a chunk's split-off vendors included).
 * @param {import('webpack').Compilation} compilation
 * @param {string[]} names
 * @returns {Set<string>}
 */
function hintedFiles(compilation, names) {
  /** @type {Set<string>} */
  const files = new Set()
  for (const chunk of compilation.chunks) {
    if (!chunk.name || !names.includes(chunk.name)) continue
    for (const group of chunk.groupsIterable) for (const member of group.chunks) for (const file of member.files) if (file.endsWith('.js')) files.add(file)
  }
  return files
}

class CompileHintsPlugin {
  /** @param {string[]} chunkNames */
  constructor(chunkNames) {
    this.chunkNames = chunkNames
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      // After the minifier (it would drop the comment), before the source maps are written (they
      // account for the added line) and before the content hashes are taken.
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        for (const file of hintedFiles(compilation, this.chunkNames)) compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(HINT, source))
      })
    })
  }
}

module.exports = { CompileHintsPlugin, HINT }
