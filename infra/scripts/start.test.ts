import { spawnSync } from 'node:child_process'
import path from 'node:path'

/**
 * Issue 18: `KOMA_API_PROCESSES=N npm start` refuses, before building or installing anything,
 * what it cannot run: several API processes on PGlite (one process's folder), or a bad count.
 */
const start = (env: Record<string, string>) => {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL' && name !== 'KOMA_API_PROCESSES'))
  return spawnSync(process.execPath, [path.join(__dirname, 'start.mjs')], { env: { ...clean, ...env }, encoding: 'utf8', timeout: 30_000 })
}

describe('npm start with several API processes', () => {
  it('refuses several on PGlite, naming DATABASE_URL', () => {
    const run = start({ KOMA_API_PROCESSES: '2' })
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/KOMA_API_PROCESSES=2 needs PostgreSQL/)
    expect(run.stderr).toMatch(/DATABASE_URL=postgres:/)
    expect(run.stdout).not.toMatch(/building/)
  })

  it('refuses a count that is not a whole number from 1 to 32', () => {
    for (const count of ['0', 'two', '1.5', '33']) {
      const run = start({ KOMA_API_PROCESSES: count, DATABASE_URL: 'postgres://127.0.0.1:5432/koma' })
      expect(run.status).toBe(1)
      expect(run.stderr).toMatch(/whole number from 1 to 32/)
    }
  })
})

describe('npm start metrics ports', () => {
  it('refuses a KOMA_METRICS_PORT that is not a port, before building anything', () => {
    for (const value of ['http', '-1', '9464.5']) {
      const run = start({ KOMA_METRICS_PORT: value })
      expect(run.status).toBe(1)
      expect(run.stderr).toMatch(/KOMA_METRICS_PORT must be a port number, 0 or off/)
      expect(run.stdout).not.toMatch(/building/)
    }
  })
})
