import { runBuild, sourceState } from './build'
import { runCli } from './commands'
import { edgeDir, repoRoot } from './config'
import { closeSharedState } from './registry/shared'

// deploy / rollback / versions / publish-all / prune: see USAGE in commands.ts.
runCli(process.argv.slice(2), {
  repoRoot,
  edgeDir: edgeDir(),
  build: (pkg) => runBuild(repoRoot, pkg),
  sourceState: (pkg) => sourceState(repoRoot, pkg),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
})
  .then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
  // KOMA_EDGE_STORE=redis: let the process end.
  .finally(() => closeSharedState())
