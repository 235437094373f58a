import { requestOf } from "~/http/request-context.server";
import { liveHub, liveStreamResponse, MAX_STREAMS_PER_ACCOUNT } from "~/platform/live.server";
import type { Route } from "./+types/live";

// Live updates for the signed-in account as Server-Sent Events (app/lib/use-live.ts listens):
// this process's listener on PostgreSQL hands every event that names the account to the stream.
// A visitor gets 401.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime, user } = requestOf(context);
  const viewer = await user();
  const refuse = (status: 401 | 429) =>
    new Response(null, { status, headers: { "Cache-Control": "no-store" } });
  if (!viewer) return refuse(401);
  // HEAD gets the stream's headers at once and nothing else: no stream, no slot (a HEAD used to
  // hold one of the account's streams for their whole lifetime, unread; issue 27).
  if (request.method === "HEAD") {
    return new Response(null, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store, no-transform",
      },
    });
  }
  const hub = liveHub(runtime.database);
  if (hub.count(viewer.id) >= MAX_STREAMS_PER_ACCOUNT) return refuse(429);
  // A light page says when it was rendered (`?since=`, workspace-scripts.ts): an event after that
  // makes the stream say `resync` at once. Anything else than a plausible time is ignored.
  const since = Number(new URL(request.url).searchParams.get("since"));
  const plausible = Number.isSafeInteger(since) && since > 0 && since <= Date.now() + 60_000;
  return liveStreamResponse(hub, viewer.id, request.signal, plausible ? { since } : {});
}
