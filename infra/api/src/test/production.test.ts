import { endpoints, HEADERS, requestChecksum, type Endpoint } from '@koma/contracts/server'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { connect, DataDirInUseError } from '../db/connect'
import { productionSafety } from '../safety'
import { testLane } from './lane'
import { requestOf, type OptionalIfNoParams } from './testApp'

/**
 * The production profile (issue 11): the compiled API refuses an unsafe configuration, naming
 * every problem, and started safely it has no sandbox, debug clock or demo readers.
 */
jest.setTimeout(240_000)

// Nothing here depends on the database lane: run once, on the PGlite lane.
const onceOnly = testLane() === 'pglite' ? describe : describe.skip

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..')
const bundle = path.join(repoRoot, 'infra', 'api', 'dist', 'main.js')

const SAFE: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  KOMA_PUBLIC_URL: 'https://koma.example',
  TRUST_PROXY: '127.0.0.1',
  KOMA_OUTBOX_DIR: '/tmp/koma-outbox',
}

onceOnly('the production profile', () => {
  beforeAll(() => {
    const built = spawnSync(process.execPath, ['infra/scripts/build-servers.mjs'], { cwd: repoRoot, encoding: 'utf8' })
    if (built.status !== 0) throw new Error(`build-servers failed:\n${built.stdout}${built.stderr}`)
  })

  /** The environment of this test run minus everything the API reads, plus `env`. */
  function cleanEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(KOMA_|NODE_ENV$|DATABASE_URL$|TRUST_PROXY$|DATA_DIR$|API_)/.test(name)))
    return { ...base, ...env }
  }

  function freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = net.createServer()
      server.listen(0, '127.0.0.1', () => {
        const address = server.address()
        server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
      })
    })
  }

  describe('the start check (safety.ts)', () => {
    it('names every unsafe or missing setting, and passes a safe one', () => {
      const bare = productionSafety({ NODE_ENV: 'production' }).problems.join('\n')
      expect(bare).toMatch(/KOMA_PUBLIC_URL is not set/)
      expect(bare).toMatch(/TRUST_PROXY is not set/)
      expect(bare).toMatch(/mail is neither SMTP nor an explicit outbox/)
      const wrong = productionSafety({
        ...SAFE,
        KOMA_PUBLIC_URL: 'http://koma.example',
        KOMA_FAKETIME: '1',
        KOMA_SKIP_CHECKSUM: '1',
        KOMA_PAGE_URL_KEY: 'short',
        KOMA_SANDBOX_IDP: 'yes',
        KOMA_PAYPAL_CLIENT_ID: 'x',
      }).problems.join('\n')
      for (const named of ['must be https', 'KOMA_FAKETIME', 'KOMA_SKIP_CHECKSUM', 'KOMA_PAGE_URL_KEY', 'KOMA_SANDBOX_IDP="yes"', 'KOMA_PAYPAL_CLIENT_SECRET'])
        expect(wrong).toContain(named)
      expect(productionSafety({ ...SAFE, KOMA_PUBLIC_URL: 'https://koma.example/shop' }).problems.join()).toMatch(/origin only/)
      // Issue 33: trusting every hop lets any client forge its address past every per-address limit.
      for (const value of ['1', 'true']) {
        const trustAll = productionSafety({ ...SAFE, TRUST_PROXY: value })
        expect(trustAll.problems.join('\n')).toMatch(new RegExp(`TRUST_PROXY=${value} trusts every hop[\\s\\S]*KOMA_TRUST_ANY_PROXY=1`))
        const acknowledged = productionSafety({ ...SAFE, TRUST_PROXY: value, KOMA_TRUST_ANY_PROXY: '1' })
        expect(acknowledged.problems).toEqual([])
        expect(acknowledged.notes.join('\n')).toMatch(/every hop's X-Forwarded-For is believed/)
      }
      expect(productionSafety(SAFE).problems).toEqual([])
      // Opt-ins are allowed, and said out loud.
      const opted = productionSafety({ ...SAFE, KOMA_SANDBOX_PAYMENTS: '1', KOMA_SANDBOX_IDP: '1', KOMA_DEMO: '1' })
      expect(opted.problems).toEqual([])
      expect(opted.notes.join('\n')).toMatch(/KOMA_SANDBOX_PAYMENTS=1[\s\S]*KOMA_SANDBOX_IDP=1[\s\S]*KOMA_DEMO=1/)
      // The demo checks nothing.
      expect(productionSafety({}).problems).toEqual([])
    })
  })

  describe('the compiled API in production', () => {
    it('exits non-zero on an unsafe configuration, naming each setting, before touching any data', () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-prod-unsafe-'))
      const run = spawnSync(process.execPath, [bundle], {
        cwd: repoRoot,
        env: cleanEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, KOMA_FAKETIME: '1' }),
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect(run.status).toBe(1)
      for (const named of ['KOMA_PUBLIC_URL', 'TRUST_PROXY', 'KOMA_SMTP_URL', 'KOMA_FAKETIME']) expect(run.stderr).toContain(named)
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false)
      fs.rmSync(dataDir, { recursive: true, force: true })
    })

    describe('started safely', () => {
      let child: ChildProcess
      let base: string
      let output = ''
      let dataDir: string

      beforeAll(async () => {
        dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-prod-'))
        const port = await freePort()
        base = `http://127.0.0.1:${port}`
        child = spawn(process.execPath, [bundle], {
          cwd: repoRoot,
          env: cleanEnv({ ...SAFE, KOMA_OUTBOX_DIR: path.join(dataDir, 'outbox'), DATA_DIR: dataDir, API_PORT: String(port), LOG_LEVEL: 'warn' }),
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        child.stdout?.on('data', (chunk) => (output += chunk))
        child.stderr?.on('data', (chunk) => (output += chunk))
        const deadline = Date.now() + 180_000
        for (;;) {
          if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}):\n${output}`)
          const ok = await fetch(`${base}/api/health`).then(
            (r) => r.ok,
            () => false,
          )
          if (ok) break
          if (Date.now() > deadline) throw new Error(`the API did not start:\n${output}`)
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
      })

      afterAll(async () => {
        if (child && child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve))
          child.kill('SIGTERM')
          await exited
        }
        if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
      })

      /** A raw method and URL (routes outside the table), signed like the browser. */
      const send = async (method: string, url: string, body?: Record<string, string>) => {
        const time = String(Date.now())
        const headers: Record<string, string> = {
          [HEADERS.requestTime]: time,
          [HEADERS.checksum]: await requestChecksum(time, '127.0.0.1'),
          [HEADERS.language]: 'en',
          [HEADERS.clientUid]: 'prod-test-device',
        }
        if (body) headers['content-type'] = 'application/x-www-form-urlencoded'
        return fetch(`${base}${url}`, { method, headers, body: body ? new URLSearchParams(body).toString() : undefined })
      }
      /** A table endpoint (params, query and body checked against it), on the production server. */
      const call = <E extends Endpoint<unknown, unknown, unknown, unknown>>(endpoint: E, ...[options]: OptionalIfNoParams<E>) => {
        const [method, url, request] = requestOf(endpoint, options)
        const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : ''
        return send(method, url + query, request.body as Record<string, string> | undefined)
      }

      it('says what runs without what', () => {
        expect(output).toMatch(/production: coin purchases are off/)
        expect(output).toMatch(/production: adult verification is off/)
        expect(output).toMatch(/pglite ready on .* \(production profile\)/)
      })

      it('has no faketime route, no sandbox and no social provider', async () => {
        expect((await call(endpoints.debugFaketimeSet, { query: { time: '1700000000000' } })).status).toBe(404)
        expect((await call(endpoints.debugFaketimeClear)).status).toBe(404)
        for (const url of [
          '/api/sandbox/idp/google/authorize?client_id=koma-web-google&redirect_uri=https%3A%2F%2Fkoma.example%2Fx&state=abcdefghijkl',
          '/api/sandbox/certification/abc',
          '/api/sandbox/payments/paypal/sdk/js',
        ]) {
          // Signed like the browser, so no catch-all route answers a missing checksum first.
          expect([url, (await send('GET', url)).status]).toEqual([url, 404])
        }
        const providers = await call(endpoints.idpProviders)
        expect(providers.status).toBe(200)
        expect(((await providers.json()) as { result: { providers: unknown } }).result.providers).toEqual([])
        const authorize = await call(endpoints.idpAuthorize, { params: { provider: 'google' }, query: { purpose: 'signin' } })
        expect(authorize.status).toBe(404)
      })

      it('has the catalogue but no demo readers or coupons', async () => {
        const home = await call(endpoints.home, { params: { lang: 'en' } })
        expect(home.status).toBe(200)
        expect(((await home.json()) as { result: { sections: unknown[] } }).result.sections.length).toBeGreaterThan(0)
        const key = await call(endpoints.rsaKey, { params: { purpose: 'signin' } })
        expect(key.status).toBe(200)
        // Signing in as the demo reader fails like any unknown address.
        const { publicEncrypt, createPublicKey, constants } = await import('node:crypto')
        const { sessionKey, publicKey } = ((await key.json()) as { result: { sessionKey: string; publicKey: string } }).result
        const sealed = publicEncrypt(
          {
            key: createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' }),
            padding: constants.RSA_PKCS1_OAEP_PADDING,
            oaepHash: 'sha256',
          },
          Buffer.from(JSON.stringify({ sessionKey, password: 'koma-reader-1' })),
        ).toString('base64')
        const signin = await call(endpoints.signin, { body: { email: 'reader@koma.example', sessionKey, rsaEncryptedString: sealed, stayLogged: 'false' } })
        expect(signin.status).toBe(400)
        expect(((await signin.json()) as { message: string }).message).toBe('Incorrect email or password')
        // A guest cannot redeem the demo coupon: it does not exist here.
        const guest = await call(endpoints.guestSession)
        const cookie = guest.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; ')
        const time = String(Date.now())
        const redeem = await fetch(`${base}/api/coupon/redeem`, {
          method: 'POST',
          headers: {
            cookie,
            'content-type': 'application/x-www-form-urlencoded',
            [HEADERS.requestTime]: time,
            [HEADERS.checksum]: await requestChecksum(time, '127.0.0.1'),
            [HEADERS.language]: 'en',
            [HEADERS.clientUid]: 'prod-test-device',
          },
          body: 'code=KOMA2026',
        })
        expect(redeem.status).toBeGreaterThanOrEqual(400)
        expect(redeem.status).toBeLessThan(500)
      })

      it('holds its PGlite folder: a second process is refused with a clear message', async () => {
        await expect(connect({ dataDir: path.join(dataDir, 'pglite') })).rejects.toBeInstanceOf(DataDirInUseError)
        const second = spawnSync(process.execPath, [bundle], {
          cwd: repoRoot,
          env: cleanEnv({ ...SAFE, DATA_DIR: dataDir, API_PORT: String(await freePort()) }),
          encoding: 'utf8',
          timeout: 60_000,
        })
        expect(second.status).toBe(1)
        expect(second.stderr).toMatch(/is in use by another Koma process/)
      })
    })
  })
})
