export * from './form'
