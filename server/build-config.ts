/**
 * The image's folder has no next.config.js: it imports next-intl/plugin, a build-time tool the
 * folder does not carry. There Next takes the configuration the build recorded in
 * .next/required-server-files.json, handed over as Next's own standalone server.js does (Next's
 * server/config.js reads __NEXT_PRIVATE_STANDALONE_CONFIG instead of loading a config file).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export function passBuildConfigWhenNoConfigFile(root: string): void {
  if (existsSync(path.join(root, "next.config.js"))) return;
  const required = JSON.parse(readFileSync(path.join(root, ".next", "required-server-files.json"), "utf8"));
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(required.config);
}
