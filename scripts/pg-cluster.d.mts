export interface Cluster {
  url: string;
  port: number;
  stop(): void;
}
export function startCluster(options?: { log?: (message: string) => void }): Promise<Cluster>;
