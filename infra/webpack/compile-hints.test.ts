import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping'
import webpack from 'webpack'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CompileHintsPlugin, HINT } = require('./compile-hints.js') as {
  CompileHintsPlugin: new (names: string[]) => webpack.WebpackPluginInstance
  HINT: string
}

function build(dir: string): Promise<webpack.Stats> {
  return new Promise((resolve, reject) =>
    webpack(
      {
        mode: 'production',
        context: dir,
        entry: { main: './index.js' },
        devtool: 'source-map',
        output: { path: path.join(dir, 'dist'), filename: '[name].js', chunkFilename: '[name].[contenthash:8].js' },
        optimization: { splitChunks: { chunks: 'async', minSize: 0, cacheGroups: { vendor: { test: /vendor/, name: 'vendor', enforce: true } } } },
        plugins: [new CompileHintsPlugin(['reader'])],
        infrastructureLogging: { level: 'error' },
      },
      (error, stats) =>
        error || !stats ? reject(error ?? new Error('no stats')) : stats.hasErrors() ? reject(new Error(stats.toString('errors-only'))) : resolve(stats),
    ),
  )
}

describe('compile hints (issue 39)', () => {
  let dir: string
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-hints-'))
    fs.writeFileSync(
      path.join(dir, 'index.js'),
      'import(/* webpackChunkName: "reader" */ "./reader").then((m) => m.open()); import(/* webpackChunkName: "other" */ "./other").then((m) => m.go())\n',
    )
    fs.writeFileSync(
      path.join(dir, 'reader.js'),
      'import { shared } from "./vendor"\nexport function open() {\n  return shared("reader opened " + Date.now())\n}\n',
    )
    fs.writeFileSync(path.join(dir, 'vendor.js'), 'export function shared(text) {\n  return text.toUpperCase()\n}\n')
    fs.writeFileSync(path.join(dir, 'other.js'), 'export function go() {\n  return "other " + Math.random()\n}\n')
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('opens the named chunks’ files with the hint, their split chunks too, after the minifier and with their maps in line', async () => {
    await build(dir)
    const files = fs.readdirSync(path.join(dir, 'dist')).filter((file) => file.endsWith('.js'))
    const hinted = files.filter((file) => fs.readFileSync(path.join(dir, 'dist', file), 'utf8').startsWith(HINT))
    expect(hinted.map((file) => file.replace(/\.\w{8}\.js$/, '')).sort()).toEqual(['reader', 'vendor'])
    // The entry (waited for, nothing else to run meanwhile) and other chunks are not.
    expect(files.some((file) => file.startsWith('other.'))).toBe(true)
    // The map accounts for the added line: the code on line 2 maps back to its source.
    const reader = hinted.find((file) => file.startsWith('reader.')) ?? ''
    const code = fs.readFileSync(path.join(dir, 'dist', reader), 'utf8')
    const lines = code.split('\n')
    const column = lines[1]?.indexOf('reader opened') ?? -1
    expect(column).toBeGreaterThan(-1)
    const map = new TraceMap(fs.readFileSync(path.join(dir, 'dist', `${reader}.map`), 'utf8'))
    expect(originalPositionFor(map, { line: 2, column })).toMatchObject({ source: expect.stringContaining('reader.js'), line: 3 })
  }, 30_000)
})
