// Owned by the user-upload work: a 10,000-row .xlsx validated and applied on PostgreSQL, and the reader alone.
export async function userUploadFigures(_args: string[]): Promise<Record<string, number>> {
  return {};
}
