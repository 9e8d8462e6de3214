/** remotes.js for TypeScript: the same list (infra/scripts/remotes.test.ts fails when they differ). */
export declare const REMOTE_FOLDERS: readonly ['mf-catalog', 'mf-viewer', 'mf-account', 'mf-payments', 'mf-community', 'mf-ops']
export type RemoteFolder = (typeof REMOTE_FOLDERS)[number]
/** `mf-catalog` → `mf_catalog`. */
export type ContainerOf<F extends string> = F extends `${infer Head}-${infer Tail}` ? `${Head}_${ContainerOf<Tail>}` : F
/** `mf_catalog` → `mf-catalog`. */
export type FolderOf<C extends string> = C extends `${infer Head}_${infer Tail}` ? `${Head}-${FolderOf<Tail>}` : C
export type RemoteContainer = ContainerOf<RemoteFolder>
type Containers<T extends readonly string[]> = { readonly [K in keyof T]: ContainerOf<T[K] & string> }
export declare const REMOTE_CONTAINERS: Containers<typeof REMOTE_FOLDERS>
export declare const FRONT_END_FOLDERS: readonly ['host', ...typeof REMOTE_FOLDERS]
export declare function containerName<F extends string>(folder: F): ContainerOf<F>
export declare function folderName<C extends string>(container: C): FolderOf<C>
export declare const VERSION_ID_SOURCE: string
export declare const VERSION_ID_PATTERN: RegExp
