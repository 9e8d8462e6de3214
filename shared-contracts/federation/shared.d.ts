export declare function sharedDependencies(options?: { checkVersions?: boolean; eager?: boolean }): Record<string, unknown>
export declare const singletons: string[]
export declare const lazyShares: string[]
