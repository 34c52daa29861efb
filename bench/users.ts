// npm run bench -- users: the figures of the user-access and usage-analytics issue.
// userUpload10k.ms / rawXlsxRead10k.ms (bench/users-upload.ts) and events.rps / baseline.rps /
// usagePage.p95Ms (bench/users-usage.ts), printed as one JSON object.
import { userUploadFigures } from './users-upload.js';
import { usageFigures } from './users-usage.js';

export async function usersBench(args: string[]): Promise<Record<string, number>> {
  const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const figures: Record<string, number> = {};
  if (!only || only === 'upload') Object.assign(figures, await userUploadFigures(args));
  if (!only || only === 'usage') Object.assign(figures, await usageFigures(args));
  return figures;
}
