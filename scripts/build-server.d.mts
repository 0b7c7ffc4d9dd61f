export const SERVER_BUNDLE: string;
export const SERVER_NODE_OPTIONS: string[];
export function serverBundleIsCurrent(): boolean;
/** Node arguments that run the compiled server, compiling it first when a source changed. */
export function serverArgs(): Promise<string[]>;
