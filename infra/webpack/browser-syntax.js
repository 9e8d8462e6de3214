#!/usr/bin/env node
// @ts-check
// Issue 34: every file the build emits for the browser must parse in every supported browser
// (.browserslistrc). Checked as ES2020 (targets.js BROWSER_ECMA) with acorn, plus two things an
// ES2020 parse lets through that Safari / iOS 14 still refuse or never see:
// * a regular expression literal with a lookbehind, `(?<=` / `(?<!` (ES2018 on paper, Safari
//   16.4 in fact): the whole script fails to parse;
// * a script carried as a string and run in a frame, a worker or a worklet (Readium's injected
//   scripts): a long string literal that parses as a program, but only above ES2020.
// `node infra/webpack/browser-syntax.js <folder|file>…` prints every problem (file, line,
// column, what) and exits 1 if there is one. Folders are walked for .js and .mjs files, leaving
// out `server` folders (a version's Node-only server build) and node_modules.
const fs = require('node:fs')
const path = require('node:path')
const acorn = require('acorn')
const { BROWSER_ECMA } = require('./targets')

/** @typedef {{ file: string, line: number, column: number, message: string }} SyntaxProblem */

/** A string this long or longer is tried as an embedded script. */
const EMBEDDED_MIN_LENGTH = 200

const LOOKBEHIND = /\(\?<[=!]/

/**
 * @param {string} source
 * @param {'script' | 'module'} sourceType
 * @param {acorn.ecmaVersion} ecmaVersion
 */
const parse = (source, sourceType, ecmaVersion) => acorn.parse(source, { ecmaVersion, sourceType, locations: true, allowHashBang: true })

/** @param {unknown} error */
const positionOf = (error) => {
  const loc = /** @type {{ loc?: { line: number, column: number } }} */ (error).loc
  return { line: loc?.line ?? 0, column: loc?.column ?? 0 }
}

/**
 * Calls `visit` on every node of an acorn tree.
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

/**
 * A string that is a program for the newest ECMAScript but not for BROWSER_ECMA: the first
 * error of its ES2020 parse, else null (plain text, CSS, HTML, or a script that passes).
 * @param {string} text
 */
function embeddedProblem(text) {
  for (const sourceType of /** @type {const} */ (['script', 'module'])) {
    try {
      parse(text, sourceType, 'latest')
    } catch {
      continue
    }
    try {
      parse(text, sourceType, BROWSER_ECMA)
      return null
    } catch (error) {
      return /** @type {Error} */ (error).message
    }
  }
  return null
}

/**
 * The problems of one file's text. `.mjs` files are modules; webpack's browser output (entries,
 * chunks, remoteEntry.js, loader.js) is classic scripts.
 * @param {string} file a name for the messages
 * @param {string} source
 * @param {'script' | 'module'} [sourceType] by default from the file's name
 * @returns {SyntaxProblem[]}
 */
function checkSource(file, source, sourceType = file.endsWith('.mjs') ? 'module' : 'script') {
  let tree
  try {
    tree = parse(source, sourceType, BROWSER_ECMA)
  } catch (error) {
    const at = /** @type {{ pos?: number }} */ (error).pos ?? 0
    const near = JSON.stringify(source.slice(Math.max(0, at - 30), at + 30))
    return [{ file, ...positionOf(error), message: `not ES${BROWSER_ECMA}: ${/** @type {Error} */ (error).message.replace(/ \(\d+:\d+\)$/, '')} near ${near}` }]
  }
  /** @type {SyntaxProblem[]} */
  const problems = []
  walk(tree, (node) => {
    if (node.type === 'Literal' && node.regex && LOOKBEHIND.test(node.regex.pattern))
      problems.push({
        file,
        line: node.loc.start.line,
        column: node.loc.start.column,
        message: `regular expression lookbehind (Safari < 16.4 cannot parse it): /${node.regex.pattern}/`,
      })
    const text =
      node.type === 'Literal' && typeof node.value === 'string'
        ? node.value
        : node.type === 'TemplateLiteral' && node.expressions.length === 0
          ? node.quasis[0].value.cooked
          : null
    if (typeof text === 'string' && text.length >= EMBEDDED_MIN_LENGTH) {
      const problem = embeddedProblem(text)
      if (problem)
        problems.push({ file, line: node.loc.start.line, column: node.loc.start.column, message: `a script in a string is not ES${BROWSER_ECMA}: ${problem}` })
    }
  })
  return problems
}

/**
 * Every .js / .mjs file under `target` (a folder or a file), server builds and node_modules left out.
 * @param {string} target
 * @returns {string[]}
 */
function browserFiles(target) {
  const stat = fs.statSync(target)
  if (stat.isFile()) return [target]
  /** @type {string[]} */
  const files = []
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    const full = path.join(target, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'server' && entry.name !== 'node_modules') files.push(...browserFiles(full))
    } else if (entry.isFile() && /\.m?js$/.test(entry.name)) files.push(full)
  }
  return files.sort()
}

/**
 * @param {string[]} targets folders or files
 * @returns {{ files: number, problems: SyntaxProblem[] }}
 */
function checkBrowserSyntax(targets) {
  const files = targets.flatMap((target) => browserFiles(target))
  return { files: files.length, problems: files.flatMap((file) => checkSource(file, fs.readFileSync(file, 'utf8'))) }
}

/** @param {SyntaxProblem} problem */
const describeProblem = (problem) => `${problem.file}:${problem.line}:${problem.column + 1}: ${problem.message}`

module.exports = { checkSource, checkBrowserSyntax, browserFiles, describeProblem }

if (require.main === module) {
  require('./check-cli').runCheck('browser syntax', 'infra/webpack/browser-syntax.js', (targets) => {
    const { files, problems } = checkBrowserSyntax(targets)
    for (const problem of problems) console.error(describeProblem(problem))
    if (files === 0) {
      console.error('browser syntax: no .js files found')
      return 1
    }
    console.log(`browser syntax: ${files} files, ${problems.length} problem${problems.length === 1 ? '' : 's'} (ES${BROWSER_ECMA}, .browserslistrc)`)
    return problems.length ? 1 : 0
  })
}
