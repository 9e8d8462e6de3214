// @ts-check
// The webpack configuration of every Koma front-end package: the host and the five remotes
// differ only in their name, what they expose and (for the host) the HTML page.
const fs = require('node:fs')
const path = require('node:path')
const webpack = require('webpack')
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack')
const HtmlWebpackPlugin = require('html-webpack-plugin')
const MinimizerPlugin = require('minimizer-webpack-plugin')
const { sharedDependencies } = require('@koma/contracts/federation')
const { RouteChunksPlugin } = require('./route-chunks')
const { BootPreloadsPlugin } = require('./boot-preloads')
const { CompileHintsPlugin } = require('./compile-hints')
const { BROWSER_ECMA, dependencySwcOptions } = require('./targets')
const { polyfillRules } = require('./polyfills')
const federationRuntimePatches = require('./federation-runtime-patches')

/**
 * React Router's package exports resolve to its development build for every bundler (upstream
 * issues #12532, #14102): point production builds at dist/production by file. The `$` keeps
 * each alias to the exact request.
 */
/**
 * The federation runtime the host provides is reached through require() (the external-runtime
 * plugin is a CommonJS file), so webpack bundled the CommonJS builds of runtime-core and its SDK
 * whole, Node paths and manifest machinery included. Pointing those requests at the packages' own
 * ES module builds lets webpack keep only what the page uses.
 */
function federationEsm() {
  const root = path.join(__dirname, '..', '..')
  const esm = (/** @type {string} */ request) => require.resolve(request, { paths: [root] }).replace(/\.cjs$/, '.js')
  const injectPlugin = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [root] })
  return {
    [`${injectPlugin}$`]: injectPlugin.replace(/\.cjs$/, '.js'),
    '@module-federation/runtime-tools/runtime-core$': esm('@module-federation/runtime-tools/runtime-core'),
    '@module-federation/runtime-core$': esm('@module-federation/runtime-core'),
    '@module-federation/sdk$': esm('@module-federation/sdk'),
  }
}

/** The file each federation entry imports the bundler runtime from (its generated entry names it). */
const bundlerRuntimeFile = require.resolve('@module-federation/webpack-bundler-runtime/dist/bundler.js', { paths: [path.join(__dirname, '..', '..')] })

const routerDist = path.join(path.dirname(require.resolve('react-router/package.json', { paths: [path.join(__dirname, '..', '..')] })), 'dist', 'production')
/**
 * The file of React Router's production build that defines <Link> and <Form> (a content-hashed
 * chunk name): router-patches.js edits it. Found by its text, so an upgrade renaming it still
 * gets the patches, and one that moves them fails there.
 */
const routerChunk = (() => {
  const file = fs
    .readdirSync(routerDist)
    .filter((name) => /^chunk-\w+\.mjs$/.test(name))
    .find((name) => fs.readFileSync(path.join(routerDist, name), 'utf8').includes('var Link = '))
  if (!file) throw new Error(`no chunk of ${routerDist} defines Link: check infra/webpack/router-patches.js against this react-router version`)
  return path.join(routerDist, file)
})()

const productionAliases = {
  'react-router$': path.join(routerDist, 'index.mjs'),
  'react-router/dom$': path.join(routerDist, 'dom-export.mjs'),
  // Messages arrive precompiled (messages-loader.js): react-intl needs no ICU parser.
  '@formatjs/icu-messageformat-parser$': '@formatjs/icu-messageformat-parser/no-parser.js',
  ...federationEsm(),
}

/** @param {'development' | 'production'} mode */
const swcOptions = (mode, { messages = false } = {}) => ({
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    target: 'es2020',
    // Production bundles carry message ids only: the texts come from the locale's JSON file.
    // Every defineMessages lives in a messages.ts (docs/conventions.md); the plugin runs only
    // there, as this @swc/core cannot hand it modules with TypeScript generics.
    ...(messages && mode === 'production'
      ? {
          experimental: {
            plugins: [['@swc/plugin-formatjs', { removeDefaultMessage: true }]],
            cacheRoot: path.join(__dirname, '..', '..', 'node_modules', '.cache', 'swc'),
          },
        }
      : {}),
    transform: {
      react: { runtime: 'automatic', importSource: '@emotion/react', development: mode !== 'production' },
    },
  },
})

/**
 * The module rules every build of a package shares, so that its server build (below) compiles the
 * same sources exactly as its browser build does: the same message ids, precompiled messages and
 * React Router build, hence the same markup. `browser`: a build the browser runs, whose
 * dependencies are compiled for the supported browsers (issue 34, targets.js); Node runs the
 * server build's as they are.
 * @param {'production' | 'development'} mode
 * @param {{ browser?: boolean }} [options]
 */
const moduleRules = (mode, { browser = false } = {}) => [
  // Dependencies ship newer syntax than Safari / iOS 14 parse (intl-messageformat's class static
  // blocks, Readium's `??=`): every .js/.mjs from node_modules goes through swc for the targets.
  // First in the list, so it runs after the loaders below that patch a dependency's own text.
  ...(browser ? [{ test: /\.[cm]?js$/, include: /[\\/]node_modules[\\/]/, use: { loader: 'swc-loader', options: dependencySwcOptions() } }] : []),
  // The built-ins a dependency calls that the targets lack, polyfilled in that dependency's chunk (polyfills.js).
  ...(browser ? polyfillRules() : []),
  {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    oneOf: [
      // A package's react-intl catalogues (contracts' messages.ts holds validation texts).
      // Production descriptors carry short ids (message-ids.js); loaders run last to first.
      {
        test: /[\\/]messages\.ts$/,
        exclude: /shared-contracts/,
        use: [
          ...(mode === 'production' ? [path.join(__dirname, 'message-ids-loader.js')] : []),
          { loader: 'swc-loader', options: swcOptions(mode, { messages: true }) },
        ],
      },
      { use: { loader: 'swc-loader', options: swcOptions(mode) } },
    ],
  },
  // A package's language files and its on-demand sets' (src/<feature>/i18n, i18n-packages.cjs MESSAGE_SETS).
  ...(mode === 'production' ? [{ test: /[\\/]src[\\/](?:[^\\/]+[\\/])*i18n[\\/](en|ja|fr)\.json$/, use: path.join(__dirname, 'messages-loader.js') }] : []),
  // Emotion's files import hoist-non-react-statics for its side effects, which it has none of
  // (its package does not say so): without this the page kept it for a withTheme nobody uses.
  { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
  // The federation runtime without its manifest snapshots, preload helpers, range parser and error descriptions (the loaders say why).
  {
    test: /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]plugins[\\/]snapshot[\\/]SnapshotHandler\.js$/,
    use: path.join(__dirname, 'federation-snapshot-loader.js'),
  },
  { test: /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]utils[\\/]preload\.js$/, use: path.join(__dirname, 'federation-preload-loader.js') },
  { test: /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]utils[\\/]semver[\\/]index\.js$/, use: path.join(__dirname, 'federation-semver-loader.js') },
  { test: /[\\/]@module-federation[\\/]error-codes[\\/]dist[\\/]desc\.mjs$/, use: path.join(__dirname, 'federation-error-desc-loader.js') },
  // ... and without the static remotes, remote preloading, version-first sharing, module entries and shared tree shaking Koma never uses (see the loader).
  { test: federationRuntimePatches.edits, use: path.join(__dirname, 'federation-runtime-patches.js') },
  // What a declarative React Router never runs, out of its production build (see the loader).
  { test: (/** @type {string} */ file) => file === routerChunk, use: path.join(__dirname, 'router-patches.js') },
  // What Koma never renders or calls, out of react-intl's, @formatjs/intl's and intl-messageformat's modules (see the loader).
  { test: /[\\/]node_modules[\\/](?:react-intl|@formatjs[\\/]intl|intl-messageformat)[\\/]index\.js$/, use: path.join(__dirname, 'intl-patches.js') },
  // What Koma's stores never use, out of MobX's production build (see the loader).
  { test: /[\\/]node_modules[\\/]mobx[\\/]dist[\\/]mobx\.mjs$/, use: path.join(__dirname, 'mobx-patches.js') },
  // Fixes carried for Readium's navigator until upstream has them (see the loader).
  { test: /[\\/]@readium[\\/]navigator[\\/]dist[\\/]index\.js$/, use: path.join(__dirname, 'readium-patches.js') },
  { test: /\.(png|jpe?g|gif|webp|svg|woff2?)$/, type: 'asset' },
]

/**
 * webpack's own code (its runtime, the module wrappers) written for the same syntax: arrow
 * functions, const and destructuring instead of ES5 (issue 34: fewer bytes in every file).
 */
const browserTarget = ['web', `es${BROWSER_ECMA}`]

/**
 * swc's minifier for files the browser runs, held to the syntax they are checked against
 * (`ecma`, issue 34): it must never rewrite into newer syntax (`a ?? (a = b)` into `a ??= b`).
 */
const browserMinimizer = () => new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { ecma: BROWSER_ECMA } })

/**
 * The shared map as a remote consumes it: `import: false`, no fallback of its own; the host
 * provides every shared library.
 * @param {ReturnType<typeof sharedDependencies>} shared
 * @returns {ReturnType<typeof sharedDependencies>}
 */
const consumeOnly = (shared) => Object.fromEntries(Object.entries(shared).map(([key, config]) => [key, { .../** @type {object} */ (config), import: false }]))

/**
 * Koma shares some libraries as a list of the exports its packages use (contracts'
 * src/libraries, issue 13). A list imports its package by the package's own name, which is the
 * share the list provides: left alone, federation would hand the list to itself. This gives such
 * an import the package's file, resolved as the browser build resolves it (a path is no share).
 * @param {ReturnType<typeof sharedDependencies>} shared
 */
function sharedListsPlugin(shared) {
  const resolve = require('enhanced-resolve').create.sync({
    conditionNames: ['import', 'module', 'webpack', 'production', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    extensions: ['.js', '.mjs'],
  })
  /** @type {Map<string, { key: string, file: string }>} a list's file -> the share it provides, and the package's file */
  const lists = new Map()
  for (const [key, config] of /** @type {[string, { import?: unknown }][]} */ (Object.entries(shared))) {
    if (typeof config.import !== 'string') continue
    const file = resolve(path.dirname(config.import), key)
    if (typeof file === 'string') lists.set(config.import, { key, file })
  }
  return new webpack.NormalModuleReplacementPlugin(/^[^.]/, (data) => {
    const list = data.contextInfo.issuer ? lists.get(data.contextInfo.issuer) : undefined
    if (list && list.key === data.request) data.request = list.file
  })
}

/**
 * The package's server build (issue 13: the first page drawn by the edge), into dist/server:
 * one CommonJS file for Node, with nothing to load later (every lazy chunk folded in). The host's
 * file bundles the shared libraries and hands them to the remotes it renders (`shared`), as the
 * host provides them in the browser; a remote's file bundles its own code and takes every shared
 * library from the host's (webpack externals), so host and remotes render with one React, one
 * router and one contracts instance, the live host version's. Not minified: Node reads it once.
 * @param {{ dir: string, name: string, kind: 'host' | 'remote', serverEntry: string }} pkg
 * @param {'production' | 'development'} mode
 * @returns {import('webpack').Configuration}
 */
function serverConfig(pkg, mode) {
  const isHost = pkg.kind === 'host'
  const shared = Object.keys(sharedDependencies())
  /** A request the host's server file provides: a shared key, or under a `react-dom/` style prefix. */
  const isShared = (/** @type {string} */ request) => shared.some((key) => (key.endsWith('/') ? request.startsWith(key) : request === key))
  return {
    name: 'server',
    mode,
    context: pkg.dir,
    entry: { [isHost ? 'host' : 'remote']: pkg.serverEntry },
    target: 'node24',
    devtool: false,
    output: {
      path: path.join(pkg.dir, 'dist', 'server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      uniqueName: `${pkg.name}_server`,
      publicPath: '',
      clean: true,
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      // One MobX: Node's condition would give mobx-react-lite the CommonJS build beside the ES
      // module file contracts' MobX list (src/libraries/mobx.ts) reads.
      alias: {
        ...(mode === 'production' ? productionAliases : {}),
        mobx$: path.join(path.dirname(require.resolve('mobx/package.json', { paths: [pkg.dir] })), 'dist', 'mobx.mjs'),
      },
    },
    externals: isHost
      ? []
      : [
          ({ request }, callback) => {
            if (request && isShared(request)) return callback(undefined, `commonjs ${request}`)
            return callback()
          },
        ],
    module: { rules: moduleRules(mode) },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        __KOMA_PACKAGE__: JSON.stringify(pkg.name),
      }),
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false, splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  }
}

/**
 * A package's page entries (issues 13 and 39): files the edge names in a page's own script tags, that run
 * before the host's main.js and without it (mf-viewer's book-start.js opens a novel's first page
 * with Readium, then the app takes the open book over). Each is one file of its own (no chunks, no
 * federation, no shared libraries: nothing of the app is there yet), into dist/<name>.js, in the
 * package's versioned folder like the rest of its build.
 * @param {{ dir: string, name: string, pageEntries: Record<string, string>, compileHints?: string[] }} pkg
 * @param {'production' | 'development'} mode
 * @returns {import('webpack').Configuration}
 */
function pageEntriesConfig(pkg, mode) {
  return {
    // The host's page loader (issue 13, src/loader.ts) is one: it waits for the first paint of a
    // page the edge drew (and for a book's first page), then runs main.js.
    name: 'page-entries',
    mode,
    context: pkg.dir,
    entry: pkg.pageEntries,
    target: browserTarget,
    devtool: mode === 'production' ? 'source-map' : false,
    output: { path: path.join(pkg.dir, 'dist'), filename: '[name].js', uniqueName: `${pkg.name}_page`, clean: false },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'], alias: mode === 'production' ? productionAliases : {} },
    module: { rules: moduleRules(mode, { browser: true }) },
    plugins: [
      new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode), __KOMA_PACKAGE__: JSON.stringify(pkg.name) }),
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      ...(pkg.compileHints ? [new CompileHintsPlugin(pkg.compileHints)] : []),
    ],
    optimization: { minimize: mode === 'production', minimizer: [browserMinimizer()] },
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  }
}

/** The file names a package's other builds write into dist/ beside its browser build's (which must not clean them away). */
const keptBesideBrowserBuild = (/** @type {{ pageEntries?: Record<string, string> }} */ pkg) => {
  const files = Object.keys(pkg.pageEntries ?? {}).map((name) => `${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.js`)
  return new RegExp(`^(server[\\\\/]${files.map((file) => `|${file}`).join('')})`)
}

/**
 * @param {{ dir: string, name: string, kind: 'host' | 'remote', exposes?: Record<string, string>, serverEntry?: string, compileHints?: string[], pageEntries?: Record<string, string> }} pkg
 */
function koma(pkg) {
  /** @param {unknown} _env @param {{ mode?: string }} argv */
  return (_env, argv) => {
    const mode = argv.mode === 'development' ? 'development' : 'production'
    const pageEntries = { ...(pkg.kind === 'host' ? { loader: './src/loader.ts' } : {}), ...pkg.pageEntries }
    const web = browserConfig({ ...pkg, pageEntries }, mode)
    const configs = [
      web,
      ...(Object.keys(pageEntries).length > 0 ? [pageEntriesConfig({ ...pkg, pageEntries }, mode)] : []),
      ...(pkg.serverEntry ? [serverConfig({ ...pkg, serverEntry: pkg.serverEntry }, mode)] : []),
    ]
    return configs.length === 1 ? web : configs
  }
}

/**
 * @param {{ dir: string, name: string, kind: 'host' | 'remote', exposes?: Record<string, string>, compileHints?: string[], pageEntries?: Record<string, string> }} pkg
 * @param {'production' | 'development'} mode
 * @returns {import('webpack').Configuration}
 */
function browserConfig(pkg, mode) {
  const isHost = pkg.kind === 'host'
  return /** @type {import('webpack').Configuration} */ ({
    name: 'browser',
    mode,
    context: pkg.dir,
    // Remotes need no entry of their own: federation adds remoteEntry.js.
    entry: isHost ? { main: './src/index.ts' } : {},
    target: browserTarget,
    devtool: mode === 'production' ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(pkg.dir, 'dist'),
      // Entries keep plain names (federation needs it); chunks are content-hashed and immutable.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      publicPath: 'auto',
      uniqueName: pkg.name,
      // The server build writes dist/server beside this one (serverConfig), the page entries (the
      // host's loader.js among them) theirs (pageEntriesConfig).
      clean: { keep: keptBesideBrowserBuild(pkg) },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: {
        ...(mode === 'production' ? productionAliases : {}),
        // A remote's federation entry uses the host's bundler runtime (bundler-runtime.js).
        ...(isHost
          ? {}
          : {
              [`${bundlerRuntimeFile}$`]: path.join(__dirname, 'remote-bundler-runtime.js'),
              '@koma/federation-init-container-entry$': path.join(path.dirname(bundlerRuntimeFile), 'initContainerEntry.js'),
            }),
      },
    },
    module: { rules: moduleRules(mode, { browser: true }) },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        __KOMA_PACKAGE__: JSON.stringify(pkg.name),
      }),
      new ModuleFederationPlugin({
        name: pkg.name,
        filename: 'remoteEntry.js',
        exposes: pkg.exposes ?? {},
        remotes: {},
        manifest: true,
        dts: false,
        shareStrategy: 'loaded-first',
        // A remote takes every shared library from the host (it only runs inside the Koma host,
        // see externalRuntime below): it carries no fallback copy of its own, so its
        // remoteEntry.js registers none (issue 13: first-load bytes).
        shared: /** @type {import('@module-federation/sdk').moduleFederationPlugin.Shared} */ (
          isHost
            ? sharedDependencies({ checkVersions: mode !== 'production', eager: true })
            : consumeOnly(sharedDependencies({ checkVersions: mode !== 'production' }))
        ),
        // One federation runtime per page: the host provides it, remotes use it (~27 kB gzip
        // saved per remote). Remotes therefore only run inside the Koma host.
        // The host loads remoteEntry.js directly (federation/registry.ts), never a manifest, so
        // the runtime's snapshot (manifest) machinery and its Node paths are left out of main.js.
        // The host publishes its bundler runtime for the remotes (bundler-runtime.js).
        ...(isHost ? { runtimePlugins: [path.join(__dirname, 'provide-bundler-runtime.js')] } : {}),
        experiments: isHost
          ? { provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } }
          : { externalRuntime: true, optimization: { target: 'web' } },
      }),
      ...(pkg.compileHints ? [new CompileHintsPlugin(pkg.compileHints)] : []),
      sharedListsPlugin(sharedDependencies()),
      new RouteChunksPlugin(path.join(pkg.dir, 'src', 'routes.ts')),
      ...(isHost
        ? [
            new HtmlWebpackPlugin({
              template: path.join(pkg.dir, 'src', 'index.html'),
              // The edge serves this page at every path; the deploy step replaces the
              // placeholder with the live host version's folder.
              publicPath: '__KOMA_HOST_BASE__',
              inject: 'body',
              scriptLoading: 'defer',
              // The page's one script is the loader (BootPreloadsPlugin writes it); main.js is preloaded.
              excludeChunks: ['main'],
              minify: mode === 'production' ? { collapseWhitespace: true, removeComments: true } : false,
            }),
            new BootPreloadsPlugin(),
          ]
        : []),
    ],
    optimization: {
      minimize: mode === 'production',
      minimizer: [browserMinimizer()],
    },
    performance: { hints: false },
    // The manifest plugin announces that publicPath 'auto' resolves at run time: that is the design.
    ignoreWarnings: [/publicPath='auto'/],
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  })
}

module.exports = { koma }
