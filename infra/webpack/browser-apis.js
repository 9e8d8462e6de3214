#!/usr/bin/env node
// @ts-check
// Issue 34: the sibling of browser-syntax.js for run-time APIs. A file can parse in every
// supported browser (.browserslistrc: Safari / iOS 14) and still fail there when it runs, if it
// calls a built-in those browsers lack. This check finds calls of the known ones in every file the
// build emits for the browser and fails unless a polyfill installing that API (core-js, found by
// the shape its installs keep after minifying: `$({ target: 'Array', proto: true }, { at })`) is
// in the same version folder or in the host's main.js, which every page runs first.
// `node infra/webpack/browser-apis.js <folder|file>…`, like browser-syntax.js.
const fs = require('node:fs')
const path = require('node:path')
const acorn = require('acorn')
const { BROWSER_ECMA } = require('./targets')
const { browserFiles } = require('./browser-syntax')

/**
 * Built-ins newer than the oldest supported browser (Safari / iOS 14.0), with the version that
 * brought them there. Extend it when a dependency reaches for another one.
 */
const LATE_APIS = {
  'Object.hasOwn': 'Safari 15.4',
  'Array.prototype.at': 'Safari 15.4',
  'String.prototype.at': 'Safari 15.4',
  'Array.prototype.findLast': 'Safari 15.4',
  'Array.prototype.findLastIndex': 'Safari 15.4',
  structuredClone: 'Safari 15.4',
}

/** @typedef {keyof typeof LATE_APIS} LateApi */
/** @typedef {{ file: string, line: number, column: number, api: LateApi }} ApiUse */

/**
 * @param {any} node
 * @param {(node: any) => void} visit
 */
function walk(node, visit) {
  visit(node)
  for (const key of Object.keys(node)) {
    if (key === 'loc') continue
    const value = node[key]
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child.type === 'string') walk(child, visit)
    } else if (value && typeof value.type === 'string') walk(value, visit)
  }
}

/** @param {any} node a property key */
const keyName = (node) => (node.type === 'Identifier' ? node.name : node.type === 'Literal' ? String(node.value) : null)

/** @param {any} object an ObjectExpression: its plain keys and their values */
const propertiesOf = (object) => {
  /** @type {Map<string, any>} */
  const found = new Map()
  for (const property of object.properties) if (property.type === 'Property' && !property.computed) found.set(keyName(property.key) ?? '', property.value)
  return found
}

/**
 * What one file calls of LATE_APIS, and which of them it installs (core-js's `export` helper
 * called with its options and the methods: `{ target: 'Object', stat: true }, { hasOwn }`,
 * `{ target: 'Array', proto: true }, { at }`, `{ global: true }, { structuredClone }`).
 * @param {string} file
 * @param {string} source
 */
function scanSource(file, source) {
  const tree = acorn.parse(source, { ecmaVersion: BROWSER_ECMA, sourceType: file.endsWith('.mjs') ? 'module' : 'script', locations: true, allowHashBang: true })
  /** @type {ApiUse[]} */
  const uses = []
  /** @type {Set<string>} */
  const installs = new Set()
  /** @param {any} node @param {LateApi} api */
  const use = (node, api) => uses.push({ file, line: node.loc.start.line, column: node.loc.start.column, api })
  /** Globals the file tests for (`typeof structuredClone`): it calls them only where they exist (@hapi/hoek's clone). */
  const guarded = new Set()
  walk(tree, (node) => {
    if (node.type === 'UnaryExpression' && node.operator === 'typeof' && node.argument.type === 'Identifier') guarded.add(node.argument.name)
  })
  walk(tree, (node) => {
    if (node.type === 'CallExpression') {
      const callee = node.callee
      if (callee.type === 'Identifier' && callee.name === 'structuredClone' && !guarded.has('structuredClone')) use(node, 'structuredClone')
      if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
        const name = callee.property.name
        // `x.at(i)`: an array's or a string's, which a static look cannot tell apart.
        if (name === 'at' && node.arguments.length === 1) {
          use(node, 'Array.prototype.at')
          use(node, 'String.prototype.at')
        }
        if (name === 'findLast') use(node, 'Array.prototype.findLast')
        if (name === 'findLastIndex') use(node, 'Array.prototype.findLastIndex')
        if (name === 'structuredClone' && callee.object.type === 'Identifier' && ['globalThis', 'window', 'self'].includes(callee.object.name))
          use(node, 'structuredClone')
      }
      // A core-js install: (options, methods).
      const [options, methods] = node.arguments
      if (options?.type === 'ObjectExpression' && methods?.type === 'ObjectExpression') {
        const set = propertiesOf(options)
        const target = set.get('target')
        const names = [...propertiesOf(methods).keys()]
        if (target?.type === 'Literal' && typeof target.value === 'string') {
          const prefix = set.has('proto') ? `${target.value}.prototype.` : set.has('stat') ? `${target.value}.` : null
          if (prefix) for (const name of names) installs.add(prefix + name)
        } else if (set.has('global')) for (const name of names) installs.add(name)
      }
    }
    // `Object.hasOwn`, called or passed along.
    if (
      node.type === 'MemberExpression' &&
      !node.computed &&
      node.object.type === 'Identifier' &&
      node.object.name === 'Object' &&
      node.property.type === 'Identifier' &&
      node.property.name === 'hasOwn'
    )
      use(node, 'Object.hasOwn')
  })
  return { uses, installs }
}

/**
 * Every use of a late API in the files under `targets` whose polyfill is neither in its own
 * folder (its package version: webpack puts a polyfill a module imports in that module's chunk
 * or one loaded with it) nor in a `main.js` among them (the host's entry, run before anything else).
 * @param {string[]} targets
 */
function checkBrowserApis(targets) {
  const files = targets.flatMap((target) => browserFiles(target))
  /** @type {Map<string, Set<string>>} */
  const byFolder = new Map()
  /** @type {Set<string>} */
  const everywhere = new Set()
  /** @type {ApiUse[]} */
  const uses = []
  for (const file of files) {
    const scanned = scanSource(file, fs.readFileSync(file, 'utf8'))
    uses.push(...scanned.uses)
    const folder = path.dirname(file)
    const known = byFolder.get(folder) ?? new Set()
    for (const api of scanned.installs) known.add(api)
    byFolder.set(folder, known)
    if (path.basename(file) === 'main.js') for (const api of scanned.installs) everywhere.add(api)
  }
  const problems = uses.filter((use) => !everywhere.has(use.api) && !byFolder.get(path.dirname(use.file))?.has(use.api))
  return { files: files.length, uses, problems }
}

/** @param {ApiUse} use */
const describeUse = (use) => `${use.file}:${use.line}:${use.column + 1}: calls ${use.api} (${LATE_APIS[use.api]}) with no polyfill for it`

module.exports = { LATE_APIS, scanSource, checkBrowserApis, describeUse }

if (require.main === module) {
  require('./check-cli').runCheck('browser APIs', 'infra/webpack/browser-apis.js', (targets) => {
    const { files, uses, problems } = checkBrowserApis(targets)
    for (const problem of problems) console.error(describeUse(problem))
    console.log(
      `browser APIs: ${files} files, ${uses.length} calls of ${Object.keys(LATE_APIS).length} late built-ins, ${problems.length} without a polyfill (.browserslistrc)`,
    )
    return problems.length ? 1 : 0
  })
}
