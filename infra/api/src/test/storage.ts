import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import sharp from 'sharp'
import { buildEpub } from '../modules/viewer/epub/build'
import type { TestApp } from './testApp'
import type { ObjectStoreConfig } from '../storage'
import type { ObjectStoreTimeouts } from '../storage/s3'

/** Short limits for tests: a store that is down or silent fails the call well inside a test's time. */
export const TEST_STORE_TIMEOUTS: ObjectStoreTimeouts = { connectMs: 500, requestMs: 1_000, idleMs: 1_000, attempts: 1 }

/** s3rver's own credentials (it checks request signatures against them). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export interface TestS3 {
  config: Extract<ObjectStoreConfig, { kind: 's3' }>
  /** Keys in the bucket (what the store holds). */
  keys(): string[]
  /** Stop answering (the port refuses connections), as a store that went down. */
  stop(): Promise<void>
  close(): Promise<void>
}

/**
 * A real S3 protocol server in this process (s3rver, files in a temporary folder) with one private
 * bucket, on a free port of 127.0.0.1: the store tests run the SDK against, signatures included.
 */
export async function startTestS3(bucket = 'koma-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port } = (await server.run()) as unknown as net.AddressInfo
  let running = true
  const stop = async () => {
    if (!running) return
    running = false
    await server.close()
  }
  return {
    config: { kind: 's3', endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', credentials: CREDENTIALS, timeouts: TEST_STORE_TIMEOUTS },
    keys: () => {
      const dir = path.join(directory, bucket)
      if (!fs.existsSync(dir)) return []
      // s3rver keeps each object as <key>._S3rver_object beside its metadata.
      return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
        .filter((file) => file.endsWith('._S3rver_object'))
        .map((file) => file.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'))
        .sort()
    },
    stop,
    close: async () => {
      await stop()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}

/** A server that takes connections and never answers: a store that hangs. */
export async function startSilentServer(): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A plain PNG of the given size and colour, to upload as an image. */
export const testPng = (width: number, height: number, background: string): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()

/** A one-section English EPUB to import (`identifier` keeps two books apart). */
export const testBook = (identifier: string, title: string, paragraph: string) =>
  buildEpub({
    identifier,
    title,
    author: 'A. Bucket',
    language: 'en',
    vertical: false,
    sections: [{ title: 'One', paragraphs: [paragraph] }],
    modified: new Date('2026-01-01T00:00:00Z'),
  })

/** How many rows a table has. */
export const countRows = async (app: TestApp, table: 'images' | 'epub_files' | 'contents'): Promise<number> =>
  Number(
    (
      await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** `npm run objects -- <args>` as an operator runs it, in its own process (asynchronously: a test bucket answers from this one). */
export function runObjectsCommand(args: string[], env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/objects.ts', ...args], {
      cwd: path.join(__dirname, '..', '..'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (status) => resolve({ status, output }))
  })
}
