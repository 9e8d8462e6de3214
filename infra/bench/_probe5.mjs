import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
const root = '/work/main'
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-'))
const port = 18561
const child = spawn('taskset', ['-c', '0', process.execPath, 'infra/api/dist/main.js'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, API_PORT: String(port), LOG_LEVEL: 'error', KOMA_SKIP_CHECKSUM: '1' }, stdio: ['ignore', 'ignore', 'inherit'] })
const base = `http://127.0.0.1:${port}`
while (!(await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) await new Promise((r) => setTimeout(r, 250))
const pid = child.pid
const cpu = () => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) / 100 }
const MB = 1024 * 1024
for (const [label, path, body] of [['1MB to limited route', '/api/member/send/verify/token', 'email=' + 'a'.repeat(MB)], ['1MB to search (413)', '/api/search', 'query=' + 'a'.repeat(MB)], ['100KB to search (413)', '/api/search', 'query=' + 'a'.repeat(100000)]]) {
  const before = cpu()
  const r = await autocannon({ url: base, connections: 1, duration: 5, requests: [{ method: path === '/api/search' ? 'POST' : 'PUT', path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }] })
  const used = cpu() - before
  console.log(label, 'req', r.requests.total, 'cpu s', used.toFixed(2), 'ms/request', (1000 * used / r.requests.total).toFixed(3), JSON.stringify(r.statusCodeStats), 'errors', r.errors)
}
child.kill()
