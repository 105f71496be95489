export declare function ensureBuild(buildDir?: string, log?: (line: string) => void): void;
