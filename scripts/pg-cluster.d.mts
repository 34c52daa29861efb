export interface Cluster {
  url: string;
  port: number;
  stop(): void;
}
export function startCluster(options?: {
  log?: (message: string) => void;
  /** Keep the cluster in this directory: reused when it exists, stopped cleanly and left on disk. */
  keepDir?: string;
  port?: number;
}): Promise<Cluster>;
