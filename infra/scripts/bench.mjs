// `npm run bench`: print performance figures (infra/bench). Benchmarks report; they never fail a build.
import { bin, ensureDependencies, ensureRuntime, run } from './lib.mjs'

ensureDependencies()
await ensureRuntime()
process.exitCode = run(bin('tsx'), ['infra/bench/index.ts', ...process.argv.slice(2)])
