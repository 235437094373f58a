import S3rver from "s3rver";
import { type Env, parseEnv } from "~/platform/env.server";
import { tempDir } from "./per-file";

/**
 * Starts a local S3 (s3rver) with the bucket "fabricum", its files in a temporary folder named
 * by `prefix`, and gives the settings of an app that stores in it (data folder `dataDir`).
 */
export async function startS3rver(
  prefix: string,
  dataDir: string,
): Promise<{ server: S3rver; env: Env }> {
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: tempDir(prefix),
    configureBuckets: [{ name: "fabricum", configs: [] }],
  });
  const { port } = await server.run();
  const env = parseEnv({
    DATA_DIR: dataDir,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: "fabricum",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
  return { server, env };
}
