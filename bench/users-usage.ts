// Owned by the usage-analytics work: POST /api/events throughput against a baseline, and the usage page's p95.
export async function usageFigures(_args: string[]): Promise<Record<string, number>> {
  return {};
}
