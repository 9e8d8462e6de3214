import { runBuild, sourceState } from './build'
import { runCli } from './commands'
import { edgeDir, repoRoot } from './config'

// deploy / rollback / versions / publish-all / prune: see USAGE in commands.ts.
runCli(process.argv.slice(2), {
  repoRoot,
  edgeDir: edgeDir(),
  build: (pkg) => runBuild(repoRoot, pkg),
  sourceState: (pkg) => sourceState(repoRoot, pkg),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  },
)
