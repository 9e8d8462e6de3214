import fs from 'node:fs'
import path from 'node:path'

/**
 * API modules depend on each other in one direction only (issue 14): no two modules import each
 * other, directly or around a loop. Module = a folder of `modules/`; tests are left out (they may
 * use any module to set the scene).
 */
const modulesDir = __dirname

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'tests' ? [] : sourceFiles(full)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : []
  })
}

/** Which modules each module imports (relative imports that land in another module folder). */
function moduleGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>()
  for (const file of sourceFiles(modulesDir)) {
    const [from = ''] = path.relative(modulesDir, file).split(path.sep)
    if (from.endsWith('.ts')) continue
    const text = fs.readFileSync(file, 'utf8')
    for (const [, specifier = ''] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier))
      const [to = ''] = target.split(path.sep)
      if (target.startsWith('..') || to === from || to.endsWith('.ts') || to === '') continue
      const edges = graph.get(from) ?? new Map<string, string>()
      if (!edges.has(to)) edges.set(to, `${path.relative(modulesDir, file)} → ${specifier}`)
      graph.set(from, edges)
    }
  }
  return graph
}

/** One loop of imports, as the files that make it, or null when there is none. */
function findCycle(graph: Map<string, Map<string, string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string): string[] | null => {
    state.set(node, 'open')
    stack.push(node)
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === 'open') {
        const loop = [...stack.slice(stack.indexOf(next)), next]
        return loop.slice(1).map((to, index) => graph.get(loop[index]!)!.get(to)!)
      }
      if (!state.has(next)) {
        const found = visit(next)
        if (found) return found
      }
    }
    stack.pop()
    state.set(node, 'done')
    return null
  }
  for (const node of graph.keys()) {
    if (state.has(node)) continue
    const found = visit(node)
    if (found) return found
  }
  return null
}

describe('API module boundaries', () => {
  it('finds a loop when there is one', () => {
    const graph = new Map([
      ['a', new Map([['b', 'a/x.ts → ../b/y']])],
      ['b', new Map([['c', 'b/y.ts → ../c/z']])],
      ['c', new Map([['a', 'c/z.ts → ../a/x']])],
    ])
    expect(findCycle(graph)).toEqual(['a/x.ts → ../b/y', 'b/y.ts → ../c/z', 'c/z.ts → ../a/x'])
    expect(findCycle(new Map([['a', new Map([['b', '']])]]))).toBeNull()
  })

  it('no module imports another that imports it back, directly or around a loop', () => {
    const graph = moduleGraph()
    // The graph is real: the title page reads coins, sessions and titles.
    expect([...(graph.get('content')?.keys() ?? [])]).toEqual(expect.arrayContaining(['coin', 'session', 'titles']))
    expect(findCycle(graph)).toBeNull()
  })
})
