// MobX's ES module file, imported by path where the bare name `mobx` is the federation share
// (shared-contracts/src/libraries/mobx.ts): the same API as the package.
declare module 'mobx/dist/mobx.mjs' {
  export * from 'mobx'
}
