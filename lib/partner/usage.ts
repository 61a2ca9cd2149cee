// What a partner's keys were used for: requests per key and UTC day over a window ending today, every day listed.
import { apiKeyRepo, type ApiKeyRecord } from '#lib/db/api-key-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import { presentApiKey } from '#lib/partner/api-keys.ts';
import type { usageReportSchema } from '#lib/partner/response-schemas.ts';
import { usageSourceOf } from '#lib/partner/usage-source.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { Shape } from '#lib/schema.ts';

export type UsageReport = Shape<typeof usageReportSchema>;

const DAY_MS = 86_400_000;

/** The `days` UTC days ending with today, oldest first. */
export function usageWindow(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Whether the key could have been used on some day of the window: made by its end, not revoked before its start. */
const activeDuring = (key: ApiKeyRecord, from: string, to: string): boolean =>
  key.createdAt.slice(0, 10) <= to && (key.revokedAt === null || key.revokedAt.slice(0, 10) >= from);

/** Requests of each of the partner's keys that was active during the window, per day (0 where none), newest key first. */
export async function keyUsage(ctx: AppContext, partnerId: number, days: number): Promise<UsageReport> {
  const dates = usageWindow(ctx.now(), days);
  const from = dates[0]!;
  const to = dates.at(-1)!;
  const keys = (await apiKeyRepo(dbOf(ctx), ctx.tableName).listByUser(partnerId)).filter((key) => activeDuring(key, from, to));
  const counted = await usageSourceOf(ctx).dailyRequests(
    partnerId,
    keys.map((key) => key.id),
    from,
    to,
  );
  return {
    from,
    to,
    keys: keys.map((key) => ({
      id: key.id,
      prefix: presentApiKey(key).prefix,
      days: dates.map((date) => ({ date, requests: counted.get(key.id)?.get(date) ?? 0 })),
    })),
  };
}
