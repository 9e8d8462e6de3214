export declare function sharedDependencies(): Record<string, unknown>
export declare const remoteNames: Record<string, string>
export declare const singletons: string[]
