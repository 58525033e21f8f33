/**
 * Next takes the configuration its build recorded in .next/required-server-files.json, handed over
 * as Next's own standalone server.js does (Next's server/config.js reads
 * __NEXT_PRIVATE_STANDALONE_CONFIG instead of loading a config file). In the image's folder there is
 * no next.config.js to load (it imports next-intl/plugin, a build-time tool the folder does not
 * carry); in the repository, loading it would make Next warn at every start that `output:
 * "standalone"` is not for `next start`, and could only differ from the build's by an edit made
 * since, which the build has not seen either.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export function passBuildConfig(root: string): void {
  const recorded = path.join(root, ".next", "required-server-files.json");
  // No build yet: next() says so itself.
  if (!existsSync(recorded)) return;
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(
    JSON.parse(readFileSync(recorded, "utf8")).config,
  );
}
