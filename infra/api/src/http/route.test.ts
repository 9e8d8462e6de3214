import Fastify from 'fastify'
import { endpoints, RESPONSE_HEADERS } from '@koma/contracts/server'
import type { AppDeps } from '../deps'
import { rawRoute, route } from './route'

/**
 * An operator's write says so in its answer (RESPONSE_HEADERS.operatorWrite): the edge forgets
 * the public answers it keeps on that header, not on a URL prefix (infra/edge/src/server.ts).
 */
describe('route(): the operator-write header', () => {
  const deps = {} as AppDeps

  async function answered() {
    const app = Fastify()
    route(app, deps, endpoints.opsMaintenance, async () => ({ active: false, title: '', description: '', startAt: null, endAt: null }) as never)
    route(app, deps, endpoints.opsService, async () => ({}) as never)
    route(app, deps, endpoints.readProgress, async () => ({ saved: true }))
    rawRoute(app, deps, endpoints.opsFaqDelete, async ({ reply }) => reply.send({ result: { deleted: true } }))
    const headerOf = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string) =>
      (await app.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) })).headers[RESPONSE_HEADERS.operatorWrite]
    const result = {
      operatorPut: await headerOf('PUT', '/api/ops/service/maintenance'),
      operatorDelete: await headerOf('DELETE', '/api/ops/faqs/4'),
      operatorRead: await headerOf('GET', '/api/ops/service'),
      readerWrite: await headerOf('POST', '/api/comic/1/chapter/2/read'),
    }
    await app.close()
    return result
  }

  it("is on an operator's write only: never on an operator's read or a reader's write", async () => {
    expect(await answered()).toEqual({ operatorPut: '1', operatorDelete: '1', operatorRead: undefined, readerWrite: undefined })
  })
})
