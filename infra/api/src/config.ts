import path from 'node:path'
import { publicUrlOf } from './publicUrl'

export interface ApiConfig {
  host: string
  port: number
  /** Where PGlite keeps its data folder (and anything else the API stores locally). */
  dataDir: string
  databaseUrl: string | undefined
  production: boolean
  /** Accept requests whose checksum header is missing or wrong (benchmarks of raw handlers only). */
  skipChecksum: boolean
  /** Seed an empty database on start. */
  seedIfEmpty: boolean
  logLevel: string
  /** Rendered image variants on disk (null: memory only). */
  imageCacheDir: string | null
  /** The SPEC §7 faketime debug hook answers (never in production; KOMA_FAKETIME=0 turns it off). */
  faketime: boolean
  /** The site's public origin for mailed links and OAuth redirect URIs (KOMA_PUBLIC_URL; see publicUrl.ts). */
  publicUrl: string
}

const repoRoot = path.resolve(__dirname, '..', '..', '..')

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data'))
  return {
    host: env.API_HOST ?? '127.0.0.1',
    port: Number(env.API_PORT ?? 8081),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    production: env.NODE_ENV === 'production',
    skipChecksum: env.KOMA_SKIP_CHECKSUM === '1' && env.NODE_ENV !== 'production',
    seedIfEmpty: env.KOMA_SEED !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    faketime: env.NODE_ENV !== 'production' && env.KOMA_FAKETIME !== '0',
    publicUrl: publicUrlOf(env),
    imageCacheDir: env.IMAGE_CACHE_DIR === 'off' ? null : path.resolve(env.IMAGE_CACHE_DIR ?? path.join(dataDir, 'image-cache')),
  }
}

export const pgliteDir = (config: ApiConfig): string => path.join(config.dataDir, 'pglite')
