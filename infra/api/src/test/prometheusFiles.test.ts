import fs from 'node:fs'
import path from 'node:path'
import { promtoolCheck, promtoolMissing, PROMTOOL } from '../../../jest/promtool'
import { spawnSync } from 'node:child_process'
import { createEdgeMetrics } from '../../../edge/src/metrics/metrics'
import { createApiMetrics } from '../metrics/metrics'

/**
 * infra/deploy/prometheus (issue 38 item 5) kept true to the code: the scrape configurations and
 * alert rules pass promtool (and the rules fire on the figures they are about, alerts.test.yml),
 * and every series the alert rules and the Grafana dashboard name is one the API, the edge or
 * node_exporter serves.
 */
const dir = path.resolve(__dirname, '..', '..', '..', 'deploy', 'prometheus')
const file = (name: string) => path.join(dir, name)

/** node_exporter's series the rules and dashboard use (the data folder's disk), and Prometheus's own `up`. */
const OUTSIDE_SERIES = ['node_filesystem_avail_bytes', 'node_filesystem_size_bytes', 'up']

/** Every series name a scrape of the API and the edge declares, with a histogram's _bucket, _sum and _count. */
async function servedSeries(): Promise<Set<string>> {
  const names = new Set(OUTSIDE_SERIES)
  for (const metrics of [createApiMetrics(), createEdgeMetrics()]) {
    const { body } = await metrics.scrape()
    for (const [, name, kind] of body.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      names.add(name!)
      if (kind === 'histogram' || kind === 'summary') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`)
    }
  }
  return names
}

/** The series an expression names: Koma's, Node's, the process's and node_exporter's (label names never start so). */
const seriesIn = (expr: string): string[] => [...expr.matchAll(/\b((?:koma|nodejs|process|node)_\w+|up)(?=\s*[{[)=<>!]|\s|$)/g)].map((match) => match[1]!)

/** The names an expression uses that no process serves. */
const unknownIn = (expr: string, served: Set<string>): string[] => seriesIn(expr).filter((name) => !served.has(name))

/** The rules' `expr:` values, one line or a `|` block (the lines indented deeper than `expr:`). */
function alertExpressions(yaml: string): string[] {
  const lines = yaml.split('\n')
  const exprs: string[] = []
  lines.forEach((line, index) => {
    const match = /^( *)expr: (.*)$/.exec(line)
    if (!match) return
    if (match[2] !== '|') return exprs.push(match[2]!)
    const block: string[] = []
    for (const next of lines.slice(index + 1)) {
      if (next.length - next.trimStart().length <= match[1]!.length) break
      block.push(next.trim())
    }
    exprs.push(block.join(' '))
  })
  return exprs
}

interface Panel {
  type: string
  title: string
  targets?: { expr: string }[]
}

describe('infra/deploy/prometheus', () => {
  it('the configurations and rules pass promtool, and each alert fires on its figures', () => {
    if (promtoolMissing) return console.log(promtoolMissing)
    for (const config of ['prometheus.yml', 'prometheus.local.yml']) {
      const checked = promtoolCheck('config', [file(config)])
      expect({ config, ...checked, output: checked.status === 0 ? '' : checked.output }).toEqual({ config, status: 0, output: '' })
    }
    expect(promtoolCheck('rules', [file('alerts.yml')]).output).toMatch(/SUCCESS: 10 rules found/)
    const tested = spawnSync(PROMTOOL, ['test', 'rules', 'alerts.test.yml'], { cwd: dir, encoding: 'utf8' })
    expect({ status: tested.status, output: `${tested.stdout}${tested.stderr}`.trim() }).toEqual({ status: 0, output: expect.stringMatching(/SUCCESS/) })
  })

  it('every series the alert rules name is one the API, the edge or node_exporter serves', async () => {
    const served = await servedSeries()
    const exprs = alertExpressions(fs.readFileSync(file('alerts.yml'), 'utf8'))
    expect(exprs).toHaveLength(10)
    for (const expr of exprs) {
      expect(seriesIn(expr).length).toBeGreaterThan(0)
      expect({ expr, unknown: unknownIn(expr, served) }).toEqual({ expr, unknown: [] })
    }
    // The check can fail: a name no process serves is reported.
    expect(unknownIn('rate(koma_api_no_such_series_total[5m]) > 0', served)).toEqual(['koma_api_no_such_series_total'])
  })

  it('the Grafana dashboard is valid JSON whose every panel asks for series that exist', async () => {
    const served = await servedSeries()
    const dashboard = JSON.parse(fs.readFileSync(file('grafana/koma.json'), 'utf8')) as { uid: string; panels: Panel[] }
    expect(dashboard.uid).toBe('koma-overview')
    const panels = dashboard.panels.filter((panel) => panel.type !== 'row')
    expect(panels.length).toBeGreaterThanOrEqual(20)
    const named = new Set<string>()
    for (const panel of panels) {
      expect({ panel: panel.title, targets: (panel.targets?.length ?? 0) > 0 }).toEqual({ panel: panel.title, targets: true })
      for (const { expr } of panel.targets ?? []) {
        expect(seriesIn(expr).length).toBeGreaterThan(0)
        expect({ panel: panel.title, unknown: unknownIn(expr, served) }).toEqual({ panel: panel.title, unknown: [] })
        for (const name of seriesIn(expr)) named.add(name.replace(/_(bucket|sum|count)$/, ''))
      }
    }
    // Every Koma series appears on the dashboard.
    const koma = [...served].filter((name) => name.startsWith('koma_') && !/_(bucket|sum|count)$/.test(name))
    expect(koma.filter((name) => !named.has(name))).toEqual([])
  })
})
