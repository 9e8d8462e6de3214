// @ts-check
// A package's messages.ts after swc (its defaultMessage gone): each descriptor's id becomes its
// short id (message-ids.js says why). An id the English file lacks fails the build.
const { shortIds } = require('./message-ids')

/** @type {import('webpack').LoaderDefinitionFunction} */
module.exports = function messageIdsLoader(source) {
  const { file, files, ids } = shortIds(this.rootContext)
  for (const each of files) this.addDependency(each)
  return source.replace(/\bid:\s*(["'])([^"'\\]+)\1/g, (_match, quote, id) => {
    const short = ids.get(id)
    if (short === undefined) throw new Error(`${this.resourcePath}: message id ${id} is not in ${file}`)
    return `id:${quote}${short}${quote}`
  })
}
