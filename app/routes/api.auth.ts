import { getRuntime } from "~/server/runtime.server";
import type { Route } from "./+types/api.auth";

// better-auth's endpoints under /api/auth/*.
async function handle(request: Request): Promise<Response> {
  const { auth } = await getRuntime();
  return auth.handler(request);
}

export const loader = ({ request }: Route.LoaderArgs) => handle(request);
export const action = ({ request }: Route.ActionArgs) => handle(request);
