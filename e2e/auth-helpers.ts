import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'fieldforce-demo-2026';

/** Signs in through the login form and waits for the landing screen. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Where would you like to start?' })).toBeVisible();
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The newest 6-digit code emailed to `to` after `since` (the development outbox, JSON). */
export async function codeFromOutbox(request: APIRequestContext, to: string, since: Date): Promise<string> {
  let found: string | null = null;
  await expect(async () => {
    const response = await request.get(`/dev/outbox?format=json&to=${encodeURIComponent(to)}`);
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { 'response-data': OutboxMessage[] };
    const message = body['response-data'].find((m) => new Date(m.createdAt) >= since);
    const code = message ? /\b(\d{6})\b/.exec(message.text)?.[1] : undefined;
    expect(code).toBeTruthy();
    found = code ?? null;
  }).toPass({ timeout: 10_000 });
  return found!;
}
