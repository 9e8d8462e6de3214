export * from './params'
export * from './table'
export * from './match'
export * from './path'
