// @ts-check
// The one `shared` map of Koma's module federation: every webpack config (host and remotes)
// uses it, so all of them agree on which libraries are singletons and at which versions.
// Plain CommonJS because webpack configs load it before any TypeScript tooling runs.
const path = require('node:path')

const root = path.resolve(__dirname, '..', '..')
const fs = require('node:fs')

/** A dependency's installed version, even when its exports map hides package.json. */
/** @param {string} name */
function versionOf(name) {
  let dir = path.join(root, 'node_modules', ...name.split('/'))
  if (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(require.resolve(name, { paths: [root] }))
  for (;;) {
    const file = path.join(dir, 'package.json')
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'))
      if (pkg.name === name) return pkg.version
    }
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`Cannot find the version of ${name}`)
    dir = parent
  }
}
const contractsVersion = require('../package.json').version

/** Libraries that must exist once per page: React state, router, intl, styling and our contracts. */
const singletons = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'mobx',
  'mobx-react-lite',
  'react-intl',
  '@emotion/react',
  '@emotion/react/jsx-runtime',
  '@emotion/cache',
  'axios',
]

const packageOf = (/** @type {string} */ request) => {
  const parts = request.split('/')
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? request)
}

/**
 * Shares a page loads only when a screen needs them (a form's rules and building blocks, an API
 * call the edge did not answer). Every other share is on every page's first load.
 */
const lazyShares = ['axios', '@koma/contracts/validation', '@koma/contracts/ui']

/**
 * @param {{ checkVersions?: boolean, eager?: boolean }} [options] checkVersions false (production builds): no
 *   requiredVersion, so the runtime skips its semver checks when a page starts. Every share is a
 *   singleton with strictVersion off, so a check could only warn; it cost a phone about 50 ms of
 *   main thread at start (issue 13: total blocking time). Development builds keep the warning.
 *   eager true (the host's build): every share but the lazy ones is bundled into the host's
 *   main.js, one file instead of a chunk or two per library; compressed as one it is ~9 kB
 *   brotli smaller (issue 13), and every page loads all of it anyway. A share's module still
 *   runs only when something first imports it (after the first paint: the host's bootstrap).
 * @returns {Record<string, import('@module-federation/sdk').moduleFederationPlugin.SharedConfig>}
 */
function sharedDependencies({ checkVersions = true, eager = false } = {}) {
  /** One shared module, taken from `source` (a file under src/) rather than the package when given. */
  const share = (/** @type {string | undefined} */ version, /** @type {string[]} */ ...source) => ({
    singleton: true,
    version,
    requiredVersion: checkVersions ? `^${version}` : false,
    strictVersion: false,
    ...(source.length > 0 ? { import: path.join(__dirname, '..', 'src', ...source) } : {}),
  })
  /** @type {Record<string, any>} */
  const shared = {}
  for (const request of singletons) shared[request] = share(versionOf(packageOf(request)))
  // React Router is shared as the exports Koma uses (src/router/shared.ts), so the build can
  // leave out the rest of the package (data-router SSR, RSC, fetchers: 40 kB gzip).
  shared['react-router-dom'] = share(versionOf('react-router-dom'), 'router', 'shared.ts')
  // MobX likewise, as the exports Koma and mobx-react-lite use (src/libraries/mobx.ts).
  shared.mobx = share(versionOf('mobx'), 'libraries', 'mobx.ts')
  // mobx-react-lite, react-intl and @emotion/react likewise (src/libraries/mobxReact.ts, intl.ts, emotion.ts).
  shared['mobx-react-lite'] = share(versionOf('mobx-react-lite'), 'libraries', 'mobxReact.ts')
  shared['react-intl'] = share(versionOf('react-intl'), 'libraries', 'intl.ts')
  shared['@emotion/react'] = share(versionOf('@emotion/react'), 'libraries', 'emotion.ts')
  // react-dom itself likewise: only React DOM's client imports it, for its internals (src/libraries/reactDom.ts).
  shared['react-dom'] = share(versionOf('react-dom'), 'libraries', 'reactDom.ts')
  shared['@koma/contracts'] = share(contractsVersion, 'index.ts')
  shared['@koma/contracts/validation'] = share(contractsVersion, 'validation', 'index.ts')
  // The form building blocks: loaded by the first screen with a form, not with every page.
  shared['@koma/contracts/ui'] = share(contractsVersion, 'ui', 'index.ts')
  if (eager) for (const key of Object.keys(shared)) shared[key].eager = !lazyShares.includes(key)
  return shared
}

module.exports = { sharedDependencies, singletons, lazyShares }
